/*
 * hash.h: FNV-1a, the one hash the game uses, for the state digest and
 * the save's checksum and data signature.
 *
 * FNV-1a is small, fast on short inputs and deterministic on every
 * platform; it is no defence against anyone forging a save, only against
 * a save damaged on disk, which is all a checksum here is for.
 */
#ifndef ASTRAY_HASH_H
#define ASTRAY_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The FNV-1a offset basis: where a hash starts. */
#define HASH_START	UINT64_C(0xcbf29ce484222325)

/* FNV-1a over n bytes at p, continuing from h (HASH_START to begin). */
uint64_t	 hash_bytes(uint64_t h, const void *p, size_t n);

#endif
