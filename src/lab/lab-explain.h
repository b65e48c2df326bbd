/*
 * lab-explain.h: what the parts of astray-lab explain share.
 *
 * explain runs the library's textbook search (textbook.h) and records
 * what it reports as a log of steps (lab-explain-log.c): step 0 puts the
 * start on the open list, every later step takes one cell off it and
 * looks at its neighbours.  The log keeps a mirror of the open and
 * closed lists, updated per event (never by scanning the map), and
 * hands each finished step to the writer chosen on the command line:
 * the narration and CSV (lab-explain-text.c), SVG pictures
 * (lab-explain-svg.c) and the HTML page (lab-explain-html.c).
 */
#ifndef ASTRAY_LAB_EXPLAIN_H
#define ASTRAY_LAB_EXPLAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "textbook-dlite.h"
#include "textbook.h"
#include "tilemap.h"

enum explain_list_order {
	EXPLAIN_LIST_PRIORITY,	/* the order cells will leave the open list */
	EXPLAIN_LIST_INSERTION	/* the order they went on it */
};

enum explain_cell_state { EXPLAIN_UNSEEN, EXPLAIN_OPEN, EXPLAIN_CLOSED };

/* A cell as the walkthrough has seen it. */
struct explain_cell {
	path_cost	g;
	path_cost	h;
	uint64_t	seq;		/* its newest entry's insertion number */
	int		parent;		/* cell number; itself for the start */
	int		state;
	bool		listed;		/* on the closed list */
};

/*
 * An entry of the open list: a cell with the g it went on with.  With
 * duplicates kept (PATH_TB_DUP_KEEP) a cell may have several, the older
 * ones stale (the cell's g has fallen since); otherwise one, whose g
 * follows the cell's.
 */
struct explain_entry {
	int		cell;
	path_cost	g;
	path_cost	h;
	uint64_t	seq;		/* insertion number */
	bool		stale;
	int		open_at;	/* index in the log's open[], or -1 */
};

/* A neighbour looked at during a step. */
struct explain_item {
	int				cell;
	path_cost			g;
	path_cost			h;
	path_cost			old_g;	/* improved: was; rejected: has */
	uint64_t			seq;	/* added, improved: its entry's */
	enum path_textbook_reason	reason;
	int				nth;	/* order looked at */
};

struct explain_items {
	struct explain_item	*v;
	size_t			 n;
	size_t			 cap;
};

/* One step: the cell taken and what happened to its neighbours. */
struct explain_step {
	long			step;		/* 0: the start goes on */
	int			cell;
	path_cost		g;
	path_cost		h;
	path_cost		entry_g;	/* of the entry taken */
	uint64_t		seq;		/* of the entry taken */
	bool			stale;		/* entry_g > g (KEEP) */
	struct explain_items	added;
	struct explain_items	improved;
	struct explain_items	rejected;
	bool			goal;		/* the goal test passed here */
	bool			exhausted;	/* the open list ran dry */
};

struct explain_log;
typedef void (*explain_step_fn)(void *ctx, struct explain_log *,
		     const struct explain_step *);

/* The conventions and what the walkthrough has seen so far. */
struct explain_log {
	const struct path_tilemap		*map;
	struct path_textbook_rules		 rules;
	enum explain_list_order			 list_order;
	int					 base;	/* 0 or 1 */
	path_cost				 unit;	/* printed as 1 */
	int					 start, goal;
	struct explain_cell			*cells;
	struct explain_entry			*entries; /* by seq */
	size_t					 nentries;
	size_t					 capentries;
	uint64_t				*open;	/* seqs, unordered */
	size_t					 nopen;
	int					*closed; /* closing order */
	size_t					 nclosed;
	struct explain_entry			*sorted; /* scratch */
	struct explain_step			 cur;
	explain_step_fn				 on_step;
	void					*ctx;
};

/* Sets up a log for a search on map from start to goal. */
void	 explain_log_init(struct explain_log *, const struct path_tilemap *,
	     const struct path_textbook_rules *, int start, int goal);
void	 explain_log_free(struct explain_log *);

/* The search's callback: ctx is the log. */
void	 explain_log_event(void *ctx, const struct path_textbook_event *);

/* Hands the last step to the writer; call once the search returned. */
void	 explain_log_finish(struct explain_log *);

/*
 * The open list in the order the walkthrough prints it (see
 * list_order): returns its length and points *list at its entries,
 * which stay valid until the next call or event.
 */
size_t	 explain_open_list(struct explain_log *,
	     const struct explain_entry **list);

/* Formats a cost in the walkthrough's unit: "5", "1.414", "none". */
const char *explain_cost(const struct explain_log *, path_cost, char buf[32]);

/* Formats a cell "(x,y)" or "x:y" (sep ':') in the user's numbering. */
const char *explain_xy(const struct explain_log *, int cell, char buf[32]);
const char *explain_xy_sep(const struct explain_log *, int cell, char sep,
	     char buf[32]);

/* The narration and CSV writers: ctx is a struct explain_text. */
struct explain_text {
	FILE	*out;
	long	 max_steps;		/* steps shown */
	int	 list_max;		/* entries of a list shown, 0 all */
};
void	 explain_text_step(void *ctx, struct explain_log *,
	     const struct explain_step *);
void	 explain_csv_step(void *ctx, struct explain_log *,
	     const struct explain_step *);
void	 explain_csv_header(FILE *);

/*
 * The SVG picture of the log's state: the map, closed, open, the cell
 * taken, g/h/f where cells are large enough, parent arrows, the path
 * (npath cells, start first), a legend that fits; step is the step
 * just finished, or NULL for the final state.  Returns 0, or -1
 * with a message printed.
 */
int	 explain_svg_write(const char *file, struct explain_log *,
	     const struct path_point *path, size_t npath,
	     const struct explain_step *step);

/* A growing text buffer, for the pages' JSON. */
struct explain_buf {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};

/* Appends formatted text to b (allocating it as needed). */
void	 explain_buf_add(struct explain_buf *b, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));

/* Writes s with HTML's special characters escaped. */
void	 explain_html_escape(FILE *, const char *s);

/*
 * The HTML page: explain_html_step is a step writer (ctx is the struct
 * explain_html) recording steps up to max_steps; explain_html_write
 * writes the page with the final path (not drawn when truncated: the
 * steps recorded end before the search did).  Returns 0, or -1 with a
 * message printed.
 */
struct explain_html;
struct explain_html *explain_html_new(long max_steps);
void	 explain_html_free(struct explain_html *);
void	 explain_html_step(struct explain_html *, struct explain_log *,
	     const struct explain_step *);
int	 explain_html_write(struct explain_html *, const char *file,
	     const char *title, struct explain_log *,
	     const struct path_point *path, size_t npath, bool truncated);

/*
 * The incremental walkthrough's page: one frame per step as the
 * narration numbers them (event, step).  explain_inc_html_begin starts
 * the frame of step `step` of event `event` (0: the first search; step
 * 0: before the first cell is taken), `taken` the cell that step takes
 * or -1; explain_inc_html_line adds a line of the narration to it;
 * explain_inc_html_state records the search's values at its end (every
 * cell's g, rhs and parent, the costs, the open list in order with its
 * keys, km, where the hunter and the target stand); explain_inc_html_path
 * the path found.  explain_inc_html_write writes the page (the events
 * as typed, for the frames' headings).  Returns 0, or -1 with a message
 * printed.
 */
struct explain_inc_html;
struct explain_inc_html *explain_inc_html_new(int width, int height);
void	 explain_inc_html_free(struct explain_inc_html *);
void	 explain_inc_html_begin(struct explain_inc_html *, int event,
	     long step, int taken);
void	 explain_inc_html_line(struct explain_inc_html *, const char *line);
void	 explain_inc_html_state(struct explain_inc_html *,
	     const struct path_tbdl *, int hunter, int target);
void	 explain_inc_html_path(struct explain_inc_html *,
	     const struct path_point *, size_t n);
int	 explain_inc_html_write(struct explain_inc_html *, const char *file,
	     const char *title, const struct path_tilemap *, int base,
	     path_cost unit, const char *const *events, int nevents);

#endif
