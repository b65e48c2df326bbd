/*
 * serial.h: writing and reading binary records, for saves.
 *
 * A writer appends little-endian integers, byte strings and strings to a
 * growing buffer; a reader takes them back from a buffer and never reads
 * past its end: the first shortfall or bad value sets an error that every
 * later read keeps, so a parser checks once at the end instead of after
 * every field.  Untrusted input (a damaged or hand-edited save) therefore
 * cannot make a reader overrun, loop, or allocate without bound:
 * ser_get_count() refuses counts larger than what the remaining bytes
 * could possibly hold.
 */
#ifndef ASTRAY_SERIAL_H
#define ASTRAY_SERIAL_H

#include <stddef.h>
#include <stdint.h>

struct ser {
	uint8_t	*buf;
	size_t	 len;
	size_t	 cap;
};

struct deser {
	const uint8_t	*buf;
	size_t		 len;
	size_t		 pos;
	const char	*error;		/* the first problem, or NULL */
};

void	 ser_init(struct ser *);
void	 ser_free(struct ser *);
void	 ser_u8(struct ser *, uint8_t);
void	 ser_u16(struct ser *, uint16_t);
void	 ser_u32(struct ser *, uint32_t);
void	 ser_u64(struct ser *, uint64_t);
void	 ser_i64(struct ser *, int64_t);
void	 ser_bytes(struct ser *, const void *, size_t);
void	 ser_str(struct ser *, const char *);

void	 deser_init(struct deser *, const void *buf, size_t len);
uint8_t	 deser_u8(struct deser *);
uint16_t deser_u16(struct deser *);
uint32_t deser_u32(struct deser *);
uint64_t deser_u64(struct deser *);
int64_t	 deser_i64(struct deser *);
void	 deser_bytes(struct deser *, void *, size_t);

/*
 * A count of items of at least item_size bytes each, refused (0 with an
 * error) if it exceeds max or the bytes left.
 */
uint32_t deser_count(struct deser *, uint32_t max, size_t item_size);

/* A string of at most max bytes into buf (NUL-terminated). */
void	 deser_str(struct deser *, char *buf, size_t max);

/* An integer in [min, max]; outside it is an error (and returns min). */
int64_t	 deser_range(struct deser *, int64_t min, int64_t max,
	     const char *what);

/* A 32-bit value below limit; anything else is an error (returns 0). */
uint32_t deser_below(struct deser *, uint32_t limit, const char *what);

/* Marks the reader failed with a reason, unless it already is. */
void	 deser_fail(struct deser *, const char *why);

#endif
