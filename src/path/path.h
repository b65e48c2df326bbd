/*
 * path.h: libastray-path, the whole public API in one include.
 *
 * A program includes <astray/path.h> and links with what
 * `pkg-config --cflags --libs astray-path` prints.
 *
 * What is here:
 *   rules.h     costs in fixed point, movement rules, heuristics
 *   grid.h      cost grids that log their changes; saving to a buffer
 *   astar.h     A* on a grid (one reusable workspace per thread)
 *   jps.h       jump point search for uniform-cost grids
 *   field.h     Dijkstra fields from a target (Brogue's Dijkstra maps)
 *   flank.h     a step rule for hunters that surround their prey
 *   safety.h    safety maps: where a hunted creature should run
 *   planner.h   incremental planners for hunters chasing a target
 *   movingai.h  the Moving AI benchmark maps
 *   textgrid.h  maps typed by hand; reading any map file
 *   memory.h    what happens when memory runs out; a host's error log
 *   api.h       how the headers mark what the library exports
 *
 * Thread safety.  The library keeps no hidden state but the out-of-memory
 * and error handlers (set them before threads start).  Objects are not
 * locked: an object (grid, workspace, field, context and its planners) is
 * used by one thread at a time.  Different objects may be used by
 * different threads at once, with one exception: the planners of one
 * context share its workspace and fields, so a context and all its
 * planners belong to one thread at a time, and a grid must not change
 * while any search reads it.
 * Reading a grid from several threads at once (searches with their own
 * workspaces) is safe as long as nobody writes it.
 *
 * ABI policy.  The soname's number (libastray-path.so.N) changes whenever
 * a release removes or changes anything a compiled program relies on: a
 * function's signature, an enum value, the layout of a struct this API
 * shows (path_rules, path_point, path_stats, path_change, path_plan_stats
 * and their parts).  New functions and new enum
 * values at the end of an enum only add (libtool's -version-info current
 * and age both grow).  Objects behind pointers (path_grid, path_astar,
 * path_context, path_planner, ...) are opaque and may change freely.
 * Only names beginning with path_ or PATH_ belong to the library; the
 * shared library and the static archive export nothing else.  Saves
 * written by *_save_buffer are read back by the same version of the
 * library; a later version refuses ones it cannot read with a message,
 * never misreads them.
 */
#ifndef ASTRAY_PATH_H
#define ASTRAY_PATH_H

#include "api.h"
#include "rules.h"
#include "memory.h"
#include "grid.h"
#include "astar.h"
#include "jps.h"
#include "field.h"
#include "flank.h"
#include "safety.h"
#include "planner.h"
#include "movingai.h"
#include "textgrid.h"

#endif
