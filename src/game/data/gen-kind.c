/*
 * gen-kind.c: the kinds of generated level by name, and a "KIND:WxH"
 * spec, as dungeon, campaign and lab files and options give them.
 *
 * Apart from the generator (gen.c) so that the readers of those files
 * need not depend on it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-kind.h"
#include "xmalloc.h"

static const char *const gen_kind_names[] = {
	"rooms", "caves", "open", "mixed"
};
#define GEN_KINDS	4

const char *
gen_kind_name(enum gen_kind k)
{
	return ((unsigned)k < GEN_KINDS ? gen_kind_names[k] : "?");
}

/*
 * Reads the digits at *p as a side of at most GEN_MAX_SIDE (more digits
 * than that can hold count as too large, never wrap around); returns the
 * value, or -1 if there are no digits, with *p moved past them.
 */
static long
gen_parse_side(const char **p)
{
	long	v = 0;
	int	digits = 0;

	while (**p >= '0' && **p <= '9') {
		if (v <= GEN_MAX_SIDE)
			v = v * 10 + (**p - '0');
		digits++;
		(*p)++;
	}
	return (digits > 0 ? v : -1);
}

/* Finds a map kind by name: see gen.h. */
int
gen_kind_parse(const char *name, enum gen_kind *kind)
{
	int	k;

	for (k = 0; k < GEN_KINDS; k++) {
		if (strcmp(name, gen_kind_names[k]) == 0) {
			*kind = (enum gen_kind)k;
			return (0);
		}
	}
	return (-1);
}

/* Parses "KIND:WxH": see gen.h. */
int
gen_parse_spec(const char *spec, enum gen_kind *kind, int *width,
    int *height, char **cause)
{
	const char	*colon = strchr(spec, ':'), *p;
	char		 name[16];
	long		 w = -1, h = -1;
	int		 k;

	if (colon != NULL) {
		p = colon + 1;
		w = gen_parse_side(&p);
		if (*p == 'x') {
			p++;
			h = gen_parse_side(&p);
		}
		if (*p != '\0')
			w = -1;	/* junk after the size */
	}
	if (colon == NULL || (size_t)(colon - spec) >= sizeof name || w < 0 ||
	    h < 0) {
		*cause = xasprintf("\"%s\" is not KIND:WIDTHxHEIGHT (for "
		    "example rooms:80x21)", spec);
		return (-1);
	}
	memcpy(name, spec, (size_t)(colon - spec));
	name[colon - spec] = '\0';
	for (k = 0; k < GEN_KINDS; k++) {
		if (strcmp(name, gen_kind_names[k]) == 0)
			break;
	}
	if (k == GEN_KINDS) {
		*cause = xasprintf("unknown map kind \"%s\" (rooms, caves, "
		    "open or mixed)", name);
		return (-1);
	}
	if (w < GEN_MIN_WIDTH || h < GEN_MIN_HEIGHT || w > GEN_MAX_SIDE ||
	    h > GEN_MAX_SIDE) {
		*cause = xasprintf("\"%s\": the size must be from %dx%d to "
		    "%dx%d", colon + 1, GEN_MIN_WIDTH, GEN_MIN_HEIGHT,
		    GEN_MAX_SIDE, GEN_MAX_SIDE);
		return (-1);
	}
	*kind = (enum gen_kind)k;
	*width = (int)w;
	*height = (int)h;
	return (0);
}
