/*
 * serial.c: little-endian records with bounds-checked reading.
 */
#include <stdlib.h>
#include <string.h>

#include "serial.h"
#include "xmalloc.h"

void
ser_init(struct ser *s)
{
	s->buf = NULL;
	s->len = s->cap = 0;
}

void
ser_free(struct ser *s)
{
	free(s->buf);
	ser_init(s);
}

/* Makes room for n more bytes. */
static uint8_t *
ser_room(struct ser *s, size_t n)
{
	if (s->len + n > s->cap) {
		while (s->len + n > s->cap)
			s->cap = s->cap ? s->cap * 2 : 4096;
		s->buf = xreallocarray(s->buf, s->cap, 1);
	}
	s->len += n;
	return (s->buf + s->len - n);
}

void
ser_u8(struct ser *s, uint8_t v)
{
	*ser_room(s, 1) = v;
}

void
ser_u16(struct ser *s, uint16_t v)
{
	uint8_t	*p = ser_room(s, 2);

	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

void
ser_u32(struct ser *s, uint32_t v)
{
	uint8_t	*p = ser_room(s, 4);
	int	 i;

	for (i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

void
ser_u64(struct ser *s, uint64_t v)
{
	uint8_t	*p = ser_room(s, 8);
	int	 i;

	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

void
ser_i64(struct ser *s, int64_t v)
{
	ser_u64(s, (uint64_t)v);
}

void
ser_bytes(struct ser *s, const void *p, size_t n)
{
	if (n > 0)
		memcpy(ser_room(s, n), p, n);
}

void
ser_str(struct ser *s, const char *str)
{
	size_t	n = strlen(str);

	ser_u32(s, (uint32_t)n);
	ser_bytes(s, str, n);
}

void
deser_init(struct deser *d, const void *buf, size_t len)
{
	d->buf = buf;
	d->len = len;
	d->pos = 0;
	d->error = NULL;
}

void
deser_fail(struct deser *d, const char *why)
{
	if (d->error == NULL)
		d->error = why;
}

/* The next n bytes, or NULL (and an error) if there are not that many. */
static const uint8_t *
deser_take(struct deser *d, size_t n)
{
	if (d->error != NULL)
		return (NULL);
	if (n > d->len - d->pos) {
		deser_fail(d, "the data ends early");
		return (NULL);
	}
	d->pos += n;
	return (d->buf + d->pos - n);
}

uint8_t
deser_u8(struct deser *d)
{
	const uint8_t	*p = deser_take(d, 1);

	return (p != NULL ? p[0] : 0);
}

uint16_t
deser_u16(struct deser *d)
{
	const uint8_t	*p = deser_take(d, 2);

	return (p != NULL ? (uint16_t)(p[0] | p[1] << 8) : 0);
}

uint32_t
deser_u32(struct deser *d)
{
	const uint8_t	*p = deser_take(d, 4);
	uint32_t	 v = 0;
	int		 i;

	for (i = 0; p != NULL && i < 4; i++)
		v |= (uint32_t)p[i] << (8 * i);
	return (v);
}

uint64_t
deser_u64(struct deser *d)
{
	const uint8_t	*p = deser_take(d, 8);
	uint64_t	 v = 0;
	int		 i;

	for (i = 0; p != NULL && i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return (v);
}

int64_t
deser_i64(struct deser *d)
{
	return ((int64_t)deser_u64(d));
}

void
deser_bytes(struct deser *d, void *out, size_t n)
{
	const uint8_t	*p = deser_take(d, n);

	if (p != NULL)
		memcpy(out, p, n);
	else if (n > 0)
		memset(out, 0, n);
}

/* A bounded count: see serial.h. */
uint32_t
deser_count(struct deser *d, uint32_t max, size_t item_size)
{
	uint32_t	n = deser_u32(d);

	if (d->error != NULL)
		return (0);
	if (n > max || (item_size > 0 && n > (d->len - d->pos) / item_size)) {
		deser_fail(d, "a count is larger than the data can hold");
		return (0);
	}
	return (n);
}

/* A bounded string: see serial.h. */
void
deser_str(struct deser *d, char *buf, size_t max)
{
	uint32_t	n = deser_count(d, (uint32_t)(max - 1), 1);
	const uint8_t	*p = deser_take(d, n);

	if (p != NULL)
		memcpy(buf, p, n);
	buf[p != NULL ? n : 0] = '\0';
	if (p != NULL && memchr(buf, '\0', n) != NULL)
		deser_fail(d, "a string holds a NUL byte");
}

/* A bounded integer: see serial.h. */
int64_t
deser_range(struct deser *d, int64_t min, int64_t max, const char *what)
{
	int64_t	v = deser_i64(d);

	if (d->error == NULL && (v < min || v > max)) {
		deser_fail(d, what);
		return (min);
	}
	return (d->error == NULL ? v : min);
}

/* A bounded 32-bit value: see serial.h. */
uint32_t
deser_below(struct deser *d, uint32_t limit, const char *what)
{
	uint32_t	v = deser_u32(d);

	if (d->error == NULL && v >= limit) {
		deser_fail(d, what);
		return (0);
	}
	return (d->error == NULL ? v : 0);
}
