/*
 * parsetest.h: what the Check suites of the file readers share
 * (check_movingai, check_gppc): a reader is held to the message a user
 * would read, to what it allocates when a header claims the absurd, and
 * to how long it takes to refuse.
 */
#ifndef ASTRAY_PARSETEST_H
#define ASTRAY_PARSETEST_H

/*
 * Fails the running test unless cause is set and holds where and, when
 * what is not NULL, what too.
 */
void	 pt_expect_message(const char *cause, const char *where,
	     const char *what);

/*
 * Runs fn in a child allowed at most extra bytes of heap more than it
 * starts with, so that a reader which allocates what a file claims dies
 * (xmalloc aborts when the cap refuses it) instead of passing.  Returns
 * fn's exit status, or -1 if the child died.  Sanitizer builds, whose
 * shadow mappings a cap would break, run fn uncapped: there the
 * sanitizer itself refuses absurd allocations.
 */
int	 pt_run_capped(int (*fn)(void), long extra);

/* Seconds on a monotonic clock. */
double	 pt_now(void);

#endif
