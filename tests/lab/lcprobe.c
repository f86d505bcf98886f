/* lcprobe: prints 1.5 as the environment's locale would (a lab test's control). */
#include <locale.h>
#include <stdio.h>

int main(void)
{
	setlocale(LC_ALL, "");
	printf("%.1f\n", 1.5);
	return 0;
}
