/*
 * report.c: the checker's lists of errors and warnings (report.h).
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "xmalloc.h"

/* Adds a line to one of a report's lists. */
static void
report_add(char ***list, int *n, char *line)
{
	*list = xreallocarray(*list, (size_t)*n + 1, sizeof **list);
	(*list)[(*n)++] = line;
}

/* Adds an error line: see report.h. */
void
dungeon_report_add_error(struct dungeon_report *r, char *line)
{
	report_add(&r->errors, &r->nerrors, line);
}

/* Adds a warning line: see report.h. */
void
dungeon_report_add_warning(struct dungeon_report *r, char *line)
{
	report_add(&r->warnings, &r->nwarnings, line);
}

/* Frees what a report holds: see report.h. */
void
dungeon_report_free(struct dungeon_report *r)
{
	int	i;

	for (i = 0; i < r->nerrors; i++)
		free(r->errors[i]);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->errors);
	free(r->warnings);
	memset(r, 0, sizeof *r);
}
