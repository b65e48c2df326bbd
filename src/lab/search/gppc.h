/*
 * gppc.h: the GPPC dynamic track ("version 2" scenarios and patch files).
 *
 * A scenario names its grid's size, the patch file beside it and a list
 * of commands: "P bucket id x y" overwrites the rectangle at (x,y) with
 * patch id, "Q bucket sx sy gx gy cost..." asks for a path.  The grid
 * starts all open; moves are 8-connected, diagonal sqrt(2), no corner
 * cutting.  A reference cost of -1 means no path exists.
 *
 * The lab's reader (astray-lab dyn and its tests), not part of the
 * installed libastray-path.
 */
#ifndef ASTRAY_GPPC_H
#define ASTRAY_GPPC_H

#include <stddef.h>

#include "grid.h"

#define LAB_GPPC_MAX_PATCHES	1000000
#define LAB_GPPC_MAX_COMMANDS	10000000

struct lab_gppc_patch {
	int	 width;
	int	 height;
	uint8_t	*open;		/* width * height, 1 = open, 0 = blocked */
};

enum lab_gppc_kind {
	LAB_GPPC_PATCH,
	LAB_GPPC_QUERY
};

struct lab_gppc_command {
	enum lab_gppc_kind kind;
	int	 bucket;
	int	 line;		/* in the scenario file */
	int	 patch;		/* PATCH: patch id, placed at (x,y) */
	int	 x, y;
	int	 sx, sy;	/* QUERY */
	int	 gx, gy;
	double	 reference;	/* QUERY: octile cost, -1 when none */
};

struct lab_gppc {
	int			 width;
	int			 height;
	char			*patch_file;	/* as resolved */
	struct lab_gppc_patch	*patches;
	size_t			 npatches;
	struct lab_gppc_command *commands;
	size_t			 ncommands;
	size_t			 nqueries;
};

/*
 * Reads a scenario and the patch file it names (relative to the
 * scenario's folder).  Returns a new scenario or NULL with *cause set to
 * "file:line: ...".
 */
struct lab_gppc *lab_gppc_read(const char *scen_path, char **cause);

/*
 * Parses a scenario from memory; patch_buf holds the patch file, which is
 * named patch_name in messages.
 */
struct lab_gppc *lab_gppc_parse(const char *scen_name, const char *buf,
		     size_t len, const char *patch_name, const char *patch_buf,
		     size_t patch_len, char **cause);

/*
 * The patch file name a scenario gives, and in *line where; or NULL with
 * *cause set.
 */
char	*lab_gppc_patch_name(const char *scen_name, const char *buf,
	     size_t len, int *line, char **cause);

void	 lab_gppc_free(struct lab_gppc *);

/* Applies a PATCH command to a grid of the scenario's size. */
void	 lab_gppc_apply(const struct lab_gppc *,
	     const struct lab_gppc_command *, struct path_grid *);

#endif
