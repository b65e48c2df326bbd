/*
 * rng.h: seeded random numbers for everything that must replay exactly.
 *
 * The game and the lab never call rand() or read the clock for anything
 * that shapes a game: every choice comes from an rng seeded explicitly,
 * so the same seed gives the same dungeon, the same monsters and the same
 * benchmark on every machine.  xorshift64* (Marsaglia; Vigna) with the
 * seed spread by splitmix64: tiny, fast and plenty good for games.
 */
#ifndef ASTRAY_RNG_H
#define ASTRAY_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	state;
};

/* Seeds a generator; any seed is fine, 0 included. */
void		 rng_seed(struct rng *, uint64_t seed);

/* The next 64 random bits. */
uint64_t	 rng_next(struct rng *);

/* A uniform integer in [0, n); n must be at least 1. */
uint32_t	 rng_below(struct rng *, uint32_t n);

/* A uniform integer in [lo, hi]. */
int		 rng_range(struct rng *, int lo, int hi);

/* True with probability p. */
int		 rng_chance(struct rng *, double p);

#endif
