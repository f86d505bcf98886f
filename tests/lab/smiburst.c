/*
 * smiburst N: N writes to the APM control port 0xB2, back to back.  In the
 * lab VM each write raises an SMI on CPU 0 (qemu's chipset; the ones that
 * come while one is pending merge), which stops CPU 0 for tens of us under
 * TCG: a burst is an SMI storm a period's noise can show, where one SMI is
 * lost in the emulator's own noise.  Prints how long the burst took.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	char *end;
	long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
	double t0;

	if (argc != 2 || *end || n < 1) {
		fprintf(stderr, "usage: smiburst N (N >= 1 writes to port 0xB2)\n");
		return 2;
	}
	if (ioperm(0xb2, 1, 1) < 0) {
		perror("smiburst: ioperm 0xB2");
		return 1;
	}
	t0 = now_ms();
	for (long i = 0; i < n; i++)
		outb(0, 0xb2);
	printf("%.1f\n", now_ms() - t0);
	return 0;
}
