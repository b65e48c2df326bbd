/*
 * inventory.c: the player's items, from the floor to their effects.
 *
 * Items lie on the floor of generated levels, placed from a random
 * stream of their own (seeded by the game's seed and the depth), so that
 * placing them disturbs neither the level nor the monsters.  The player
 * picks up the top stack under them into one of 26 pack slots (a to z;
 * a stack of the same kind joins its slot), drops a slot's stack, and
 * uses an item the way its effect says (item.h).
 *
 * Every effect is something the monsters' planners must answer:
 * a teleport moves the target of every search far at once; stealth
 * silences the player so hunters lose them and search where they last
 * noticed them; a thrown noise maker gives every monster that hears it a
 * second target, which it follows for a while deaf to the player; door
 * spikes turn a shut door into a terrain the door-opening class cannot
 * enter, and caltrops the floor into a terrain walkers pay more for, both
 * through level_set_terrain(), so every class's cost grid and change log
 * see them; a wand of digging turns a line of walls into floor in one
 * turn, many changes for the planners to repair at once.  A weapon adds
 * to the player's blows, armour takes from the monsters'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "inventory.h"
#include "magic.h"
#include "missile.h"
#include "rng.h"
#include "state.h"
#include "world.h"

#define INVENTORY_PLACE_SALT	UINT64_C(0x17e3517e3517e35)
#define INVENTORY_TELEPORT_TRIES	64
#define INVENTORY_STEALTH_WARN	3	/* turns left when told */

/* Reports what an item command did. */
static void
inventory_tell(struct game *g, struct event e)
{
	event_add(&g->events, e);
}

/* Takes one item out of a slot. */
static void
inventory_spend(struct game *g, int slot)
{
	if (--g->pack[slot].count == 0)
		g->pack[slot].kind = -1;
}

/* Picks up the top stack under the player. */
static int
inventory_pickup(struct game *g)
{
	struct level		*l = g->level;
	int			 i = level_item_at(l, g->px, g->py), s;

	if (i < 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_NOTHING_HERE });
		return (0);
	}
	if ((s = magic_stow(g, l->items[i].kind, l->items[i].count,
	    l->items[i].plus)) < 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_PACK_FULL,
		    .item = l->items[i].kind });
		return (0);
	}
	inventory_tell(g, (struct event){ .kind = EVENT_PICKED,
	    .item = l->items[i].kind, .a = g->pack[s].count, .b = s });
	level_take_item(l, i);
	g->noise = NOISE_WAIT;
	return (1);
}

/* Drops a slot's whole stack where the player stands. */
static int
inventory_drop(struct game *g, int slot)
{
	struct pack_slot	*p = &g->pack[slot];

	if (level_add_item(g->level, g->px, g->py, p->kind, p->count, p->plus,
	    item_stacks(&g->items.k[p->kind])) != 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_ROOM });
		return (0);
	}
	inventory_tell(g, (struct event){ .kind = EVENT_DROPPED,
	    .item = p->kind });
	*p = (struct pack_slot){ .kind = -1 };
	g->noise = NOISE_WAIT;
	return (1);
}

/*
 * Jumps the player to a free floor cell far away: the farthest of a few
 * random ones, from the gameplay stream.
 */
static void
inventory_teleport(struct game *g)
{
	struct level	*l = g->level;
	int		 i, x, y, bx = g->px, by = g->py, best = -1, d;

	for (i = 0; i < INVENTORY_TELEPORT_TRIES; i++) {
		x = (int)rng_below(&g->rng, (uint32_t)l->width);
		y = (int)rng_below(&g->rng, (uint32_t)l->height);
		if (level_at(l, x, y) != g->terrain.floor ||
		    level_monster_at(l, x, y) != NULL)
			continue;
		d = abs(x - g->px) + abs(y - g->py);
		/* Never into a pocket with no way out. */
		if (d > best && world_way_out(g, l, x, y)) {
			best = d;
			bx = x;
			by = y;
		}
	}
	if (best < 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_STAYED });
		return;
	}
	g->px = bx;
	g->py = by;
	inventory_tell(g, (struct event){ .kind = EVENT_TELEPORTED });
}

/*
 * Where a thrown item lands: it flies up to range cells in a direction,
 * stopping before a cell a walker cannot enter or a monster.
 */
static void
inventory_landing(const struct game *g, int dx, int dy, int range, int *x,
    int *y)
{
	struct level	*l = g->level;
	int		 i, nx, ny;

	*x = g->px;
	*y = g->py;
	for (i = 0; i < range; i++) {
		nx = *x + dx;
		ny = *y + dy;
		if (level_cost(l, g->terrain.walk, nx, ny) == 0 ||
		    level_monster_at(l, nx, ny) != NULL)
			return;
		*x = nx;
		*y = ny;
	}
}

/*
 * A noise at (x,y): every monster that hears it goes there, deaf to the
 * player until it arrives or gives up.  Returns how many heard it.
 */
static int
inventory_noise(struct game *g, int x, int y, int power)
{
	struct level			*l = g->level;
	struct monster			*m;
	const struct monster_kind	*k;
	long				 dx, dy, range;
	int				 i, heard = 0;

	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		k = &g->monsters.k[m->kind];
		if (!m->alive || k->hearing == 0)
			continue;
		dx = m->x - x;
		dy = m->y - y;
		range = (long)k->hearing * power / 4;
		if (dx * dx + dy * dy > range * range)
			continue;
		m->state = MS_SEARCH;
		m->lx = x;
		m->ly = y;
		m->timer = k->give_up > 0 ? k->give_up : 1;
		m->lured = m->timer;
		heard++;
	}
	return (heard);
}

/* Caltrops and the like: the floor around (x,y) becomes a terrain. */
static void
inventory_scatter(struct game *g, int x, int y, int terrain)
{
	int	dx, dy;

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			if (level_at(g->level, x + dx, y + dy) ==
			    g->terrain.floor)
				level_set_terrain(g->level, &g->terrain,
				    x + dx, y + dy, terrain);
		}
	}
}

/*
 * Digs a line of up to power cells from the player: every cell that can
 * be dug becomes floor, passable cells are passed, and the first cell
 * that neither digs nor lets a walker through stops it.  Returns how
 * many cells were dug.
 */
static int
inventory_dig(struct game *g, int dx, int dy, int power)
{
	const struct terrain_table	*t = &g->terrain;
	int				 i, x = g->px, y = g->py, tt, dug = 0;

	for (i = 0; i < power; i++) {
		x += dx;
		y += dy;
		if ((tt = level_at(g->level, x, y)) < 0)
			break;
		if (t->t[tt].dig >= 0) {
			level_set_terrain(g->level, t, x, y, t->floor);
			dug++;
		} else if (t->t[tt].cost[t->walk] == 0)
			break;
	}
	return (dug);
}

/* Spikes the shut door next to the player; returns 1 if it did. */
static int
inventory_spike(struct game *g, int dx, int dy, int terrain)
{
	const struct terrain_table	*t = &g->terrain;
	int				 x = g->px + dx, y = g->py + dy;
	int				 tt = level_at(g->level, x, y);

	if (tt < 0 || t->t[tt].open < 0 || t->t[tt].cost[t->walk] != 0 ||
	    tt == terrain) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_DOOR });
		return (0);
	}
	level_set_terrain(g->level, t, x, y, terrain);
	inventory_tell(g, (struct event){ .kind = EVENT_SPIKED,
	    .terrain = tt });
	return (1);
}

/*
 * Wields a weapon or a launcher, or wears armour, the one before going to
 * the pack.  One of the kind and enchantment already in hand or on is
 * refused without a turn: the swap would change nothing but the clock.
 */
static int
inventory_wield(struct game *g, int slot)
{
	const struct item_kind	*k = &g->items.k[g->pack[slot].kind];
	struct held		*on = k->effect == ITEM_ARMOUR ? &g->worn :
				    &g->wielded;
	struct held		 old = *on;
	int			 kind = g->pack[slot].kind;

	if (kind == old.kind && g->pack[slot].plus == old.plus) {
		inventory_tell(g, (struct event){ .kind = EVENT_ALREADY,
		    .item = kind });
		return (0);
	}
	on->kind = kind;
	on->plus = g->pack[slot].plus;
	inventory_spend(g, slot);
	if (old.kind >= 0 && magic_stow(g, old.kind, 1, old.plus) < 0)
		(void)level_add_item(g->level, g->px, g->py, old.kind, 1,
		    old.plus, item_stacks(&g->items.k[old.kind]));
	inventory_tell(g, (struct event){ .kind = EVENT_WIELDED,
	    .item = kind });
	return (1);
}

/*
 * Where an aimed item goes: (dx,dy) as given, or for (0,0) the nearest
 * monster in view within range.  Returns 0, or -1 (told) if there is
 * none.
 */
static int
inventory_aim(struct game *g, int range, int *dx, int *dy)
{
	if (*dx != 0 || *dy != 0)
		return (0);
	if (missile_nearest(g, range, dx, dy) == 0)
		return (0);
	inventory_tell(g, (struct event){ .kind = EVENT_NO_TARGET });
	return (-1);
}

/* Zaps a wand: a charge goes, and the kind is known. */
static int
inventory_zap(struct game *g, int slot, int dx, int dy)
{
	int			 kind = g->pack[slot].kind;
	const struct item_kind	*k = &g->items.k[kind];
	int			 n;

	if (g->pack[slot].plus <= 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_CHARGES,
		    .item = kind });
		return (0);
	}
	if (k->effect == ITEM_DIG || k->effect == ITEM_BLINK) {
		if (dx == 0 && dy == 0) {
			inventory_tell(g, (struct event){
			    .kind = EVENT_WHICH_WAY });
			return (0);
		}
	} else if (inventory_aim(g, k->range, &dx, &dy) != 0)
		return (0);
	g->pack[slot].plus--;
	magic_learn(g, kind);
	if (k->effect == ITEM_DIG) {
		n = inventory_dig(g, dx, dy, k->power);
		inventory_tell(g, (struct event){ .kind = EVENT_BORED,
		    .item = kind, .a = n });
		g->noise = NOISE_DIG;
	} else
		missile_zap(g, kind, dx, dy);
	return (1);
}

/* Fires the wielded launcher's ammo from the pack. */
static int
inventory_fire(struct game *g, int dx, int dy)
{
	const struct item_kind	*l;
	int			 i, ammo;

	if (g->wielded.kind < 0 ||
	    g->items.k[g->wielded.kind].effect != ITEM_LAUNCHER) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_LAUNCHER });
		return (0);
	}
	l = &g->items.k[g->wielded.kind];
	ammo = l->ammo;
	for (i = 0; i < PACK_SLOTS && g->pack[i].kind != ammo; i++)
		continue;
	if (i == PACK_SLOTS) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_AMMO,
		    .item = ammo });
		return (0);
	}
	if (inventory_aim(g, g->items.k[ammo].range, &dx, &dy) != 0)
		return (0);
	missile_fly(g, ammo, g->pack[i].plus, l->power + g->wielded.plus, dx,
	    dy);
	inventory_spend(g, i);
	return (1);
}

/* Uses a directed item: thrown, or applied next to or from the player. */
static int
inventory_aimed(struct game *g, int slot, int dx, int dy)
{
	int			 kind = g->pack[slot].kind;
	const struct item_kind	*k = &g->items.k[kind];
	int			 x, y;

	if (k->effect == ITEM_MISSILE) {
		if (inventory_aim(g, k->range, &dx, &dy) != 0)
			return (0);
		missile_fly(g, kind, g->pack[slot].plus, 0, dx, dy);
		inventory_spend(g, slot);
		return (1);
	}
	if (dx == 0 && dy == 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_WHICH_WAY });
		return (0);
	}
	switch (k->effect) {
	case ITEM_NOISE:
		inventory_landing(g, dx, dy, k->range, &x, &y);
		inventory_tell(g, (struct event){ .kind = EVENT_RATTLES,
		    .item = kind, .x = x, .y = y,
		    .a = inventory_noise(g, x, y, k->power) });
		break;
	case ITEM_SCATTER:
		inventory_landing(g, dx, dy, k->range, &x, &y);
		inventory_scatter(g, x, y, k->terrain);
		inventory_tell(g, (struct event){ .kind = EVENT_SCATTERED,
		    .item = kind, .x = x, .y = y });
		break;
	default:	/* ITEM_SPIKE */
		if (!inventory_spike(g, dx, dy, k->terrain))
			return (0);
		g->noise = NOISE_DOOR;
		break;
	}
	inventory_spend(g, slot);
	return (1);
}

/* Drinks or reads an item, which becomes known. */
static int
inventory_consume(struct game *g, int slot, int target)
{
	int	kind = g->pack[slot].kind;

	g->noise = NOISE_WAIT;
	if (magic_consume(g, slot, target) != 0)
		inventory_teleport(g);
	magic_learn(g, kind);
	/* Enchanting may have split a stack: the scroll's slot stays. */
	inventory_spend(g, slot);
	return (1);
}

/* The use each command is for. */
static int
inventory_cmd_use(enum game_cmd cmd, enum item_use *use)
{
	switch (cmd) {
	case GAME_CMD_QUAFF:
		*use = ITEM_USE_QUAFF;
		return (0);
	case GAME_CMD_READ:
		*use = ITEM_USE_READ;
		return (0);
	case GAME_CMD_THROW:
		*use = ITEM_USE_THROW;
		return (0);
	case GAME_CMD_APPLY:
		*use = ITEM_USE_APPLY;
		return (0);
	case GAME_CMD_WIELD:
		*use = ITEM_USE_WIELD;
		return (0);
	case GAME_CMD_ZAP:
		*use = ITEM_USE_ZAP;
		return (0);
	default:
		return (-1);
	}
}

/*
 * Carries out an item command for the player: returns 1 if a turn went,
 * 0 with a message saying why not.
 */
int
inventory_act(struct game *g, struct game_action a)
{
	const struct item_kind	*k;
	enum item_use		 want, use;

	if (a.cmd == GAME_CMD_PICKUP)
		return (inventory_pickup(g));
	if (a.cmd == GAME_CMD_FIRE)
		return (inventory_fire(g, a.dx, a.dy));
	if (a.item < 0 || a.item >= PACK_SLOTS || g->pack[a.item].kind < 0) {
		inventory_tell(g, (struct event){ .kind = EVENT_NO_SUCH_ITEM });
		return (0);
	}
	if (a.cmd == GAME_CMD_DROP)
		return (inventory_drop(g, a.item));
	k = &g->items.k[g->pack[a.item].kind];
	use = item_use_of(k->effect);
	if (inventory_cmd_use(a.cmd, &want) != 0 || want != use) {
		inventory_tell(g, (struct event){ .kind = EVENT_WRONG_USE,
		    .item = g->pack[a.item].kind,
		    .a = inventory_cmd_use(a.cmd, &want) == 0 ? (int)want : -1,
		    .b = (int)use });
		return (0);
	}
	switch (use) {
	case ITEM_USE_QUAFF:
	case ITEM_USE_READ:
		return (inventory_consume(g, a.item, a.target));
	case ITEM_USE_WIELD:
		return (inventory_wield(g, a.item));
	case ITEM_USE_ZAP:
		return (inventory_zap(g, a.item, a.dx, a.dy));
	default:
		return (inventory_aimed(g, a.item, a.dx, a.dy));
	}
}

/*
 * A turn went: stealth wears off, told a few turns before it ends (when
 * it lasted longer than that: it passed through that many) and when it
 * has; so do the effects of potions (magic.c).
 */
void
inventory_turn(struct game *g)
{
	if (g->stealth > 0 && (--g->stealth == 0 ||
	    g->stealth == INVENTORY_STEALTH_WARN))
		inventory_tell(g, (struct event){ .kind = EVENT_HEARD_AGAIN,
		    .a = g->stealth });
	magic_turn(g);
}
