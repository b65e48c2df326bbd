/*
 * record.h: the files that let a game be shared: its replay (--record
 * FILE, in the terminal and headless) and, when it ends, its morgue file
 * beside the high scores.
 *
 * A morgue file is a replay file (replay.h) whose '#' comments tell how
 * the game went: the seed and dungeon, how it ended, on which turn and
 * depth, the score, the last messages.  astray --headless --replay plays
 * it back to the same end.  It is named morgue-SEED-YYYYMMDD-HHMMSS.txt
 * (UTC), with -2, -3, ... before ".txt" when two games would take the
 * same name, and never replaces a file.
 */
#ifndef ASTRAY_RECORD_H
#define ASTRAY_RECORD_H

#include "game.h"

/* Messages a morgue file keeps, the newest last. */
#define RECORD_MORGUE_MESSAGES	12

/*
 * Writes the game so far as a replay file at path, atomically.  Returns
 * 0, or -1 with *cause set (the file is then as it was).
 */
int	 record_write(const char *path, const struct game *, char **cause);

/*
 * Writes a finished game's morgue file in the folder of the score table
 * scores.  Returns a new string naming the file written, or NULL with
 * *cause set, no file left behind.
 */
char	*record_morgue(const char *scores, const struct game *, char **cause);

#endif
