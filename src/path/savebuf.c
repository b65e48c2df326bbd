/*
 * savebuf.c: the library's saves as buffers of bytes, for programs that
 * only see the installed API.
 *
 * Each buffer is one object behind a short header: the magic "APSV", the
 * format's version (a 16-bit number raised whenever any saved layout
 * changes, so an older save is refused with a message, never misread)
 * and the kind of object.  The object itself is written by the same
 * functions astray's own save files use (saves.h), and a load accepts
 * the buffer only if it holds exactly one object of the right kind.
 */
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "planner.h"
#include "saves.h"
#include "serial.h"
#include "xmalloc.h"

#define SAVEBUF_MAGIC	"APSV"
#define SAVEBUF_VERSION	1

enum savebuf_kind {
	SAVEBUF_GRID = 1,
	SAVEBUF_CONTEXT = 2,
	SAVEBUF_PLANNER = 3
};

static const char *const savebuf_names[] = {
	[SAVEBUF_GRID] = "grid",
	[SAVEBUF_CONTEXT] = "context",
	[SAVEBUF_PLANNER] = "planner"
};

/* Starts a writer with the header for an object of this kind. */
static void
savebuf_begin(struct ser *s, enum savebuf_kind kind)
{
	ser_init(s);
	ser_bytes(s, SAVEBUF_MAGIC, 4);
	ser_u16(s, SAVEBUF_VERSION);
	ser_u8(s, (uint8_t)kind);
}

/* Hands the writer's bytes to the caller. */
static void *
savebuf_end(struct ser *s, size_t *len)
{
	*len = s->len;
	if (s->buf == NULL)
		return (xmalloc(1));
	return (s->buf);
}

/* Tells the host's error handler of a refused load; returns -1. */
static int
savebuf_refused(const char *cause)
{
	x_report(X_ERROR_LOAD, "%s", cause);
	return (-1);
}

/*
 * Starts a reader on buf and checks the header; returns 0, or -1 with
 * *cause set.
 */
static int
savebuf_open(struct deser *d, const void *buf, size_t len,
    enum savebuf_kind kind, char **cause)
{
	char		magic[4];
	unsigned	version, found;

	deser_init(d, buf, len);
	deser_bytes(d, magic, sizeof magic);
	version = deser_u16(d);
	found = deser_u8(d);
	if (d->error != NULL || memcmp(magic, SAVEBUF_MAGIC, 4) != 0) {
		*cause = xasprintf("not a saved %s of astray's path library",
		    savebuf_names[kind]);
		return (savebuf_refused(*cause));
	}
	if (version != SAVEBUF_VERSION) {
		*cause = xasprintf("a saved %s of format %u; this library "
		    "reads format %d", savebuf_names[kind], version,
		    SAVEBUF_VERSION);
		return (savebuf_refused(*cause));
	}
	if (found != kind) {
		*cause = xasprintf("a saved %s, not a saved %s",
		    found >= SAVEBUF_GRID && found <= SAVEBUF_PLANNER ?
		    savebuf_names[found] : "object of unknown kind",
		    savebuf_names[kind]);
		return (savebuf_refused(*cause));
	}
	return (0);
}

/*
 * Checks that a load read the whole buffer without error; returns 0, or
 * -1 with *cause set.
 */
static int
savebuf_close(const struct deser *d, enum savebuf_kind kind, char **cause)
{
	if (d->error != NULL) {
		*cause = xasprintf("bad saved %s: %s", savebuf_names[kind],
		    d->error);
		return (savebuf_refused(*cause));
	}
	if (d->pos != d->len) {
		*cause = xasprintf("bad saved %s: %zu bytes after its end",
		    savebuf_names[kind], d->len - d->pos);
		return (savebuf_refused(*cause));
	}
	return (0);
}

/* Saves a grid into a buffer: see grid.h. */
void *
path_grid_save_buffer(const struct path_grid *g, size_t *len)
{
	struct ser	s;

	if (path_grid_is_callback(g)) {
		x_report(X_ERROR_MISUSE, "path_grid_save_buffer: a grid whose "
		    "costs come from a callback has none to save");
		*len = 0;
		return (NULL);
	}
	savebuf_begin(&s, SAVEBUF_GRID);
	path_grid_save(g, &s);
	return (savebuf_end(&s, len));
}

/* Restores a grid from a buffer: see grid.h. */
struct path_grid *
path_grid_load_buffer(const void *buf, size_t len, char **cause)
{
	struct deser		 d;
	struct path_grid	*g;

	if (savebuf_open(&d, buf, len, SAVEBUF_GRID, cause) != 0)
		return (NULL);
	g = path_grid_load(&d);
	if (savebuf_close(&d, SAVEBUF_GRID, cause) != 0) {
		path_grid_free(g);
		return (NULL);
	}
	return (g);
}

/* Saves a context into a buffer: see planner.h. */
void *
path_context_save_buffer(const struct path_context *ctx, size_t *len)
{
	struct ser	s;

	savebuf_begin(&s, SAVEBUF_CONTEXT);
	path_context_save(ctx, &s);
	return (savebuf_end(&s, len));
}

/* Restores a context from a buffer: see planner.h. */
int
path_context_load_buffer(struct path_context *ctx, const void *buf,
    size_t len, char **cause)
{
	struct deser	d;

	if (savebuf_open(&d, buf, len, SAVEBUF_CONTEXT, cause) != 0)
		return (-1);
	if (path_context_load(ctx, &d) != 0 && d.error == NULL)
		deser_fail(&d, "the context does not fit its grid");
	return (savebuf_close(&d, SAVEBUF_CONTEXT, cause));
}

/* Saves a planner into a buffer: see planner.h. */
void *
path_planner_save_buffer(const struct path_planner *p, size_t *len)
{
	struct ser	s;

	savebuf_begin(&s, SAVEBUF_PLANNER);
	path_planner_save(p, &s);
	return (savebuf_end(&s, len));
}

/* Restores a planner from a buffer: see planner.h. */
int
path_planner_load_buffer(struct path_planner *p, const void *buf, size_t len,
    char **cause)
{
	struct deser	d;

	if (savebuf_open(&d, buf, len, SAVEBUF_PLANNER, cause) != 0)
		return (-1);
	if (path_planner_load(p, &d) != 0 && d.error == NULL)
		deser_fail(&d, "the planner does not fit its context");
	return (savebuf_close(&d, SAVEBUF_PLANNER, cause));
}
