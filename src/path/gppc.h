/*
 * gppc.h: the GPPC dynamic track ("version 2" scenarios and patch files).
 *
 * A scenario names its grid's size, the patch file beside it and a list
 * of commands: "P bucket id x y" overwrites the rectangle at (x,y) with
 * patch id, "Q bucket sx sy gx gy cost..." asks for a path.  The grid
 * starts all open; moves are 8-connected, diagonal sqrt(2), no corner
 * cutting.  A reference cost of -1 means no path exists.
 */
#ifndef ASTRAY_GPPC_H
#define ASTRAY_GPPC_H

#include <stddef.h>

#include "api.h"
#include "grid.h"

PATH_BEGIN_DECLS

#define PATH_GPPC_MAX_PATCHES	1000000
#define PATH_GPPC_MAX_COMMANDS	10000000

struct path_gppc_patch {
	int	 width;
	int	 height;
	uint8_t	*open;		/* width * height, 1 = open, 0 = blocked */
};

enum path_gppc_kind {
	PATH_GPPC_PATCH,
	PATH_GPPC_QUERY
};

struct path_gppc_command {
	enum path_gppc_kind kind;
	int	 bucket;
	int	 line;		/* in the scenario file */
	int	 patch;		/* PATCH: patch id, placed at (x,y) */
	int	 x, y;
	int	 sx, sy;	/* QUERY */
	int	 gx, gy;
	double	 reference;	/* QUERY: octile cost, -1 when none */
};

struct path_gppc {
	int			 width;
	int			 height;
	char			*patch_file;	/* as resolved */
	struct path_gppc_patch	*patches;
	size_t			 npatches;
	struct path_gppc_command *commands;
	size_t			 ncommands;
	size_t			 nqueries;
};

/*
 * Reads a scenario and the patch file it names (relative to the
 * scenario's folder).  Returns a new scenario or NULL with *cause set to
 * "file:line: ...".
 */
PATH_API struct path_gppc *path_gppc_read(const char *scen_path, char **cause);

/*
 * Parses a scenario from memory; patch_buf holds the patch file, which is
 * named patch_name in messages.
 */
PATH_API struct path_gppc *path_gppc_parse(const char *scen_name, const char *buf,
		     size_t len, const char *patch_name, const char *patch_buf,
		     size_t patch_len, char **cause);

/*
 * The patch file name a scenario gives, and in *line where; or NULL with
 * *cause set.
 */
PATH_API char	*path_gppc_patch_name(const char *scen_name, const char *buf,
	     size_t len, int *line, char **cause);

PATH_API void	 path_gppc_free(struct path_gppc *);

/* Applies a PATCH command to a grid of the scenario's size. */
PATH_API void	 path_gppc_apply(const struct path_gppc *,
	     const struct path_gppc_command *, struct path_grid *);

PATH_END_DECLS

#endif
