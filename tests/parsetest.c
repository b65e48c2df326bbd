/*
 * parsetest.c: the harness of the file readers' suites (parsetest.h).
 *
 * The heap cap is RLIMIT_DATA over what the child uses when it starts
 * (VmData in /proc/self/status); where that cannot be read, the child
 * runs uncapped rather than under a guess.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "parsetest.h"

#if defined(__SANITIZE_ADDRESS__)
#define PT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PT_SANITIZED 1
#endif
#endif

/* Checks a reader's message: see parsetest.h. */
void
pt_expect_message(const char *cause, const char *where, const char *what)
{
	ck_assert_msg(cause != NULL, "no message was set");
	ck_assert_msg(strstr(cause, where) != NULL,
	    "message \"%s\" lacks \"%s\"", cause, where);
	if (what != NULL)
		ck_assert_msg(strstr(cause, what) != NULL,
		    "message \"%s\" lacks \"%s\"", cause, what);
}

#ifndef PT_SANITIZED
/* Bytes of heap the process uses now, from /proc; -1 if unknown. */
static long
pt_data_bytes(void)
{
	FILE	*f;
	char	 line[256];
	long	 kb = -1;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return (-1);
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "VmData: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return (kb < 0 ? -1 : kb * 1024);
}
#endif

/* Runs fn in a child with a capped heap: see parsetest.h. */
int
pt_run_capped(int (*fn)(void), long extra)
{
#ifdef PT_SANITIZED
	(void)extra;
	return (fn());
#else
	struct rlimit	rl;
	pid_t		pid;
	int		status;
	long		used;

	fflush(NULL);
	if ((pid = fork()) == -1)
		return (fn());
	if (pid == 0) {
		if ((used = pt_data_bytes()) > 0) {
			rl.rlim_cur = (rlim_t)used + (rlim_t)extra;
			rl.rlim_max = rl.rlim_cur;
			setrlimit(RLIMIT_DATA, &rl);
		}
		_exit(fn());
	}
	if (waitpid(pid, &status, 0) != pid)
		return (-1);
	return (WIFEXITED(status) ? WEXITSTATUS(status) : -1);
#endif
}

/* Seconds on a monotonic clock. */
double
pt_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}
