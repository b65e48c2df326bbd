/*
 * magic.c: what potions and scrolls do, the timers they start, and the
 * identification game.
 *
 * Potions, scrolls and wands come with looks (items.txt "look"): in each
 * game the looks of a class are dealt out among its kinds from a random
 * stream of their own, seeded by the game's seed, so a "murky potion"
 * heals in one game and poisons in the next, and dealing them disturbs
 * nothing else.  Using an item makes its kind known (EVENT_LEARNED); a
 * scroll of identify makes every kind the player carries known.
 *
 * Some effects help (healing, strength, haste, experience, mapping,
 * fear, enchanting, recharging) and some harm (poison, confusion,
 * blindness, a scroll that rouses the whole level): drinking an unknown
 * potion in a fight is a gamble, which is what makes knowing worth it.
 * Timed effects run down in magic_turn(), each told when it wears off.
 */
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "growth.h"
#include "magic.h"
#include "rng.h"
#include "state.h"

#define MAGIC_LOOKS_SALT	UINT64_C(0x10015c0ffee15e)
#define MAGIC_STRENGTH_MAX	20	/* damage potions may add in all */

/* Reports what an item did. */
static void
magic_tell(struct game *g, struct event e)
{
	event_add(&g->events, e);
}

/* Deals the looks out among each class's kinds: see magic.h. */
void
magic_deal_looks(struct game *g)
{
	struct rng	 r;
	int		 kinds[ITEM_KINDS_MAX], n, c, i, j, t;

	rng_seed(&r, g->seed ^ MAGIC_LOOKS_SALT);
	for (i = 0; i < g->items.n; i++)
		g->look_of[i] = i;
	for (c = 0; c < ITEM_CLASSES; c++) {
		n = 0;
		for (i = 0; i < g->items.n; i++) {
			if ((int)g->items.k[i].cls == c &&
			    g->items.k[i].look[0] != '\0')
				kinds[n++] = i;
		}
		/* Fisher-Yates over the looks of the class. */
		for (i = 0; i < n; i++)
			g->look_of[kinds[i]] = kinds[i];
		for (i = n - 1; i > 0; i--) {
			j = (int)rng_below(&r, (uint32_t)i + 1);
			t = g->look_of[kinds[i]];
			g->look_of[kinds[i]] = g->look_of[kinds[j]];
			g->look_of[kinds[j]] = t;
		}
	}
}

/* Makes a kind known, told if it was not: see magic.h. */
void
magic_learn(struct game *g, int kind)
{
	if (player_knows(g, kind))
		return;
	g->known[kind] = 1;
	magic_tell(g, (struct event){ .kind = EVENT_LEARNED, .item = kind });
}

/* A scroll of identify: every unknown kind carried becomes known. */
static void
magic_identify(struct game *g)
{
	int	i, n = 0;

	/* Told first, then each kind it names. */
	for (i = 0; i < PACK_SLOTS; i++)
		n += g->pack[i].kind >= 0 && !player_knows(g, g->pack[i].kind);
	magic_tell(g, (struct event){ .kind = EVENT_IDENTIFIED, .a = n });
	for (i = 0; i < PACK_SLOTS; i++)
		if (g->pack[i].kind >= 0)
			magic_learn(g, g->pack[i].kind);
}

/* Puts items into the pack: see magic.h. */
int
magic_stow(struct game *g, int kind, int count, int plus)
{
	int	i, empty = -1, stacks = item_stacks(&g->items.k[kind]);

	for (i = 0; i < PACK_SLOTS; i++) {
		if (stacks && g->pack[i].kind == kind &&
		    g->pack[i].plus == plus) {
			if (g->pack[i].count + count > ITEM_COUNT_MAX)
				return (-1);
			g->pack[i].count += count;
			return (i);
		}
		if (g->pack[i].kind < 0 && empty < 0)
			empty = i;
	}
	if (empty >= 0)
		g->pack[empty] = (struct pack_slot){ kind, count, plus };
	return (empty);
}

/* Adds to a plus, which stops at ITEM_PLUS_MAX. */
static int
magic_add(int plus, int more)
{
	return (plus + more > ITEM_PLUS_MAX ? ITEM_PLUS_MAX : plus + more);
}

/*
 * Enchants one item of a pack slot: a stack of more than one gives up
 * the one, which takes a slot of its own (or the floor).
 */
static void
magic_enchant_slot(struct game *g, int slot, int power)
{
	struct pack_slot	*p = &g->pack[slot];
	int			 kind = p->kind, plus = magic_add(p->plus, power);

	if (p->count == 1)
		p->plus = plus;
	else {
		p->count--;
		if (magic_stow(g, kind, 1, plus) < 0)
			(void)level_add_item(g->level, g->px, g->py, kind, 1,
			    plus, 0);
	}
	magic_tell(g, (struct event){ .kind = EVENT_ENCHANTED, .item = kind,
	    .a = plus });
}

/* Whether a kind takes enchanting: weapons, launchers, armour, wands. */
static int
magic_enchantable(const struct item_kind *k)
{
	return (k->cls == ITEM_CLASS_WEAPON || k->cls == ITEM_CLASS_ARMOUR ||
	    k->cls == ITEM_CLASS_WAND);
}

/*
 * A scroll of enchanting: on the item chosen (target, game_action's),
 * else on what is wielded, else on what is worn.  With nothing to take
 * it, it is spent for nothing.
 */
static void
magic_enchant(struct game *g, int power, int target, int scroll)
{
	struct held	*h = NULL;

	if (target >= 1 && target <= PACK_SLOTS && target - 1 != scroll &&
	    g->pack[target - 1].kind >= 0 &&
	    magic_enchantable(&g->items.k[g->pack[target - 1].kind])) {
		magic_enchant_slot(g, target - 1, power);
		return;
	}
	if (target == GAME_TARGET_WORN && g->worn.kind >= 0)
		h = &g->worn;
	else if (g->wielded.kind >= 0)
		h = &g->wielded;
	else if (g->worn.kind >= 0)
		h = &g->worn;
	if (h == NULL) {
		magic_tell(g, (struct event){
		    .kind = EVENT_NOTHING_TO_ENCHANT });
		return;
	}
	h->plus = magic_add(h->plus, power);
	magic_tell(g, (struct event){ .kind = EVENT_ENCHANTED,
	    .item = h->kind, .a = h->plus });
}

/* A scroll of mapping: every cell next to one a walker enters is known. */
static void
magic_map(struct game *g)
{
	struct level	*l = g->level;
	int		 x, y, dx, dy, near;

	for (y = 0; y < l->height; y++) {
		for (x = 0; x < l->width; x++) {
			near = 0;
			for (dy = -1; dy <= 1 && !near; dy++)
				for (dx = -1; dx <= 1 && !near; dx++)
					near = level_cost(l, g->terrain.walk,
					    x + dx, y + dy) != 0;
			if (!near)
				continue;
			l->seen[y * l->width + x] |= LEVEL_SEEN;
			l->memory[y * l->width + x] =
			    (uint8_t)level_at(l, x, y);
		}
	}
	level_forget_given_up(l);
	magic_tell(g, (struct event){ .kind = EVENT_MAPPED });
}

/*
 * A scroll of aggravation, or of fear: every monster of the level hunts
 * the player, where the player stands now; or every monster in view
 * flees for power turns.  Returns how many.
 */
static int
magic_rouse(struct game *g, int fear, int power)
{
	struct level			*l = g->level;
	struct monster			*m;
	const struct monster_kind	*k;
	int				 i, n = 0;

	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		k = &g->monsters.k[m->kind];
		if (!m->alive)
			continue;
		if (fear) {
			if (!l->visible[m->y * l->width + m->x])
				continue;
			m->afraid = power;
			m->state = MS_FLEE;
		} else {
			m->state = MS_HUNT;
			m->lured = 0;
			m->timer = k->give_up > 0 ? k->give_up : 1;
		}
		m->lx = g->px;
		m->ly = g->py;
		n++;
	}
	return (n);
}

/* A scroll of recharging: every wand carried gets power charges. */
static int
magic_recharge(struct game *g, int power)
{
	int	i, n = 0;

	for (i = 0; i < PACK_SLOTS; i++) {
		if (g->pack[i].kind >= 0 &&
		    g->items.k[g->pack[i].kind].cls == ITEM_CLASS_WAND) {
			g->pack[i].plus = magic_add(g->pack[i].plus, power);
			n++;
		}
	}
	return (n);
}

/* Starts a timed effect, told. */
static void
magic_timer(struct game *g, int *timer, int power, enum event_kind kind)
{
	*timer = power;
	magic_tell(g, (struct event){ .kind = kind, .a = power });
}

/*
 * What a potion or a scroll does; the teleport is the caller's (it
 * needs the level's way out).  Returns 0, or -1 for a teleport.
 */
int
magic_consume(struct game *g, int slot, int target)
{
	int			 kind = g->pack[slot].kind, before = g->hp;
	const struct item_kind	*k = &g->items.k[kind];

	switch (k->effect) {
	case ITEM_HEAL:
		g->hp = g->hp_max - g->hp < k->power ? g->hp_max :
		    g->hp + k->power;
		magic_tell(g, (struct event){ .kind = EVENT_HEALED,
		    .item = kind, .a = g->hp - before });
		break;
	case ITEM_STRENGTH:
		g->strength = g->strength + k->power > MAGIC_STRENGTH_MAX ?
		    MAGIC_STRENGTH_MAX : g->strength + k->power;
		magic_tell(g, (struct event){ .kind = EVENT_STRONGER,
		    .a = g->strength });
		break;
	case ITEM_HASTE:
		magic_timer(g, &g->hasted, k->power, EVENT_HASTE);
		break;
	case ITEM_POISON:
		magic_timer(g, &g->poisoned, k->power, EVENT_POISON);
		break;
	case ITEM_CONFUSE:
		magic_timer(g, &g->confused, k->power, EVENT_CONFUSED);
		break;
	case ITEM_BLIND:
		magic_timer(g, &g->blind, k->power, EVENT_BLINDED);
		level_update_view(g, g->level);
		break;
	case ITEM_EXPERIENCE:
		growth_gain(g, (int)(player_to_next(g) > 0 ?
		    player_to_next(g) : 0));
		break;
	case ITEM_STEALTH:
		magic_timer(g, &g->stealth, k->power, EVENT_SILENT);
		break;
	case ITEM_IDENTIFY:
		g->known[kind] = 1;	/* before the pack is looked at */
		magic_identify(g);
		break;
	case ITEM_ENCHANT:
		magic_enchant(g, k->power, target, slot);
		break;
	case ITEM_MAP:
		magic_map(g);
		break;
	case ITEM_AGGRAVATE:
		magic_tell(g, (struct event){ .kind = EVENT_AGGRAVATED,
		    .a = magic_rouse(g, 0, 0) });
		break;
	case ITEM_FEAR:
		magic_tell(g, (struct event){ .kind = EVENT_FRIGHTENED,
		    .a = magic_rouse(g, 1, k->power) });
		break;
	case ITEM_RECHARGE:
		magic_tell(g, (struct event){ .kind = EVENT_RECHARGED,
		    .a = magic_recharge(g, k->power) });
		break;
	default:	/* ITEM_TELEPORT */
		return (-1);
	}
	return (0);
}

/* Counts a timer down, telling when it runs out. */
static void
magic_wear(struct game *g, int *timer, enum event_kind kind)
{
	if (*timer > 0 && --*timer == 0)
		magic_tell(g, (struct event){ .kind = kind, .a = 0 });
}

/* A turn went: see magic.h. */
void
magic_turn(struct game *g)
{
	struct level	*l = g->level;
	int		 i;

	if (g->poisoned > 0 && g->hp > 1)
		g->hp--;
	magic_wear(g, &g->poisoned, EVENT_POISON);
	magic_wear(g, &g->hasted, EVENT_HASTE);
	magic_wear(g, &g->confused, EVENT_CONFUSED);
	magic_wear(g, &g->blind, EVENT_BLINDED);
	for (i = 0; i < l->nmon; i++) {
		if (l->mon[i].slowed > 0)
			l->mon[i].slowed--;
		if (l->mon[i].afraid > 0 && --l->mon[i].afraid == 0 &&
		    l->mon[i].state == MS_FLEE)
			l->mon[i].state = MS_HUNT;
	}
}
