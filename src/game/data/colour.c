/*
 * colour.c: colour names, both ways.
 */
#include <string.h>

#include "colour.h"

static const char *const colour_names[] = {
	"default", "black", "red", "green", "yellow", "blue", "magenta",
	"cyan", "white"
};
#define COLOURS	(sizeof colour_names / sizeof colour_names[0])

/* The name of a colour: see colour.h. */
const char *
colour_name(enum colour c)
{
	return ((size_t)c < COLOURS ? colour_names[c] : "?");
}

/* Parses a colour name: see colour.h. */
int
colour_parse(const char *name, enum colour *out)
{
	size_t	i;

	for (i = 0; i < COLOURS; i++) {
		if (strcmp(colour_names[i], name) == 0) {
			*out = (enum colour)i;
			return (0);
		}
	}
	return (-1);
}
