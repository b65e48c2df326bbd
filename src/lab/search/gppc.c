/*
 * gppc.c: the GPPC dynamic track's scenarios and patch files.
 *
 * A scenario is a header (version 2, height, width, cost types, patch
 * file, "commands") then P and Q commands; a patch file is "type patch",
 * "patches N" and N small maps.  Everything is checked on reading: patch
 * ids exist, a placed patch fits inside the grid, query points are inside
 * it.  The patch file must be a plain name in the scenario's folder: a
 * name read from a file is never followed up or down the directory tree.
 * Patches are allocated only after the bytes for their rows are known to
 * be there.
 */
#include <stdlib.h>
#include <string.h>

#include "gppc.h"
#include "grid-internal.h"
#include "scan.h"
#include "xmalloc.h"

struct gppc_header {
	long	width;
	long	height;
	int	ncosts;
	int	octile;		/* which cost column is octile */
	char	*patch;		/* patch file name */
	int	 patch_line;	/* where the scenario names it */
};

/* Reads "KEY N" with N in [min, max] from the current line. */
static int
gppc_number(struct scan *s, const char *key, long min, long max, long *out,
    char **cause)
{
	struct scan_field	f[3];
	char			show[64];

	if (scan_fields(s, f, 3) != 2 || !scan_is(&f[0], key)) {
		*cause = scan_error(s, 1, "expected \"%s N\"", key);
		return (-1);
	}
	if (scan_long(&f[1], min, max, out) != 0) {
		*cause = scan_error(s, f[1].column, "%s %s is not a number from "
		    "%ld to %ld", key, scan_show(&f[1], show), min, max);
		return (-1);
	}
	return (0);
}

/* Moves to the next content line or reports what was expected. */
static int
gppc_next(struct scan *s, const char *expected, char **cause)
{
	int	first = s->next == 0;

	if (scan_content_line(s, '\0'))
		return (0);
	if (first)
		*cause = xasprintf("%s: empty file: expected %s", s->name,
		    expected);
	else
		*cause = scan_error(s, 0, "the file ends where %s was expected",
		    expected);
	return (-1);
}

/* Parses the scenario header up to "commands"; see gppc.h for keys. */
static int
gppc_header(struct scan *s, struct gppc_header *h, char **cause)
{
	struct scan_field	f[34];
	long			v;
	int			nf, i;
	char			show[64];

	memset(h, 0, sizeof *h);
	h->octile = -1;
	if (gppc_next(s, "\"version 2\"", cause) != 0)
		return (-1);
	if (gppc_number(s, "version", 2, 2, &v, cause) != 0)
		return (-1);
	if (gppc_next(s, "\"height N\"", cause) != 0 ||
	    gppc_number(s, "height", 1, PATH_GRID_MAX_SIDE, &h->height,
	    cause) != 0)
		return (-1);
	if (gppc_next(s, "\"width N\"", cause) != 0 ||
	    gppc_number(s, "width", 1, PATH_GRID_MAX_SIDE, &h->width,
	    cause) != 0)
		return (-1);
	if (path_grid_check_size(h->width, h->height, &h->patch) != 0) {
		*cause = scan_error(s, 0, "%s", h->patch);
		free(h->patch);
		h->patch = NULL;
		return (-1);
	}
	if (gppc_next(s, "\"cost N TYPE...\"", cause) != 0)
		return (-1);
	nf = scan_fields(s, f, 34);
	if (nf < 3 || !scan_is(&f[0], "cost") ||
	    scan_long(&f[1], 1, 32, &v) != 0 || nf != v + 2) {
		*cause = scan_error(s, 1, "expected \"cost N\" and N cost "
		    "types (N from 1 to 32)");
		return (-1);
	}
	h->ncosts = (int)v;
	for (i = 2; i < nf; i++) {
		if (!scan_is(&f[i], "octile"))
			continue;
		if (h->octile >= 0) {
			*cause = scan_error(s, f[i].column, "octile given "
			    "twice");
			return (-1);
		}
		h->octile = i - 2;
	}
	if (h->octile < 0) {
		*cause = scan_error(s, 1, "no \"octile\" cost type");
		return (-1);
	}
	if (gppc_next(s, "\"patch FILE\"", cause) != 0)
		return (-1);
	if (scan_fields(s, f, 3) != 2 || !scan_is(&f[0], "patch")) {
		*cause = scan_error(s, 1, "expected \"patch FILE\"");
		return (-1);
	}
	if (memchr(f[1].p, '/', f[1].n) != NULL || scan_is(&f[1], ".") ||
	    scan_is(&f[1], "..") || memchr(f[1].p, '\0', f[1].n) != NULL) {
		*cause = scan_error(s, f[1].column, "patch file %s must be a "
		    "plain file name in the scenario's folder",
		    scan_show(&f[1], show));
		return (-1);
	}
	h->patch_line = s->line;
	h->patch = xmalloc(f[1].n + 1);
	memcpy(h->patch, f[1].p, f[1].n);
	h->patch[f[1].n] = '\0';
	if (gppc_next(s, "\"commands\"", cause) != 0)
		goto fail;
	if (scan_fields(s, f, 2) != 1 || !scan_is(&f[0], "commands")) {
		*cause = scan_error(s, 1, "expected \"commands\"");
		goto fail;
	}
	return (0);

fail:
	free(h->patch);
	h->patch = NULL;
	return (-1);
}

/* The patch file name a scenario gives: see gppc.h. */
char *
lab_gppc_patch_name(const char *name, const char *buf, size_t len,
    int *line, char **cause)
{
	struct scan		s;
	struct gppc_header	h;

	scan_init(&s, name, buf, len);
	if (gppc_header(&s, &h, cause) != 0)
		return (NULL);
	*line = h.patch_line;
	return (h.patch);
}

/* Parses one patch; returns 0 or -1 with *cause. */
static int
gppc_patch(struct scan *s, long id, const struct gppc_header *hd,
    struct lab_gppc_patch *p, char **cause)
{
	struct scan_field	f[3];
	long			v, w, h, x, y;
	int			c;
	char			ch[8];

	if (gppc_next(s, "\"patch N\"", cause) != 0 ||
	    gppc_number(s, "patch", 0, LAB_GPPC_MAX_PATCHES, &v, cause) != 0)
		return (-1);
	if (v != id) {
		scan_fields(s, f, 3);
		*cause = scan_error(s, f[1].column, "expected patch %ld, found "
		    "patch %ld", id, v);
		return (-1);
	}
	if (gppc_next(s, "\"height N\"", cause) != 0 ||
	    gppc_number(s, "height", 1, hd->height, &h, cause) != 0)
		return (-1);
	if (gppc_next(s, "\"width N\"", cause) != 0 ||
	    gppc_number(s, "width", 1, hd->width, &w, cause) != 0)
		return (-1);
	if (gppc_next(s, "\"map\"", cause) != 0)
		return (-1);
	if (scan_fields(s, f, 2) != 1 || !scan_is(&f[0], "map")) {
		*cause = scan_error(s, 1, "expected \"map\"");
		return (-1);
	}
	if (scan_remaining(s) < (size_t)(w * h)) {
		*cause = scan_error(s, 0, "truncated: patch %ld promises %ld "
		    "rows of %ld cells but only %zu bytes follow", id, h, w,
		    scan_remaining(s));
		return (-1);
	}
	p->width = (int)w;
	p->height = (int)h;
	p->open = xmalloc((size_t)(w * h));
	for (y = 0; y < h; y++) {
		if (!scan_line(s)) {
			*cause = scan_error(s, 0, "truncated: patch %ld has %ld "
			    "of %ld rows", id, y, h);
			return (-1);
		}
		if ((long)s->n != w) {
			*cause = scan_error(s, 0, "row %ld of patch %ld has %zu "
			    "characters, expected %ld", y + 1, id, s->n, w);
			return (-1);
		}
		for (x = 0; x < w; x++) {
			switch (s->p[x]) {
			case '.': case 'G': case 'S':
				c = 1;
				break;
			case '@': case 'O': case 'T': case 'W':
				c = 0;
				break;
			default:
				*cause = scan_error(s, (int)x + 1, "unknown "
				    "character %s (expected one of . G S @ O "
				    "T W)", scan_show_byte((unsigned char)
				    s->p[x], ch));
				return (-1);
			}
			p->open[y * w + x] = (uint8_t)c;
		}
	}
	return (0);
}

/* Parses the patch file into sc; returns 0 or -1 with *cause. */
static int
gppc_patches(struct lab_gppc *sc, const struct gppc_header *hd,
    const char *name, const char *buf, size_t len, char **cause)
{
	struct scan		s;
	struct scan_field	f[3];
	long			n, i;

	scan_init(&s, name, buf, len);
	if (gppc_next(&s, "\"type patch\"", cause) != 0)
		return (-1);
	if (scan_fields(&s, f, 3) != 2 || !scan_is(&f[0], "type") ||
	    !scan_is(&f[1], "patch")) {
		*cause = scan_error(&s, 1, "expected \"type patch\"");
		return (-1);
	}
	if (gppc_next(&s, "\"patches N\"", cause) != 0 ||
	    gppc_number(&s, "patches", 0, LAB_GPPC_MAX_PATCHES, &n,
	    cause) != 0)
		return (-1);
	/* A patch takes at least "patch 0\nheight 1\nwidth 1\nmap\n.\n". */
	if ((size_t)n > scan_remaining(&s) / 28) {
		*cause = scan_error(&s, 0, "%ld patches cannot fit in the %zu "
		    "bytes that follow", n, scan_remaining(&s));
		return (-1);
	}
	sc->patches = xcalloc((size_t)n, sizeof *sc->patches);
	for (i = 0; i < n; i++) {
		sc->npatches = (size_t)i + 1;
		if (gppc_patch(&s, i, hd, &sc->patches[i], cause) != 0)
			return (-1);
	}
	if (scan_content_line(&s, '\0')) {
		*cause = scan_error(&s, 0, "unexpected text after the %ld "
		    "patches", n);
		return (-1);
	}
	return (0);
}

/* Parses one command line into c; returns 0 or -1 with *cause. */
static int
gppc_command(struct scan *s, const struct lab_gppc *sc,
    const struct gppc_header *hd, struct lab_gppc_command *c, char **cause)
{
	struct scan_field		 f[40];
	const struct lab_gppc_patch	*p;
	long				 v[5];
	int				 nf, i;
	char				 show[64], show2[64];

	nf = scan_fields(s, f, 40);
	memset(c, 0, sizeof *c);
	c->line = s->line;
	if (scan_is(&f[0], "P")) {
		if (nf != 5) {
			*cause = scan_error(s, 1, "expected \"P bucket id x "
			    "y\"");
			return (-1);
		}
		if (scan_long(&f[1], 0, 1000000000L, &v[0]) != 0) {
			*cause = scan_error(s, f[1].column, "bucket %s is not a "
			    "number from 0 to 1000000000",
			    scan_show(&f[1], show));
			return (-1);
		}
		if (scan_long(&f[2], 0, (long)sc->npatches - 1, &v[1]) != 0) {
			*cause = scan_error(s, f[2].column, "patch id %s is not "
			    "one of the %zu patches", scan_show(&f[2], show),
			    sc->npatches);
			return (-1);
		}
		p = &sc->patches[v[1]];
		if (scan_long(&f[3], 0, hd->width - p->width, &v[2]) != 0 ||
		    scan_long(&f[4], 0, hd->height - p->height, &v[3]) != 0) {
			*cause = scan_error(s, f[3].column, "patch %ld (%dx%d) "
			    "placed at %s,%s does not fit in the %ldx%ld grid",
			    v[1], p->width, p->height, scan_show(&f[3], show),
			    scan_show(&f[4], show2), hd->width, hd->height);
			return (-1);
		}
		c->kind = LAB_GPPC_PATCH;
		c->bucket = (int)v[0];
		c->patch = (int)v[1];
		c->x = (int)v[2];
		c->y = (int)v[3];
		return (0);
	}
	if (!scan_is(&f[0], "Q")) {
		*cause = scan_error(s, 1, "unknown command %s (expected P or "
		    "Q)", scan_show(&f[0], show));
		return (-1);
	}
	if (nf != 6 + hd->ncosts) {
		*cause = scan_error(s, 1, "expected \"Q bucket sx sy gx gy\" "
		    "and %d cost%s, found %d fields", hd->ncosts,
		    hd->ncosts == 1 ? "" : "s", nf);
		return (-1);
	}
	for (i = 0; i < 5; i++) {
		long	max = i == 0 ? 1000000000L :
		    (i % 2 == 1 ? hd->width : hd->height) - 1;

		if (scan_long(&f[i + 1], 0, max, &v[i]) != 0) {
			*cause = scan_error(s, f[i + 1].column, "%s %s is not "
			    "a number from 0 to %ld", i == 0 ? "bucket" :
			    "coordinate", scan_show(&f[i + 1], show), max);
			return (-1);
		}
	}
	if (scan_double(&f[6 + hd->octile], &c->reference) != 0) {
		*cause = scan_error(s, f[6 + hd->octile].column, "cost %s is "
		    "not a number", scan_show(&f[6 + hd->octile], show));
		return (-1);
	}
	if (c->reference < 0)
		c->reference = -1;
	c->kind = LAB_GPPC_QUERY;
	c->bucket = (int)v[0];
	c->sx = (int)v[1];
	c->sy = (int)v[2];
	c->gx = (int)v[3];
	c->gy = (int)v[4];
	return (0);
}

/* Parses a scenario and its patches from memory: see gppc.h. */
struct lab_gppc *
lab_gppc_parse(const char *name, const char *buf, size_t len,
    const char *patch_name, const char *patch_buf, size_t patch_len,
    char **cause)
{
	struct scan		 s;
	struct gppc_header	 hd;
	struct lab_gppc	*sc;
	size_t			 cap = 0;

	scan_init(&s, name, buf, len);
	if (gppc_header(&s, &hd, cause) != 0)
		return (NULL);
	sc = xcalloc(1, sizeof *sc);
	sc->width = (int)hd.width;
	sc->height = (int)hd.height;
	sc->patch_file = xstrdup(patch_name);
	free(hd.patch);
	if (gppc_patches(sc, &hd, patch_name, patch_buf, patch_len,
	    cause) != 0)
		goto fail;
	while (scan_content_line(&s, '\0')) {
		if (sc->ncommands == LAB_GPPC_MAX_COMMANDS) {
			*cause = scan_error(&s, 0, "more than %d commands",
			    LAB_GPPC_MAX_COMMANDS);
			goto fail;
		}
		if (sc->ncommands == cap) {
			cap = cap ? cap * 2 : 1024;
			sc->commands = xreallocarray(sc->commands, cap,
			    sizeof *sc->commands);
		}
		if (gppc_command(&s, sc, &hd, &sc->commands[sc->ncommands],
		    cause) != 0)
			goto fail;
		if (sc->commands[sc->ncommands].kind == LAB_GPPC_QUERY)
			sc->nqueries++;
		sc->ncommands++;
	}
	return (sc);

fail:
	lab_gppc_free(sc);
	return (NULL);
}

/* Reads a scenario and its patch file: see gppc.h. */
struct lab_gppc *
lab_gppc_read(const char *path, char **cause)
{
	struct lab_gppc	*sc = NULL;
	char			*buf, *pbuf = NULL, *pname, *ppath, *why;
	const char		*slash;
	size_t			 len, plen;
	int			 line;

	if ((buf = x_read_file(path, PATH_MAP_MAX_FILE, &len, cause)) == NULL)
		return (NULL);
	if ((pname = lab_gppc_patch_name(path, buf, len, &line,
	    cause)) == NULL)
		goto out;
	slash = strrchr(path, '/');
	if (slash != NULL)
		ppath = xasprintf("%.*s/%s", (int)(slash - path), path, pname);
	else
		ppath = xstrdup(pname);
	free(pname);
	pbuf = x_read_file(ppath, PATH_MAP_MAX_FILE, &plen, &why);
	if (pbuf == NULL) {
		*cause = xasprintf("%s:%d: patch file %s", path, line, why);
		free(why);
	} else
		sc = lab_gppc_parse(path, buf, len, ppath, pbuf, plen, cause);
	free(ppath);
out:
	free(pbuf);
	free(buf);
	return (sc);
}

void
lab_gppc_free(struct lab_gppc *sc)
{
	size_t	i;

	if (sc == NULL)
		return;
	for (i = 0; i < sc->npatches; i++)
		free(sc->patches[i].open);
	free(sc->patches);
	free(sc->commands);
	free(sc->patch_file);
	free(sc);
}

/* Applies a patch command to a grid: see gppc.h. */
void
lab_gppc_apply(const struct lab_gppc *sc, const struct lab_gppc_command *c,
    struct path_grid *g)
{
	const struct lab_gppc_patch	*p = &sc->patches[c->patch];
	int				 x, y;

	for (y = 0; y < p->height; y++) {
		for (x = 0; x < p->width; x++)
			path_grid_set(g, c->x + x, c->y + y,
			    p->open[y * p->width + x]);
	}
}
