/*
 * replay.c: reading and writing replay files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "game.h"
#include "keys.h"
#include "replay.h"
#include "scan.h"
#include "words.h"
#include "xmalloc.h"

/* Appends a keys field to the replay; returns 0 or -1 with *cause. */
static int
replay_keys(struct replay *r, struct scan *s, const struct scan_field *f,
    char **cause)
{
	size_t	i;
	char	ch[8];

	for (i = 0; i < f->n; i++) {
		if (f->p[i] <= ' ' || f->p[i] > '~' ||
		    !keys_valid((unsigned char)f->p[i])) {
			*cause = scan_error(s, f->column + (int)i, "%s is not "
			    "a game key (see astray --help)",
			    scan_show_byte((unsigned char)f->p[i], ch));
			return (-1);
		}
	}
	if (r->nkeys + f->n > REPLAY_MAX_KEYS) {
		*cause = scan_error(s, f->column, "more than %lu keys",
		    REPLAY_MAX_KEYS);
		return (-1);
	}
	r->keys = xreallocarray(r->keys, r->nkeys + f->n + 1, 1);
	memcpy(r->keys + r->nkeys, f->p, f->n);
	r->nkeys += f->n;
	r->keys[r->nkeys] = '\0';
	return (0);
}

/* Reads "mod NAME DIGEST"; returns 0, or -1 with *cause. */
static int
replay_mod(struct replay *r, struct scan *s, const struct scan_field *f,
    int nf, char **cause)
{
	const char	*why;
	char		 hex[17], *end;
	int		 i;

	if (nf != 3) {
		*cause = scan_error(s, f[0].column, "expected \"mod NAME "
		    "DIGEST\"");
		return (-1);
	}
	if (r->nmods == MODS_MAX) {
		*cause = scan_error(s, f[0].column, "more than %d mods",
		    MODS_MAX);
		return (-1);
	}
	if (words_name(&f[1], r->mod[r->nmods], NAME_LEN, &why) != 0) {
		*cause = scan_error(s, f[1].column, "bad mod name: %s", why);
		return (-1);
	}
	for (i = 0; f[2].n == 16 && i < 16; i++) {
		if ((f[2].p[i] < '0' || f[2].p[i] > '9') &&
		    (f[2].p[i] < 'a' || f[2].p[i] > 'f'))
			break;
	}
	if (f[2].n != 16 || i != 16) {
		*cause = scan_error(s, f[2].column, "a mod's signature is 16 "
		    "hexadecimal digits");
		return (-1);
	}
	memcpy(hex, f[2].p, 16);
	hex[16] = '\0';
	r->mod_digest[r->nmods++] = strtoull(hex, &end, 16);
	return (0);
}

/* Whether the replay's mods are the active ones: see replay.h. */
char *
replay_mods_differ(const struct replay *r, const struct mods *ms)
{
	int	n = ms != NULL ? ms->n : 0, i;

	for (i = 0; i < r->nmods || i < n; i++) {
		if (i >= n)
			return (xasprintf("the replay was played with the mod "
			    "\"%s\", which is not active (add it with --mod "
			    "DIR, or install it)", r->mod[i]));
		if (i >= r->nmods)
			return (xasprintf("the replay was played without the "
			    "mod \"%s\", which is active (--no-mods leaves "
			    "out the installed ones)", ms->m[i].name));
		if (strcmp(r->mod[i], ms->m[i].name) != 0)
			return (xasprintf("the replay was played with the mod "
			    "\"%s\" where \"%s\" is active now", r->mod[i],
			    ms->m[i].name));
		if (r->mod_digest[i] != ms->m[i].digest)
			return (xasprintf("the mod \"%s\" has changed since "
			    "the replay was played (its files' signature was "
			    "%016llx, now %016llx)", r->mod[i],
			    (unsigned long long)r->mod_digest[i],
			    (unsigned long long)ms->m[i].digest));
	}
	return (NULL);
}

/* Parses a replay: see replay.h. */
int
replay_parse(struct replay *r, const char *name, const char *buf, size_t len,
    char **cause)
{
	struct scan		s;
	struct scan_field	f[3];
	int			nf, have_seed = 0;
	long			v;
	size_t			n;
	char			show[64];
	const char		*why;

	memset(r, 0, sizeof *r);
	r->keys = xstrdup("");
	scan_init(&s, name, buf, len);
	if (!scan_content_line(&s, '#')) {
		*cause = xasprintf("%s: empty file: expected \"astray-replay "
		    "1\"", name);
		goto fail;
	}
	nf = scan_fields(&s, f, 3);
	if (nf != 2 || !scan_is(&f[0], "astray-replay") ||
	    !scan_is(&f[1], "1")) {
		*cause = scan_error(&s, 1, "expected \"astray-replay 1\"");
		goto fail;
	}
	while (scan_content_line(&s, '#')) {
		nf = scan_fields(&s, f, 3);
		if (scan_is(&f[0], "mod")) {
			if (replay_mod(r, &s, f, nf, cause) != 0)
				goto fail;
			continue;
		}
		if (nf < 2 || (nf > 2 && !scan_is(&f[0], "dungeon"))) {
			*cause = scan_error(&s, 1, "expected a key and one "
			    "value");
			goto fail;
		}
		if (scan_is(&f[0], "seed")) {
			if (scan_long(&f[1], 0, 999999999999999999L, &v) != 0) {
				*cause = scan_error(&s, f[1].column, "seed %s "
				    "is not a number", scan_show(&f[1], show));
				goto fail;
			}
			r->seed = (uint64_t)v;
			have_seed = 1;
		} else if (scan_is(&f[0], "dungeon")) {
			/* The rest of the line: a path may hold spaces. */
			n = s.n - (size_t)(f[1].p - s.p);
			free(r->dungeon);
			r->dungeon = xmalloc(n + 1);
			if (words_text(f[1].p, n, r->dungeon, n + 1,
			    &why) != 0) {
				*cause = scan_error(&s, f[1].column, "bad "
				    "dungeon name: %s", why);
				goto fail;
			}
		} else if (scan_is(&f[0], "depths")) {
			if (scan_long(&f[1], 1, 100, &v) != 0) {
				*cause = scan_error(&s, f[1].column, "depths %s "
				    "is not a number from 1 to 100",
				    scan_show(&f[1], show));
				goto fail;
			}
			r->depths = (int)v;
		} else if (scan_is(&f[0], "monsters")) {
			if (scan_long(&f[1], 0, 100000, &v) != 0) {
				*cause = scan_error(&s, f[1].column, "monsters "
				    "%s is not a number from 0 to 100000",
				    scan_show(&f[1], show));
				goto fail;
			}
			r->monsters = v == 0 ? GAME_NO_MONSTERS : (int)v;
		} else if (scan_is(&f[0], "keys")) {
			if (replay_keys(r, &s, &f[1], cause) != 0)
				goto fail;
		} else {
			*cause = scan_error(&s, f[0].column, "unknown line %s "
			    "(expected seed, dungeon, depths, monsters, mod or "
			    "keys)",
			    scan_show(&f[0], show));
			goto fail;
		}
	}
	if (!have_seed) {
		*cause = xasprintf("%s: the replay has no seed line", name);
		goto fail;
	}
	return (0);

fail:
	replay_free(r);
	return (-1);
}

int
replay_read(struct replay *r, const char *path, char **cause)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	if ((buf = x_read_file(path, REPLAY_MAX_KEYS + 65536, &len,
	    cause)) == NULL)
		return (-1);
	rc = replay_parse(r, path, buf, len, cause);
	free(buf);
	return (rc);
}

/*
 * Whether a dungeon's name reads back as it is: no control characters,
 * no blanks at either end (replay_parse trims them), not empty.
 */
static int
replay_name_ok(const char *name)
{
	size_t		 n = strlen(name);
	char		*copy = xmalloc(n + 1);
	const char	*why;
	int		 ok;

	ok = n > 0 && words_text(name, n, copy, n + 1, &why) == 0 &&
	    strcmp(copy, name) == 0;
	free(copy);
	return (ok);
}

/* A replay's text: see replay.h. */
char *
replay_format(const struct replay *r, size_t *lenp, char **cause)
{
	char	*text, *line;
	size_t	 i, len, cap;

	if (r->dungeon != NULL && !replay_name_ok(r->dungeon)) {
		*cause = xstrdup("the dungeon's name cannot be kept in a "
		    "replay (it has control characters, or blanks at an end)");
		return (NULL);
	}
	cap = r->nkeys + r->nkeys / 60 * 6 + 2048 + MODS_MAX * (NAME_LEN + 32);
	text = xmalloc(cap);
	len = (size_t)snprintf(text, cap, "astray-replay 1\nseed %llu\n",
	    (unsigned long long)r->seed);
	if (r->dungeon != NULL) {
		line = xasprintf("dungeon %s\n", r->dungeon);
		text = xreallocarray(text, cap += strlen(line), 1);
		memcpy(text + len, line, strlen(line));
		len += strlen(line);
		free(line);
	}
	if (r->depths > 0)
		len += (size_t)snprintf(text + len, cap - len, "depths %d\n",
		    r->depths);
	if (r->monsters > 0 || r->monsters == GAME_NO_MONSTERS)
		len += (size_t)snprintf(text + len, cap - len, "monsters %d\n",
		    r->monsters > 0 ? r->monsters : 0);
	for (i = 0; i < (size_t)r->nmods; i++)
		len += (size_t)snprintf(text + len, cap - len, "mod %s "
		    "%016llx\n", r->mod[i],
		    (unsigned long long)r->mod_digest[i]);
	for (i = 0; i < r->nkeys; i += 60) {
		len += (size_t)snprintf(text + len, cap - len, "keys %.*s\n",
		    (int)(r->nkeys - i < 60 ? r->nkeys - i : 60), r->keys + i);
	}
	*lenp = len;
	return (text);
}

/* Writes a replay: see replay.h. */
int
replay_write(const char *path, const struct replay *r, char **cause)
{
	char	*text, *why;
	size_t	 len;
	int	 rc;

	if ((text = replay_format(r, &len, &why)) == NULL) {
		*cause = xasprintf("%s: %s", path, why);
		free(why);
		return (-1);
	}
	rc = files_write_atomic(path, text, len, cause);
	free(text);
	return (rc);
}

void
replay_free(struct replay *r)
{
	free(r->dungeon);
	free(r->keys);
	memset(r, 0, sizeof *r);
}
