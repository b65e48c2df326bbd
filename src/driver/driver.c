/*
 * driver.c: which game to open, its files, its seed and its clock.
 *
 * The policy both front ends follow (see driver.h), written once: the
 * terminal and the headless driver differ only in whether they hold a
 * new game's save from its first turn (the terminal does, after asking
 * whether an old save may go; the headless driver takes the save only
 * when told to save, and then never over another game's) and in whether
 * a seed chosen from the clock is printed.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"
#include "files.h"
#include "mods.h"
#include "record.h"
#include "replay.h"
#include "savefile.h"
#include "scores.h"
#include "xmalloc.h"

/* Seeds run from 0 to 10^18 - 1: what --seed takes back. */
#define DRIVER_SEED_LIMIT	UINT64_C(1000000000000000000)

/* Whether a folder holds the game's data files (its terrain.txt). */
static int
driver_data_ok(const char *dir)
{
	struct stat	st;
	char		path[4096];

	snprintf(path, sizeof path, "%s/terrain.txt", dir);
	return (stat(path, &st) == 0);
}

/* The dungeon file a name names: see driver.h. */
const char *
driver_find_dungeon(const char *name, const char *data_dir,
    const struct mods *ms, char *buf, size_t size, int *found)
{
	static const struct {
		const char	*folder;
		const char	*ext;
	} where[] = {
		{ "dungeons", ".dun" },
		{ "campaigns", ".camp" }
	};
	struct stat	 st;
	size_t		 len = strlen(name), ext, i;
	char		*rel, *path;
	int		 n;

	*found = stat(name, &st) == 0;
	if (*found || strchr(name, '/') != NULL)
		return (name);
	for (i = 0; i < sizeof where / sizeof where[0]; i++) {
		ext = strlen(where[i].ext);
		rel = xasprintf("%s/%s%s", where[i].folder, name, len > ext &&
		    strcmp(name + len - ext, where[i].ext) == 0 ? "" :
		    where[i].ext);
		path = mods_find(data_dir, ms, rel, NULL);
		free(rel);
		if (path == NULL)
			continue;
		n = snprintf(buf, size, "%s", path);
		free(path);
		if (n >= 0 && (size_t)n < size) {
			*found = 1;
			return (buf);
		}
	}
	return (name);
}

/* Where --dungeon NAME was looked for: see driver.h. */
char *
driver_dungeon_missing(const char *name, const char *data_dir,
    const struct mods *ms)
{
	size_t	len = strlen(name);
	int	dun, camp, i;
	char	*s, *t;

	dun = len > 4 && strcmp(name + len - 4, ".dun") == 0;
	camp = len > 5 && strcmp(name + len - 5, ".camp") == 0;
	s = xasprintf("--dungeon %s: no such file; looked for %s here, "
	    "%s/dungeons/%s%s and %s/campaigns/%s%s", name, name, data_dir,
	    name, dun ? "" : ".dun", data_dir, name, camp ? "" : ".camp");
	for (i = 1; i < mods_layers(ms); i++) {
		t = xasprintf("%s, and in the mod %s's dungeons/ and "
		    "campaigns/", s, ms->m[i - 1].name);
		free(s);
		s = t;
	}
	return (s);
}

/* The data folder: see driver.h. */
const char *
driver_data_dir(const char *given, const char *installed, const char *built)
{
	const char	*env = getenv("ASTRAY_DATA");

	if (given != NULL)
		return (given);
	if (env != NULL && env[0] != '\0')
		return (env);
	if (driver_data_ok(installed))
		return (installed);
	return (built);
}

/* Monotonic nanoseconds: see driver.h. */
uint64_t
driver_clock(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

/* This thread's CPU time in nanoseconds: see driver.h. */
uint64_t
driver_cpu_clock(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

/* A seed from the clock and the process id: see driver.h. */
uint64_t
driver_random_seed(void)
{
	return (((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32)) %
	    DRIVER_SEED_LIMIT);
}

/* A game configuration from the options: see driver.h. */
void
driver_config(const struct driver_options *o, struct game_config *cfg)
{
	*cfg = (struct game_config){
		.data_dir = o->data_dir,
		.mods = o->mods,
		.dungeon = o->dungeon,
		.seed = o->seed,
		.depths = o->depths,
		.monsters = o->monsters,
		.planner = o->planner,
		.hunted = o->hunted,
		.clock_ns = driver_clock,
	};
}

/* The save file: see driver.h. */
char *
driver_save_path(const struct driver_options *o, char **cause)
{
	char	*dir, *path;

	if (o->save != NULL)
		return (xstrdup(o->save));
	if ((dir = files_data_home(cause)) == NULL)
		return (NULL);
	path = xasprintf("%s/astray.save", dir);
	free(dir);
	return (path);
}

/* The score table: see driver.h. */
char *
driver_scores_path(const struct driver_options *o, char **cause)
{
	if (o->scores != NULL)
		return (xstrdup(o->scores));
	return (scores_default_path(cause));
}

/* Empties a session that failed to open; returns -1. */
static int
driver_fail(struct driver_session *s)
{
	driver_close(s);
	return (-1);
}

/* Opens the game the options choose: see driver.h. */
int
driver_open(struct driver_session *s, const struct driver_options *o,
    const struct driver_open *how, char **cause)
{
	struct game_config	cfg;
	int			restore = !o->have_seed && o->dungeon == NULL;

	memset(s, 0, sizeof *s);
	driver_config(o, &cfg);
	if ((s->save_path = driver_save_path(o, cause)) == NULL)
		return (-1);
	if ((restore || how->hold) &&
	    (s->save = savefile_open(s->save_path, cause)) == NULL)
		return (driver_fail(s));
	s->study_rules = o->planner != NULL || o->hunted;
	if (restore && savefile_exists(s->save)) {
		if ((s->game = savefile_load(s->save, &cfg, cause)) == NULL)
			return (driver_fail(s));
		s->restored = 1;
		return (0);
	}
	if (!how->hold) {
		savefile_close(s->save);	/* taken when saving, if ever */
		s->save = NULL;
	}
	if (s->save != NULL && savefile_exists(s->save) &&
	    (how->replace == NULL || !how->replace(s->save_path))) {
		*cause = xasprintf("the saved game in %s was kept; play it "
		    "with %s (no --seed or --dungeon), or start a new "
		    "game beside it with --save FILE", s->save_path,
		    how->again != NULL ? how->again : "astray");
		return (driver_fail(s));
	}
	/* A name found nowhere (driver_find_dungeon()): say where. */
	if (o->dungeon != NULL && strchr(o->dungeon, '/') == NULL &&
	    access(o->dungeon, F_OK) != 0) {
		*cause = driver_dungeon_missing(o->dungeon, o->data_dir,
		    o->mods);
		return (driver_fail(s));
	}
	if (!o->have_seed) {
		cfg.seed = driver_random_seed();
		if (how->announce != NULL)
			fprintf(how->announce, "seed %llu\n",
			    (unsigned long long)cfg.seed);
	}
	if ((s->game = game_new(&cfg, cause)) == NULL)
		return (driver_fail(s));
	return (0);
}

/* Opens a replay's game: see driver.h. */
int
driver_open_config(struct driver_session *s, const struct driver_options *o,
    const struct game_config *cfg, char **cause)
{
	struct game_config	given = *cfg;

	memset(s, 0, sizeof *s);
	given.clock_ns = driver_clock;
	s->study_rules = o->planner != NULL || o->hunted;
	if ((s->save_path = driver_save_path(o, cause)) == NULL)
		return (-1);
	if ((s->game = game_new(&given, cause)) == NULL)
		return (driver_fail(s));
	return (0);
}

/* Opens a replay file's game: see driver.h. */
int
driver_open_replay(struct driver_session *s, const struct driver_options *o,
    const char *path, struct replay *r, char **cause)
{
	struct game_config	cfg;
	char			*why;

	if (replay_read(r, path, cause) != 0)
		return (-1);
	if ((why = replay_mods_differ(r, o->mods)) != NULL) {
		*cause = xasprintf("%s: not played: %s", path, why);
		free(why);
		replay_free(r);
		return (-1);
	}
	driver_config(o, &cfg);
	cfg.seed = r->seed;
	cfg.dungeon = r->dungeon;
	cfg.depths = r->depths;
	cfg.monsters = r->monsters;
	return (driver_open_config(s, o, &cfg, cause));
}

/* Writes a checkpoint if one is due: see driver.h. */
int
driver_checkpoint(struct driver_session *s, char **cause)
{
	if (s->save == NULL)
		return (0);
	return (savefile_checkpoint(s->save, s->game, cause));
}

/* Saves the game: see driver.h. */
int
driver_save(struct driver_session *s, char **cause)
{
	if (s->save == NULL) {
		if ((s->save = savefile_open(s->save_path, cause)) == NULL)
			return (-1);
		if (savefile_exists(s->save)) {
			*cause = xasprintf("%s holds another saved game; it "
			    "was not overwritten (finish it, or use --save "
			    "FILE)", s->save_path);
			return (-1);
		}
	}
	return (savefile_write(s->save, s->game, cause));
}

/* A game is over: see driver.h. */
int
driver_game_over(struct driver_session *s, const char *scores, int study,
    struct driver_ending *end)
{
	char	*path = NULL;
	int	 rank;

	memset(end, 0, sizeof *end);
	if (s->save != NULL)
		savefile_remove(s->save);	/* the game in it is over */
	if (scores == NULL && (scores = path = scores_default_path(
	    &end->scores_error)) == NULL)
		return (-1);
	if (!study) {
		rank = scores_add_game(scores, s->game, &end->scores_error);
		end->rank = rank > 0 ? rank : 0;
	}
	if (!s->study_rules)
		end->morgue = record_morgue(scores, s->game,
		    &end->morgue_error);
	free(path);
	return (end->scores_error != NULL || end->morgue_error != NULL ?
	    -1 : 0);
}

/* Frees what driver_game_over() told. */
void
driver_ending_free(struct driver_ending *end)
{
	free(end->scores_error);
	free(end->morgue);
	free(end->morgue_error);
	memset(end, 0, sizeof *end);
}

/* Lets the save go and frees the game: see driver.h. */
void
driver_close(struct driver_session *s)
{
	savefile_close(s->save);
	game_free(s->game);
	free(s->save_path);
	memset(s, 0, sizeof *s);
}
