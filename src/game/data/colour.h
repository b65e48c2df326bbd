/*
 * colour.h: the colours of the data files, as a terminal knows them.
 *
 * Terrain, monsters and items each name a colour ("red", and "bright"
 * apart); the front end maps them to its own.
 */
#ifndef ASTRAY_COLOUR_H
#define ASTRAY_COLOUR_H

/* Colours, as a terminal knows them; bright is a separate flag. */
enum colour {
	COLOUR_DEFAULT, COLOUR_BLACK, COLOUR_RED, COLOUR_GREEN,
	COLOUR_YELLOW, COLOUR_BLUE, COLOUR_MAGENTA, COLOUR_CYAN, COLOUR_WHITE
};

/* The name of a colour, or "?" for a value outside the enum. */
const char *colour_name(enum colour);

/* Parses a colour name; returns 0, or -1 if unknown. */
int	 colour_parse(const char *, enum colour *);

#endif
