/*
 * report.h: what the checker (astray --check) found in one file.
 *
 * Every reader that can go on after an error (the dungeon, vault and
 * campaign readers, and the terrain, monster and item tables') keeps
 * its errors and warnings in one of these, each a whole line
 * "name:line:column: ..." (a warning's message starts "warning: "), in
 * the order they were met, so the first is always the game's own
 * message.  A reader stops adding after REPORT_MAX_ERRORS of a file,
 * with a last line saying so.
 */
#ifndef ASTRAY_REPORT_H
#define ASTRAY_REPORT_H

#define REPORT_MAX_ERRORS	100	/* a file's, at most */

struct dungeon_report {
	char	**errors;
	int	  nerrors;
	char	**warnings;
	int	  nwarnings;
};

/* Adds an error line to a report, which takes it over. */
void	 dungeon_report_add_error(struct dungeon_report *, char *line);

/* Adds a warning line, "name:line:column: warning: ...", likewise. */
void	 dungeon_report_add_warning(struct dungeon_report *, char *line);

/* Frees what a report holds and leaves it empty. */
void	 dungeon_report_free(struct dungeon_report *);

#endif
