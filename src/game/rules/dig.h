/*
 * dig.h: a monster that tunnels through rock (dig.c).
 */
#ifndef ASTRAY_DIG_H
#define ASTRAY_DIG_H

struct game;

#define DIG_HEARD	20	/* cells off the player hears a wall dug
				   through */

/*
 * Monster i's next step is (nx,ny): if that is rock its movement class
 * digs (a terrain with "dig" the class has a cost on), it spends the
 * action digging; the terrain's hardness in actions digs it through.
 * Returns 1 if the action went on digging, 0 if (nx,ny) is no rock.
 */
int	 dig_act(struct game *, int i, int nx, int ny);

#endif
