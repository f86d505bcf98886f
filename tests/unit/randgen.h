/*
 * randgen: the unit tests' generators of random figures (fixed seeds, the
 * same on every machine): uniform (splitmix64), normal (Box-Muller),
 * Poisson (Knuth's product, a normal approximation above 50).
 */
#ifndef HWN_RANDGEN_H
#define HWN_RANDGEN_H

#include <math.h>
#include <stdint.h>

static uint64_t rng_state;

static inline double uni(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}

static inline double gauss(void)
{
	return sqrt(-2 * log(uni())) * cos(2 * M_PI * uni());
}

static inline uint64_t poisson(double l)
{
	double p = 1, e = exp(-l);
	uint64_t k = 0;

	if (l > 50) {
		double x = l + sqrt(l) * gauss();

		return x > 0 ? (uint64_t)llround(x) : 0;
	}
	while ((p *= uni()) > e)
		k++;
	return k;
}

#endif
