/*
 * record.c: a game's replay and its morgue file.
 *
 * Both are made from what the game remembers of its making (its origin:
 * seed, dungeon, depths, monsters) and its key log, which a save keeps,
 * so a restored game's record starts at its first turn.  The dungeon is
 * written as an absolute path when the file can be found, so the record
 * plays back from any folder, not only the one the game was started in.
 *
 * The morgue file goes beside the scores because that folder is the
 * player's own and the game has just written there.  It is written whole
 * to a temporary file, flushed, and then linked to its name, which fails
 * rather than replace a file another game (or another astray at the same
 * second) took: then the next name is tried.  A full disk, a file size
 * limit or a folder that cannot be written leaves no file behind, only
 * the message; the scores were written before and the save is not
 * touched, so nothing of the game is lost but its morgue.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record.h"
#include "replay.h"
#include "xmalloc.h"

/* Names tried for one morgue file before giving up. */
#define RECORD_NAMES	100

/*
 * The game's replay, in *r: the keys and, if it has one, the dungeon
 * (absolute when it can be found) are borrowed or new; free *dungeon.
 */
static void
record_replay(const struct game *g, struct replay *r, char **dungeon)
{
	struct game_origin	o;
	int			i;

	memset(r, 0, sizeof *r);
	game_origin(g, &o);
	*dungeon = NULL;
	if (o.dungeon != NULL && (*dungeon = realpath(o.dungeon,
	    NULL)) == NULL)
		*dungeon = xstrdup(o.dungeon);
	r->seed = o.seed;
	r->dungeon = *dungeon;
	r->depths = o.depths;
	r->monsters = o.monsters;
	r->keys = (char *)(uintptr_t)game_keys(g, &r->nkeys);
	for (i = 0; o.mods != NULL && i < o.mods->n; i++) {
		memcpy(r->mod[i], o.mods->m[i].name, NAME_LEN);
		r->mod_digest[i] = o.mods->m[i].digest;
	}
	r->nmods = i;
}

/* Writes the game so far as a replay file: see record.h. */
int
record_write(const char *path, const struct game *g, char **cause)
{
	struct replay	 r;
	char		*dungeon;
	int		 rc;

	record_replay(g, &r, &dungeon);
	rc = replay_write(path, &r, cause);
	free(dungeon);
	return (rc);
}

/* Appends a line made by xasprintf() to a growing text, and frees it. */
static void
record_add(char **text, size_t *len, char *line)
{
	size_t	n = strlen(line);

	*text = xreallocarray(*text, *len + n + 1, 1);
	memcpy(*text + *len, line, n + 1);
	*len += n;
	free(line);
}

/*
 * The morgue's text: the comments telling how the game went, then its
 * replay.  Returns a new string of *len bytes, or NULL with *cause set.
 */
static char *
record_morgue_text(const struct game *g, size_t *len, char **cause)
{
	struct game_info	 gi;
	struct game_origin	 origin;
	struct replay		 r;
	const char		*m;
	char			*text = NULL, *replay, *dungeon, *mods;
	size_t			 rlen;
	long			 turn;
	int			 i, n;

	game_info(g, &gi);
	record_replay(g, &r, &dungeon);
	if ((replay = replay_format(&r, &rlen, cause)) == NULL) {
		free(dungeon);
		return (NULL);
	}
	*len = 0;
	record_add(&text, len, xstrdup("# astray morgue file: how a game "
	    "ended, and its replay.\n# Play it back: astray --headless "
	    "--replay FILE (--each-turn shows every turn).\n#\n"));
	record_add(&text, len, xasprintf("# seed     %llu\n",
	    (unsigned long long)r.seed));
	game_origin(g, &origin);
	if (origin.mods != NULL && origin.mods->n > 0) {
		mods = mods_describe(origin.mods);
		record_add(&text, len, xasprintf("# mods     %s\n", mods));
		free(mods);
	}
	if (dungeon != NULL)
		record_add(&text, len, xasprintf("# dungeon  %s (%s)\n",
		    gi.level_name, dungeon));
	else
		record_add(&text, len, xasprintf("# dungeon  generated, %d "
		    "levels\n", gi.depths));
	record_add(&text, len, xasprintf("# result   %s: %s\n",
	    gi.status == GAME_WON ? "won" : gi.status == GAME_DEAD ? "died" :
	    "gave up", gi.end_cause));
	record_add(&text, len, xasprintf("# turns    %ld\n", gi.turn));
	if (gi.depths > 0)
		record_add(&text, len, xasprintf("# depth    %d of %d\n",
		    gi.depth, gi.depths));
	else if (gi.levels > 1)
		record_add(&text, len, xasprintf("# depth    %d (level %d of "
		    "%d)\n", gi.depth, gi.level, gi.levels));
	else
		record_add(&text, len, xasprintf("# depth    %d\n", gi.depth));
	record_add(&text, len, xasprintf("# score    %ld\n# kills    %d\n"
	    "# level    %d (%ld experience)\n# hp       %d/%d\n#\n",
	    gi.score, gi.kills, gi.xp_level, gi.xp, gi.hp, gi.hp_max));
	for (n = 0; n < RECORD_MORGUE_MESSAGES &&
	    game_message_text(g, n, &turn) != NULL; n++)
		continue;
	record_add(&text, len, xasprintf("# the last %d messages, the "
	    "newest last (turn, message):\n", n));
	for (i = n - 1; i >= 0; i--) {
		m = game_message_text(g, i, &turn);
		record_add(&text, len, xasprintf("# %6ld  %s\n", turn, m));
	}
	record_add(&text, len, xasprintf("#\n%s", replay));
	free(replay);
	free(dungeon);
	return (text);
}

/*
 * Writes len bytes to a new temporary file in dir, flushed to disk;
 * returns its path, or NULL with *cause set and nothing left behind.
 */
static char *
record_temporary(const char *dir, const char *text, size_t len,
    char **cause)
{
	char	*tmp = xasprintf("%s/.morgue.tmp.XXXXXX", dir);
	ssize_t	 w;
	size_t	 done = 0;
	int	 fd, saved;

	if ((fd = mkstemp(tmp)) < 0) {
		*cause = xasprintf("%s: cannot write the morgue file there: "
		    "%s", dir, strerror(errno));
		free(tmp);
		return (NULL);
	}
	while (done < len) {
		if ((w = write(fd, text + done, len - done)) < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		done += (size_t)w;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	return (tmp);

fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	*cause = xasprintf("%s: cannot write the morgue file there: %s", dir,
	    strerror(saved));
	free(tmp);
	return (NULL);
}

/* The folder of a file's path: a new string ("." for a bare name). */
static char *
record_folder(const char *path)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		return (xstrdup("."));
	if (slash == path)
		return (xstrdup("/"));
	return (xasprintf("%.*s", (int)(slash - path), path));
}

/* Writes a finished game's morgue file: see record.h. */
char *
record_morgue(const char *scores, const struct game *g, char **cause)
{
	struct game_origin	 o;
	struct tm		 tm;
	time_t			 now = time(NULL);
	char			*text, *dir, *tmp, *path, stamp[32];
	size_t			 len;
	int			 k;

	if ((text = record_morgue_text(g, &len, cause)) == NULL)
		return (NULL);
	dir = record_folder(scores);
	tmp = record_temporary(dir, text, len, cause);
	free(text);
	if (tmp == NULL) {
		free(dir);
		return (NULL);
	}
	game_origin(g, &o);
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (k = 1; k <= RECORD_NAMES; k++) {
		path = k == 1 ? xasprintf("%s/morgue-%llu-%s.txt", dir,
		    (unsigned long long)o.seed, stamp) :
		    xasprintf("%s/morgue-%llu-%s-%d.txt", dir,
		    (unsigned long long)o.seed, stamp, k);
		if (link(tmp, path) == 0)
			break;
		if (errno != EEXIST) {
			*cause = xasprintf("%s: cannot write the morgue file: "
			    "%s", path, strerror(errno));
			free(path);
			path = NULL;
			break;
		}
		free(path);
		path = NULL;
		if (k == RECORD_NAMES)
			*cause = xasprintf("%s: %d morgue files of seed %llu "
			    "at %s already; none was written", dir,
			    RECORD_NAMES, (unsigned long long)o.seed, stamp);
	}
	unlink(tmp);
	free(tmp);
	free(dir);
	return (path);
}
