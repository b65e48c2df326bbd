/*
 * hash.c: FNV-1a (see hash.h).
 */
#include "hash.h"

#define HASH_PRIME	UINT64_C(0x100000001b3)

/* FNV-1a over bytes, continuing from h: see hash.h. */
uint64_t
hash_bytes(uint64_t h, const void *p, size_t n)
{
	const uint8_t	*b = p;
	size_t		 i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= HASH_PRIME;
	}
	return (h);
}
