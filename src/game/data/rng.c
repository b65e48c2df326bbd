/*
 * rng.c: xorshift64* seeded through splitmix64.
 *
 * rng_below() rejects the few values that would make a plain modulo
 * favour small results, so a die of any size is fair.
 */
#include "rng.h"

/* Seeds through one splitmix64 step, which never leaves a zero state. */
void
rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t	z = seed + UINT64_C(0x9e3779b97f4a7c15);

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	z ^= z >> 31;
	r->state = z != 0 ? z : UINT64_C(0x9e3779b97f4a7c15);
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t	x = r->state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->state = x;
	return (x * UINT64_C(0x2545f4914f6cdd1d));
}

/* A fair integer below n, by rejection. */
uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint32_t	v, limit;

	if (n <= 1)
		return (0);
	limit = UINT32_MAX - UINT32_MAX % n;
	do
		v = (uint32_t)(rng_next(r) >> 32);
	while (v >= limit);
	return (v % n);
}

int
rng_range(struct rng *r, int lo, int hi)
{
	if (hi <= lo)
		return (lo);
	return (lo + (int)rng_below(r, (uint32_t)(hi - lo) + 1));
}

int
rng_chance(struct rng *r, double p)
{
	return ((double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0) < p);
}
