/*
 * driver: runs a fuzz target (a file defining LLVMFuzzerTestOneInput, as
 * libFuzzer wants) without libFuzzer, as a TAP test for "make check".
 *
 *   fuzz-NAME [SECONDS [DIR...]]
 *
 * Every file of the seed corpus (DIRs, or $abs_top_srcdir/tests/fuzz/corpus/NAME)
 * is run once; then, for SECONDS ($FUZZ_SECONDS, default 3), inputs made
 * by a simple mutator (byte flips, inserts, deletes, splices of two seeds)
 * from a fixed seed ($FUZZ_SEED to change it), so that a failure repeats.
 * A crash leaves the input that caused it in ./crash-NAME (written from the
 * signal handler, or from the sanitizers' death callback).  "make fuzz"
 * runs the same targets under libFuzzer, longer (tests/fuzz/libfuzzer.sh).
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FUZZ_MAX_INPUT 8192

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

struct seed {
	uint8_t *data;
	size_t size;
};

static struct seed *seeds;
static size_t nseeds;
static const uint8_t *current;
static size_t current_size;
static char crash_path[256];
static int report_fd = 2;

/* Async-signal-safe: only open, write, close. */
static void save_current(void)
{
	static const char note[] = "# crash: the input is saved in ";
	int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0) {
		if (current && write(fd, current, current_size) < 0)
			current = NULL;
		close(fd);
	}
	if (write(report_fd, note, sizeof(note) - 1) < 0 ||
	    write(report_fd, crash_path, strlen(crash_path)) < 0 || write(report_fd, "\n", 1) < 0)
		return;
}

static void on_crash(int sig)
{
	save_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int add_seed(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct seed *s;
	uint8_t *buf;
	size_t n;

	if (!f)
		return -1;
	buf = malloc(FUZZ_MAX_INPUT);
	n = buf ? fread(buf, 1, FUZZ_MAX_INPUT, f) : 0;
	fclose(f);
	s = buf ? realloc(seeds, (nseeds + 1) * sizeof(*seeds)) : NULL;
	if (!s) {
		free(buf);
		return -1;
	}
	seeds = s;
	seeds[nseeds++] = (struct seed){ buf, n };
	return 0;
}

static int load_dir(const char *dir)
{
	struct dirent **list;
	int n = scandir(dir, &list, NULL, alphasort);

	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char path[4096];

		if (list[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
			add_seed(path);
		}
		free(list[i]);
	}
	free(list);
	return 0;
}

static void run(const uint8_t *data, size_t size)
{
	/* An exact-size copy: reading past the input is caught by ASan. */
	uint8_t *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	current = copy;
	current_size = size;
	LLVMFuzzerTestOneInput(copy, size);
	current = NULL;
	free(copy);
}

/* xorshift64*: reproducible from the seed. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(uint64_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return n ? (rng_state * 0x2545f4914f6cdd1dULL) % n : 0;
}

static size_t mutate(uint8_t *buf, size_t size)
{
	static const uint8_t interesting[] = { 0, 1, 0x7f, 0x80, 0xff, '\n', '-', ':', ',', '0', '9' };
	int rounds = 1 + rnd(4);

	while (rounds--) {
		switch (rnd(6)) {
		case 0:	/* flip a bit */
			if (size)
				buf[rnd(size)] ^= 1 << rnd(8);
			break;
		case 1:	/* an interesting byte */
			if (size)
				buf[rnd(size)] = interesting[rnd(sizeof(interesting))];
			break;
		case 2:	/* insert a byte */
			if (size < FUZZ_MAX_INPUT) {
				size_t at = rnd(size + 1);

				memmove(buf + at + 1, buf + at, size - at);
				buf[at] = rnd(256);
				size++;
			}
			break;
		case 3:	/* delete a run */
			if (size) {
				size_t at = rnd(size), len = 1 + rnd(size - at);

				memmove(buf + at, buf + at + len, size - at - len);
				size -= len;
			}
			break;
		case 4: {	/* splice in a piece of another seed */
			const struct seed *o = &seeds[rnd(nseeds)];
			size_t from = rnd(o->size + 1), len = rnd(o->size - from + 1);
			size_t at = rnd(size + 1);

			if (size + len > FUZZ_MAX_INPUT)
				break;
			memmove(buf + at + len, buf + at, size - at);
			memcpy(buf + at, o->data + from, len);
			size += len;
			break;
		}
		default:	/* a random 32-bit word (page fields) */
			if (size >= 4) {
				uint32_t v = rnd(5) ? (uint32_t)rnd(1ULL << 32) : (uint32_t)rnd(64);

				memcpy(buf + rnd(size - 3), &v, 4);
			}
			break;
		}
	}
	return size;
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *env = getenv("FUZZ_SECONDS");
	double seconds = argc > 1 ? atof(argv[1]) : env ? atof(env) : 3;
	unsigned long runs = 0;
	struct timespec t0, t;
	uint8_t *buf = malloc(FUZZ_MAX_INPUT);
	char dir[4096];

	if (strncmp(name, "lt-", 3) == 0)
		name += 3;
	snprintf(crash_path, sizeof(crash_path), "crash-%s", name);
	if (getenv("FUZZ_SEED"))
		rng_state ^= strtoull(getenv("FUZZ_SEED"), NULL, 0) | 1;
	if (argc > 2) {
		for (int i = 2; i < argc; i++)
			load_dir(argv[i]);
	} else {
		const char *top = getenv("abs_top_srcdir");

		snprintf(dir, sizeof(dir), "%s/tests/fuzz/corpus/%s", top ? top : ".",
			 strncmp(name, "fuzz-", 5) == 0 ? name + 5 : name);
		if (load_dir(dir) < 0) {
			printf("1..0 # SKIP no corpus at %s\n", dir);
			return 0;
		}
	}
	if (!nseeds || !buf) {
		printf("1..1\nnot ok 1 - %s: an empty corpus\n", name);
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* Under the sanitizers, their handlers report the crash, then call ours. */
	if (__sanitizer_set_death_callback) {
		__sanitizer_set_death_callback(save_current);
	} else {
		signal(SIGSEGV, on_crash);
		signal(SIGBUS, on_crash);
		signal(SIGABRT, on_crash);
		signal(SIGFPE, on_crash);
	}
	/* The targets' refusals go to stderr: keep the log readable, not the sanitizers' reports. */
	if (!getenv("FUZZ_VERBOSE")) {
		report_fd = dup(2);
		if (report_fd < 0 || !freopen("/dev/null", "w", stderr))
			return 1;
		if (__sanitizer_set_report_fd)
			__sanitizer_set_report_fd((void *)(long)report_fd);
	}
	printf("1..2\n");
	for (size_t i = 0; i < nseeds; i++)
		run(seeds[i].data, seeds[i].size);
	printf("ok 1 - %s: the %zu inputs of the seed corpus\n", name, nseeds);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		const struct seed *s = &seeds[rnd(nseeds)];
		size_t size = s->size;

		memcpy(buf, s->data, size);
		size = mutate(buf, size);
		run(buf, size);
		runs++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < seconds);
	printf("ok 2 - %s: %lu mutated inputs in %.0f s without a crash\n", name, runs, seconds);
	for (size_t i = 0; i < nseeds; i++)
		free(seeds[i].data);
	free(seeds);
	free(buf);
	return 0;
}
