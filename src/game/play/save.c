/*
 * save.c: saving and restoring a game, exactly.
 *
 * A save is "ASTRAYSAVE", a format version, the data signature's length
 * and the signature, the payload's length and the payload, and an FNV-1a
 * checksum of all that follows the version.  The payload is the
 * whole state that matters: both random streams, the player, the message
 * and key logs, and the level: terrain, what the player remembers, each
 * movement class's cost grid with its version and change log, gates and
 * events, every monster with its planner's exact state, and what each
 * class's planners learned together (the adaptive planners' tables, kept
 * by the class's planner context), and (format 3) the items: the
 * player's pack, what they wield and wear, stealth, the items on the
 * floor and which monsters follow a noise, and the player's experience
 * and level, and (format 4) which level of a campaign is being played
 * (the campaign itself is read again from its file on restoring, for
 * the levels still to come), and (format 5) what the player remembers
 * of each cell out of view: the terrain last seen there, a byte a cell,
 * and the top item last seen on each cell that had one.  Restoring all of it, rather than
 * rebuilding planners from scratch, is what makes a restored game play on
 * exactly as the saved one would have: an incremental planner's choice
 * between equally short paths depends on its history.
 *
 * The data signature names the active mods (mods.h) and says what the
 * save depends on in terrain.txt,
 * monsters.txt and items.txt: for each terrain, monster and item, in order, its name and a
 * digest of the rules it brings (costs, flags, what it turns into; hit
 * points, speed, senses, planner...), but not its glyph, colour or
 * description, and nothing of the files' comments, spacing or line
 * endings.  So a data file edited in ways that change no rule leaves the
 * saves playable, and a save that cannot be played is refused with the
 * terrain or monster that changed named.
 *
 * Loading trusts nothing: the checksum catches damage, the signature a
 * save made with other rules, and every value is range-checked against
 * what play can reach (a hand-edited save with a fixed-up checksum is
 * refused, not crashed on, and counters stop at their limits in play
 * rather than overflow).  A refused save is left where it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "hash.h"
#include "loop.h"
#include "mods.h"
#include "saves.h"
#include "serial.h"
#include "stage.h"
#include "state.h"
#include "hold.h"
#include "magic.h"
#include "tell.h"
#include "xmalloc.h"

#define SAVE_MAGIC	"ASTRAYSAVE"
#define SAVE_VERSION	9	/* 2: the data signature; range-checked counters;
				   contexts.  3: items.  4: campaigns.
				   5: the player's memory of each cell.
				   6: the items remembered and the cells
				   trodden, per cell (exploring's goals);
				   when journeys last saw each monster.
				   7: enchantment and charges, the kinds
				   known, potions' timers, strength, the
				   turn's time spent, the wall being dug,
				   monsters slowed and afraid.
				   8: issue 26's monsters: summoners'
				   calls and the raised, the player's
				   trail (save_tactics()), doors held,
				   walls being dug, what monsters carry,
				   the provoked, escorts' leaders.
				   9: the mods (mods.h), by name and
				   signature, in the data signature;
				   each event's trigger and its state */
#define SAVE_MAX	(256UL << 20)	/* bytes in a save */

/* FNV-1a (hash.h), for the checksum. */
static uint64_t
save_checksum(const uint8_t *p, size_t n)
{
	return (hash_bytes(HASH_START, p, n));
}

/* One entry of the data signature: a name and the digest of its rules. */
static void
save_sig_entry(struct ser *out, const char *name, struct ser *rules)
{
	ser_str(out, name);
	ser_u64(out, save_checksum(rules->buf, rules->len));
	ser_free(rules);
	ser_init(rules);
}

/*
 * Writes the data signature (see the top of the file): the movement
 * classes and the game's own terrains, then each terrain, then each
 * monster, as a count and entries.
 */
static void
save_signature(const struct game *g, struct ser *out)
{
	const struct terrain_table	*t = &g->terrain;
	const struct terrain		*e;
	const struct monster_kind	*k;
	struct ser			 r;
	int				 i, c, nmods;

	/* (format 9) the mods, by name and signature (mods.h) */
	nmods = g->mods != NULL ? g->mods->n : 0;
	ser_u32(out, (uint32_t)nmods);
	for (i = 0; i < nmods; i++) {
		ser_str(out, g->mods->m[i].name);
		ser_u64(out, g->mods->m[i].digest);
	}
	ser_init(&r);
	ser_u32(out, (uint32_t)(t->n + 1));
	ser_u32(&r, (uint32_t)t->nclasses);
	for (c = 0; c < t->nclasses; c++)
		ser_str(&r, t->classes[c]);
	ser_u32(&r, (uint32_t)t->walk);
	if (t->digs != 0)	/* the classes that dig (dig.c) */
		ser_u32(&r, t->digs);
	save_sig_entry(out, "(movement classes)", &r);
	for (i = 0; i < t->n; i++) {
		e = &t->t[i];
		for (c = 0; c < t->nclasses; c++)
			ser_u8(&r, e->cost[c]);
		ser_u32(&r, e->flags);
		ser_i64(&r, e->open);
		ser_i64(&r, e->close);
		ser_i64(&r, e->dig);
		ser_i64(&r, e->collapse);
		ser_i64(&r, e->hardness);
		save_sig_entry(out, e->name, &r);
	}
	ser_u32(out, (uint32_t)g->monsters.n);
	for (i = 0; i < g->monsters.n; i++) {
		k = &g->monsters.k[i];
		ser_i64(&r, k->hp);
		ser_i64(&r, k->damage_min);
		ser_i64(&r, k->damage_max);
		ser_i64(&r, k->speed);
		ser_i64(&r, k->sight);
		ser_i64(&r, k->hearing);
		ser_i64(&r, k->cls);
		ser_i64(&r, k->planner);
		ser_u32(&r, k->flags);
		ser_i64(&r, k->give_up);
		ser_i64(&r, k->depth_min);
		ser_i64(&r, k->depth_max);
		ser_i64(&r, k->value);
		ser_i64(&r, k->flee);
		ser_i64(&r, k->frequency);
		ser_i64(&r, k->ranged_min);
		ser_i64(&r, k->ranged_max);
		ser_i64(&r, k->range);
		ser_i64(&r, k->keeps);
		save_sig_entry(out, k->name, &r);
	}
	ser_u32(out, (uint32_t)g->items.n);
	for (i = 0; i < g->items.n; i++) {
		ser_i64(&r, g->items.k[i].effect);
		ser_i64(&r, g->items.k[i].power);
		ser_i64(&r, g->items.k[i].range);
		ser_i64(&r, g->items.k[i].terrain);
		ser_i64(&r, g->items.k[i].count);
		ser_i64(&r, g->items.k[i].depth_min);
		ser_i64(&r, g->items.k[i].depth_max);
		ser_i64(&r, g->items.k[i].frequency);
		ser_i64(&r, g->items.k[i].cls);
		ser_i64(&r, g->items.k[i].look[0] != '\0');
		ser_i64(&r, g->items.k[i].charges);
		ser_i64(&r, g->items.k[i].delay);
		ser_i64(&r, g->items.k[i].accuracy);
		ser_i64(&r, g->items.k[i].strikes);
		ser_i64(&r, g->items.k[i].noise);
		ser_i64(&r, g->items.k[i].ammo);
		save_sig_entry(out, g->items.k[i].name, &r);
	}
	ser_free(&r);
}

/*
 * Compares one table of a save's signature with the game's; returns NULL
 * if they agree, else a sentence saying what changed.
 */
static char *
load_sig_table(struct deser *saved, struct deser *now, const char *file,
    const char *what, uint32_t pseudo)
{
	char		 sname[NAME_LEN + 32], nname[NAME_LEN + 32];
	uint32_t	 sn, nn, i;
	uint64_t	 sd, nd;

	sn = deser_count(saved, 1000, 12);
	nn = deser_count(now, 1000, 12);
	if (saved->error == NULL && sn < pseudo)
		deser_fail(saved, "no movement classes");
	for (i = 0; i < sn && i < nn && saved->error == NULL; i++) {
		deser_str(saved, sname, sizeof sname);
		sd = deser_u64(saved);
		deser_str(now, nname, sizeof nname);
		nd = deser_u64(now);
		if (saved->error != NULL)
			break;
		if (i < pseudo && (sd != nd || strcmp(sname, nname) != 0))
			return (xasprintf("%s changed: its movement classes "
			    "are not the same", file));
		if (strcmp(sname, nname) != 0)
			return (xasprintf("%s changed: the save's %s number %u "
			    "is \"%s\", now it is \"%s\"", file, what,
			    i + 1 - pseudo, sname, nname));
		if (sd != nd)
			return (xasprintf("%s changed: \"%s\" has other rules "
			    "now", file, sname));
	}
	if (saved->error != NULL)
		return (xasprintf("the save's record of %s is damaged", file));
	if (sn != nn) {
		if (sn < nn)
			deser_str(now, nname, sizeof nname);
		else
			deser_str(saved, nname, sizeof nname);
		return (xasprintf("%s changed: the save knows %u %ss, now there "
		    "are %u (\"%s\" is %s)", file, sn - pseudo, what,
		    nn - pseudo, nname, sn < nn ? "new" : "gone"));
	}
	return (NULL);
}

/*
 * Compares the save's mods with the game's, by name and in order (a mod
 * whose files changed is let through: the tables' signatures that follow
 * say whether its rules did); returns NULL if they agree, else a
 * sentence naming the first mod that differs.
 */
static char *
load_sig_mods(struct deser *saved, struct deser *now)
{
	char		 sname[NAME_LEN], nname[NAME_LEN];
	uint32_t	 sn, nn, i;

	sn = deser_count(saved, MODS_MAX, NAME_LEN + 8);
	nn = deser_count(now, MODS_MAX, NAME_LEN + 8);
	for (i = 0; (i < sn || i < nn) && saved->error == NULL; i++) {
		sname[0] = nname[0] = '\0';
		if (i < sn) {
			deser_str(saved, sname, sizeof sname);
			(void)deser_u64(saved);
		}
		if (i < nn) {
			deser_str(now, nname, sizeof nname);
			(void)deser_u64(now);
		}
		if (saved->error != NULL || strcmp(sname, nname) == 0)
			continue;
		if (i >= nn || (i < sn && nname[0] == '\0'))
			return (xasprintf("it was played with the mod \"%s\", "
			    "which is not active (add it with --mod DIR, or "
			    "install it)", sname));
		if (i >= sn)
			return (xasprintf("it was played without the mod "
			    "\"%s\", which is active (--no-mods leaves out "
			    "the installed ones)", nname));
		return (xasprintf("it was played with the mod \"%s\" where "
		    "\"%s\" is active now", sname, nname));
	}
	if (saved->error != NULL)
		return (xstrdup("the save's record of its mods is damaged"));
	return (NULL);
}

/*
 * Checks a save's data signature against the game's data; returns NULL
 * if the save can be played, else what changed.
 */
static char *
load_signature(const struct game *g, const void *buf, size_t len)
{
	struct ser	 mine;
	struct deser	 saved, now;
	char		*why;

	ser_init(&mine);
	save_signature(g, &mine);
	deser_init(&saved, buf, len);
	deser_init(&now, mine.buf, mine.len);
	why = load_sig_mods(&saved, &now);
	if (why == NULL)
		why = load_sig_table(&saved, &now, "terrain.txt", "terrain", 1);
	if (why == NULL)
		why = load_sig_table(&saved, &now, "monsters.txt", "monster",
		    0);
	if (why == NULL)
		why = load_sig_table(&saved, &now, "items.txt", "item", 0);
	if (why == NULL && (saved.error != NULL || saved.pos != saved.len))
		why = xstrdup("the save's record of the data files is damaged");
	ser_free(&mine);
	return (why);
}

/* Writes the level and its monsters. */
static void
save_level(const struct game *g, const struct level *l, struct ser *s)
{
	const struct monster	*m;
	size_t			 n = (size_t)l->width * l->height;
	int			 i, k;

	ser_u32(s, (uint32_t)l->width);
	ser_u32(s, (uint32_t)l->height);
	ser_u8(s, (uint8_t)l->rules.movement);
	ser_u8(s, (uint8_t)l->rules.diagonal);
	ser_u8(s, (uint8_t)l->rules.heuristic);
	ser_str(s, l->name);
	ser_u8(s, (uint8_t)l->from_file);
	ser_i64(s, (int64_t)(l->collapse_chance * 1e9));
	ser_i64(s, l->sight);
	ser_bytes(s, l->terrain, n);
	ser_bytes(s, l->seen, n);
	ser_u32(s, (uint32_t)g->terrain.nclasses);
	for (i = 0; i < g->terrain.nclasses; i++)
		path_grid_save(l->cost[i], s);
	ser_u32(s, (uint32_t)l->ngates);
	for (i = 0; i < l->ngates; i++) {
		ser_i64(s, l->gates[i].open);
		ser_i64(s, l->gates[i].closed);
		ser_i64(s, l->gates[i].every);
		ser_i64(s, l->gates[i].open_for);
		ser_i64(s, l->gates[i].offset);
		ser_u32(s, (uint32_t)l->gates[i].ncells);
		for (k = 0; k < l->gates[i].ncells; k++)
			ser_u32(s, (uint32_t)l->gates[i].cells[k]);
	}
	ser_u32(s, (uint32_t)l->nevents);
	ser_u32(s, (uint32_t)l->next_event);
	for (i = 0; i < l->nevents; i++) {
		ser_i64(s, l->events[i].turn);
		ser_i64(s, l->events[i].x);
		ser_i64(s, l->events[i].y);
		ser_i64(s, l->events[i].w);
		ser_i64(s, l->events[i].h);
		ser_i64(s, l->events[i].terrain);
		ser_i64(s, l->events[i].trigger);
		ser_i64(s, l->events[i].tx);
		ser_i64(s, l->events[i].ty);
		ser_i64(s, l->events[i].kind);
		ser_i64(s, l->events[i].state);
	}
	ser_u32(s, (uint32_t)l->nmon);
	for (i = 0; i < l->nmon; i++) {
		m = &l->mon[i];
		ser_i64(s, m->kind);
		ser_i64(s, m->x);
		ser_i64(s, m->y);
		ser_i64(s, m->hp);
		ser_i64(s, m->energy);
		ser_i64(s, m->state);
		ser_i64(s, m->lx);
		ser_i64(s, m->ly);
		ser_i64(s, m->timer);
		ser_i64(s, m->cooldown);
		ser_i64(s, m->dx);
		ser_i64(s, m->dy);
		ser_i64(s, m->alive);
		ser_i64(s, m->replans);
		ser_i64(s, m->noticed);
		path_planner_save(m->planner, s);
	}
	/* What the classes' adaptive planners learned (format 2). */
	for (i = 0; i < g->terrain.nclasses; i++)
		path_context_save(l->ctx[i], s);
}

/*
 * Writes the items (format 3): the pack, what is wielded and worn,
 * stealth, the floor's items, and each monster's time left following a
 * noise.
 */
static void
save_items(const struct game *g, const struct level *l, struct ser *s)
{
	int	i;

	for (i = 0; i < PACK_SLOTS; i++) {
		ser_i64(s, g->pack[i].kind);
		ser_i64(s, g->pack[i].count);
		ser_i64(s, g->pack[i].plus);
	}
	ser_i64(s, g->wielded.kind);
	ser_i64(s, g->wielded.plus);
	ser_i64(s, g->worn.kind);
	ser_i64(s, g->worn.plus);
	ser_i64(s, g->stealth);
	ser_i64(s, g->hasted);
	ser_i64(s, g->poisoned);
	ser_i64(s, g->confused);
	ser_i64(s, g->blind);
	ser_i64(s, g->strength);
	ser_i64(s, g->time);
	ser_i64(s, g->dig_x);
	ser_i64(s, g->dig_y);
	ser_i64(s, g->dig_done);
	for (i = 0; i < g->items.n; i++)
		ser_u8(s, g->known[i]);
	ser_u32(s, (uint32_t)l->nitems);
	for (i = 0; i < l->nitems; i++) {
		ser_i64(s, l->items[i].x);
		ser_i64(s, l->items[i].y);
		ser_i64(s, l->items[i].kind);
		ser_i64(s, l->items[i].count);
		ser_i64(s, l->items[i].plus);
	}
	for (i = 0; i < l->nmon; i++) {
		ser_i64(s, l->mon[i].lured);
		ser_i64(s, l->mon[i].sighted);
		ser_i64(s, l->mon[i].slowed);
		ser_i64(s, l->mon[i].afraid);
		ser_i64(s, l->mon[i].hold_x);	/* hold.c */
		ser_i64(s, l->mon[i].hold_y);
		ser_i64(s, l->mon[i].hold_turns);
		ser_i64(s, l->mon[i].hold_tries);
		ser_i64(s, l->mon[i].hold_near);
		ser_i64(s, l->mon[i].dig_x);	/* dig.c */
		ser_i64(s, l->mon[i].dig_y);
		ser_i64(s, l->mon[i].dig_done);
		/* What it carries, a thief's time away, a peaceful one
		   provoked, an escort's leader (carry.c). */
		ser_i64(s, l->mon[i].carry_kind);
		ser_i64(s, l->mon[i].carry_count);
		ser_i64(s, l->mon[i].carry_plus);
		ser_i64(s, l->mon[i].away);
		ser_i64(s, l->mon[i].provoked);
		ser_i64(s, l->mon[i].leader);
	}
	ser_i64(s, g->xp);
	ser_i64(s, g->xp_level);
}

/*
 * Writes what the player remembers (format 5): the terrain last seen on
 * each cell, a byte a cell, then the items recalled, by cell.
 */
static void
save_memory(const struct level *l, struct ser *s)
{
	int	i;

	ser_bytes(s, l->memory, (size_t)l->width * l->height);
	ser_u32(s, (uint32_t)l->nrecalled);
	for (i = 0; i < l->nrecalled; i++) {
		ser_i64(s, l->recalled[i].x);
		ser_i64(s, l->recalled[i].y);
		ser_i64(s, l->recalled[i].kind);
		ser_i64(s, l->recalled[i].count);
	}
}

/*
 * Writes the monsters' tactics (issue 26): for each monster, the
 * summoner that raised it (1 + its index, or 0) and the turn a summoner
 * may call again; then the player's trail on the level (for
 * interceptors), its length and cells.
 */
static void
save_tactics(const struct level *l, struct ser *s)
{
	int	i;

	for (i = 0; i < l->nmon; i++) {
		ser_i64(s, l->mon[i].raised_by);
		ser_i64(s, l->mon[i].summon_at);
	}
	ser_u32(s, (uint32_t)l->ntrail);
	for (i = 0; i < l->ntrail; i++)
		ser_i64(s, l->trail[i]);
}

/* Saves a game: see game.h. */
int
game_save(const struct game *g, const char *path, char **cause)
{
	struct ser	s, sig, out;
	int		i, n;
	long		turn;
	const char	*text;
	int		rc;

	if (g->ai_acting) {
		*cause = xstrdup("the monsters are half way through a turn");
		return (-1);
	}
	ser_init(&s);
	ser_u64(&s, g->seed);
	ser_str(&s, g->dungeon_path);
	ser_i64(&s, g->depth);
	ser_i64(&s, g->depths);
	ser_u8(&s, g->campaign != NULL);
	ser_i64(&s, g->stage);
	ser_i64(&s, g->extra);
	ser_i64(&s, g->turn);
	ser_u8(&s, (uint8_t)(g->status == GAME_SAVED ? GAME_PLAYING :
	    g->status));
	ser_i64(&s, g->kill_points);
	ser_str(&s, g->end_cause);
	ser_i64(&s, g->px);
	ser_i64(&s, g->py);
	ser_i64(&s, g->hp);
	ser_i64(&s, g->hp_max);
	ser_i64(&s, g->damage_min);
	ser_i64(&s, g->damage_max);
	ser_i64(&s, g->kills);
	ser_i64(&s, g->noise);
	ser_u64(&s, g->rng.state);
	ser_u64(&s, g->cosmetic.state);
	n = g->nmessages < GAME_MESSAGES ? g->nmessages : GAME_MESSAGES;
	ser_u32(&s, (uint32_t)n);
	for (i = n - 1; i >= 0; i--) {
		text = game_message_text(g, i, &turn);
		ser_i64(&s, turn);
		ser_str(&s, text);
	}
	ser_u32(&s, (uint32_t)g->nkeys);
	ser_bytes(&s, g->keys, g->nkeys);
	save_level(g, g->level, &s);
	save_items(g, g->level, &s);
	save_memory(g->level, &s);
	save_tactics(g->level, &s);

	ser_init(&sig);
	save_signature(g, &sig);
	ser_init(&out);
	ser_bytes(&out, SAVE_MAGIC, strlen(SAVE_MAGIC));
	ser_u32(&out, SAVE_VERSION);
	ser_u64(&out, sig.len);
	ser_bytes(&out, sig.buf, sig.len);
	ser_u64(&out, s.len);
	ser_bytes(&out, s.buf, s.len);
	/* Everything after the version: see the top of the file. */
	ser_u64(&out, save_checksum(out.buf + strlen(SAVE_MAGIC) + 4,
	    8 + sig.len + 8 + s.len));
	rc = files_write_atomic(path, out.buf, out.len, cause);
	ser_free(&out);
	ser_free(&sig);
	ser_free(&s);
	return (rc);
}

/* Reads an integer that must lie in [lo, hi]. */
static int
load_int(struct deser *d, long lo, long hi, const char *what)
{
	return ((int)deser_range(d, lo, hi, what));
}

/*
 * Restores a level's size, rules, name and terrain into a new level;
 * returns NULL with the reader's error set.
 */
static struct level *
load_level_terrain(struct game *g, struct deser *d)
{
	const struct terrain_table	*t = &g->terrain;
	struct level			*l;
	struct path_rules		 rules;
	uint32_t			 w, h;
	size_t				 cells, i;

	w = deser_below(d, DUNGEON_MAX_SIDE + 1, "a level is too wide");
	h = deser_below(d, DUNGEON_MAX_SIDE + 1, "a level is too high");
	rules.movement = (enum path_movement)deser_u8(d);
	rules.diagonal = (enum path_diagonal)deser_u8(d);
	rules.heuristic = (enum path_heuristic)deser_u8(d);
	if (d->error == NULL && (w == 0 || h == 0 ||
	    rules.movement > PATH_MOVE_8_EUCLID ||
	    rules.diagonal > PATH_DIAG_ALWAYS ||
	    rules.heuristic > PATH_H_EUCLID))
		deser_fail(d, "a level has impossible rules or size");
	if (d->error != NULL)
		return (NULL);
	cells = (size_t)w * h;
	l = level_new(g, (int)w, (int)h, rules);
	deser_str(d, l->name, sizeof l->name);
	l->from_file = deser_u8(d) != 0;
	l->collapse_chance = (double)deser_range(d, 0, 1000000000,
	    "a bad collapse chance") / 1e9;
	l->sight = load_int(d, 0, 50, "a bad sight radius");
	deser_bytes(d, l->terrain, cells);
	deser_bytes(d, l->seen, cells);
	for (i = 0; i < cells && d->error == NULL; i++) {
		if (l->terrain[i] >= t->n ||
		    (l->seen[i] & ~LEVEL_MARKS) != 0)
			deser_fail(d, "a cell holds an unknown terrain");
		l->given_up += (l->seen[i] & LEVEL_GIVEN_UP) != 0;
	}
	return (l);
}

/*
 * Restores every class's cost grid, which must say what the terrain
 * says; the reader's error is set if not.
 */
static void
load_cost_grids(struct game *g, struct level *l, struct deser *d)
{
	const struct terrain_table	*t = &g->terrain;
	int				 w = l->width, h = l->height, x, y, c;

	if (deser_u32(d) != (uint32_t)t->nclasses && d->error == NULL)
		deser_fail(d, "the movement classes differ");
	for (c = 0; d->error == NULL && c < t->nclasses; c++) {
		path_grid_free(l->cost[c]);
		l->cost[c] = path_grid_load(d);
		if (l->cost[c] == NULL) {
			l->cost[c] = path_grid_new(w, h, 0, 1);
			break;
		}
		if (path_grid_width(l->cost[c]) != w ||
		    path_grid_height(l->cost[c]) != h) {
			deser_fail(d, "a cost grid has another size");
			break;
		}
		for (y = 0; y < h && d->error == NULL; y++) {
			for (x = 0; x < w; x++) {
				if (path_grid_get(l->cost[c], x, y) !=
				    t->t[l->terrain[y * w + x]].cost[c]) {
					deser_fail(d, "a cost grid disagrees "
					    "with the terrain");
					break;
				}
			}
		}
	}
}

/* Restores what makes an event happen, and whether it has. */
static void
load_trigger(const struct game *g, const struct level *l, struct deser *d,
    struct dungeon_event *e)
{
	e->trigger = load_int(d, DUNGEON_AT_TURN, DUNGEON_ON_DEATH,
	    "a bad event trigger");
	e->tx = load_int(d, 0, (long)l->width - 1, "a bad event trigger");
	e->ty = load_int(d, 0, (long)l->height - 1, "a bad event trigger");
	e->kind = load_int(d, 0, g->monsters.n > 0 ? g->monsters.n - 1 : 0,
	    "a bad event trigger");
	e->state = load_int(d, DUNGEON_ARMED, DUNGEON_FIRED,
	    "a bad event trigger");
}

/* Restores a dungeon file's gates, timed events and triggers. */
static void
load_gates_events(struct game *g, struct level *l, struct deser *d)
{
	const struct terrain_table	*t = &g->terrain;
	uint32_t			 cells = (uint32_t)l->width * l->height;
	uint32_t			 i, k, n;

	l->ngates = (int)deser_count(d, DUNGEON_MAX_GATES, 44);
	l->gates = xcalloc((size_t)l->ngates + 1, sizeof *l->gates);
	for (i = 0; i < (uint32_t)l->ngates && d->error == NULL; i++) {
		l->gates[i].open = load_int(d, 0, t->n - 1, "a bad gate");
		l->gates[i].closed = load_int(d, 0, t->n - 1, "a bad gate");
		l->gates[i].every = load_int(d, 1, 100000, "a bad gate");
		l->gates[i].open_for = load_int(d, 0, l->gates[i].every,
		    "a bad gate");
		l->gates[i].offset = load_int(d, 0, 100000000, "a bad gate");
		n = deser_count(d, cells, 4);
		l->gates[i].cells = xcalloc(n + 1, sizeof (int));
		l->gates[i].ncells = (int)n;
		for (k = 0; k < n && d->error == NULL; k++)
			l->gates[i].cells[k] = (int)deser_below(d, cells,
			    "a gate cell is off the level");
	}
	l->nevents = (int)deser_count(d, DUNGEON_MAX_EVENTS, 88);
	l->next_event = (int)deser_below(d, (uint32_t)l->nevents + 1,
	    "a bad event counter");
	l->events = xcalloc((size_t)l->nevents + 1, sizeof *l->events);
	for (i = 0; i < (uint32_t)l->nevents && d->error == NULL; i++) {
		l->events[i].turn = load_int(d, 0, 10000000, "a bad event");
		l->events[i].x = load_int(d, 0, (long)l->width - 1,
		    "a bad event");
		l->events[i].y = load_int(d, 0, (long)l->height - 1,
		    "a bad event");
		l->events[i].w = load_int(d, 1, (long)l->width -
		    l->events[i].x, "a bad event");
		l->events[i].h = load_int(d, 1, (long)l->height -
		    l->events[i].y, "a bad event");
		l->events[i].terrain = load_int(d, 0, t->n - 1, "a bad event");
		load_trigger(g, l, d, &l->events[i]);
	}
}

/* Restores one monster (of a known kind, at x,y) and its planner. */
static void
load_monster(struct game *g, struct level *l, struct deser *d, int kind,
    int x, int y)
{
	struct monster	*m;

	level_add_monster(g, l, kind, x, y);
	m = &l->mon[l->nmon - 1];
	m->hp = load_int(d, -1000000, g->monsters.k[kind].hp, "a bad monster");
	m->energy = load_int(d, 0, 1000, "a bad monster");
	m->state = (enum monster_state)load_int(d, 0, MS_FLEE,
	    "a bad monster");
	m->lx = load_int(d, -1, (long)l->width - 1, "a bad monster");
	m->ly = load_int(d, -1, (long)l->height - 1, "a bad monster");
	m->timer = load_int(d, -1000000, g->monsters.k[kind].give_up,
	    "a bad monster");
	m->cooldown = load_int(d, 0, 1000, "a bad monster");
	m->dx = load_int(d, -1, 1, "a bad monster");
	m->dy = load_int(d, -1, 1, "a bad monster");
	m->alive = load_int(d, 0, 1, "a bad monster");
	if (d->error == NULL && m->alive && m->hp < 1)
		deser_fail(d, "a living monster without hit points");
	m->replans = load_int(d, 0, GAME_REPLANS_MAX, "a bad monster");
	m->noticed = load_int(d, 0, g->turn, "a bad monster");
	if (d->error == NULL)
		path_planner_load(m->planner, d);
}

/*
 * Restores the monsters and what the classes' adaptive planners learned
 * (format 2), then occupancy from the living only (the dead may share a
 * cell with anyone); two living monsters on one cell are refused.
 */
static void
load_monsters(struct game *g, struct level *l, struct deser *d)
{
	const struct monster	*m;
	uint32_t		 i, n;
	int			 x, y, c, kind;

	n = deser_count(d, DUNGEON_MAX_SPAWNS * 4 + 100000, 120);
	for (i = 0; i < n && d->error == NULL; i++) {
		kind = load_int(d, 0, g->monsters.n - 1, "an unknown monster");
		x = load_int(d, 0, (long)l->width - 1,
		    "a monster is off the level");
		y = load_int(d, 0, (long)l->height - 1,
		    "a monster is off the level");
		if (d->error != NULL)
			break;
		load_monster(g, l, d, kind, x, y);
	}
	for (c = 0; c < g->terrain.nclasses && d->error == NULL; c++) {
		if (path_context_load(l->ctx[c], d) != 0)
			break;
	}
	memset(l->occupant, 0, (size_t)l->width * l->height *
	    sizeof *l->occupant);
	for (i = 0; i < (uint32_t)l->nmon && d->error == NULL; i++) {
		m = &l->mon[i];
		if (!m->alive)
			continue;
		if (l->occupant[m->y * l->width + m->x] != 0)
			deser_fail(d, "two monsters share a cell");
		l->occupant[m->y * l->width + m->x] = (int)i + 1;
	}
}

/* An item kind from a save, or -1 where allowed; the error set if bad. */
static int
load_item_kind(const struct game *g, struct deser *d, int none)
{
	return (load_int(d, none ? -1 : 0, (long)g->items.n - 1,
	    "an unknown item"));
}

/* An item's plus (none for an empty slot); the error set if bad. */
static int
load_plus(struct deser *d, int kind)
{
	return (load_int(d, kind < 0 ? 0 : -ITEM_PLUS_MAX, kind < 0 ? 0 :
	    ITEM_PLUS_MAX, "a bad enchantment"));
}

/* What is wielded and worn: each a kind that can be, or nothing. */
static void
load_held(struct game *g, struct deser *d)
{
	g->wielded.kind = load_item_kind(g, d, 1);
	g->wielded.plus = load_plus(d, g->wielded.kind);
	g->worn.kind = load_item_kind(g, d, 1);
	g->worn.plus = load_plus(d, g->worn.kind);
	if (d->error == NULL && ((g->wielded.kind >= 0 &&
	    g->items.k[g->wielded.kind].effect != ITEM_WEAPON &&
	    g->items.k[g->wielded.kind].effect != ITEM_LAUNCHER) ||
	    (g->worn.kind >= 0 &&
	    g->items.k[g->worn.kind].effect != ITEM_ARMOUR)))
		deser_fail(d, "something wielded or worn that cannot be");
}

/* The potions' timers, strength, time, digging and the kinds known. */
static void
load_timers(struct game *g, struct deser *d)
{
	int	i;

	g->stealth = load_int(d, 0, ITEM_POWER_MAX, "a bad stealth");
	g->hasted = load_int(d, 0, ITEM_POWER_MAX, "a bad timer");
	g->poisoned = load_int(d, 0, ITEM_POWER_MAX, "a bad timer");
	g->confused = load_int(d, 0, ITEM_POWER_MAX, "a bad timer");
	g->blind = load_int(d, 0, ITEM_POWER_MAX, "a bad timer");
	g->strength = load_int(d, 0, ITEM_POWER_MAX, "a bad strength");
	g->time = load_int(d, 0, GAME_TIME_TURN - 1, "a bad time");
	g->dig_x = load_int(d, -1, (long)g->level->width - 1, "a bad dig");
	g->dig_y = load_int(d, -1, (long)g->level->height - 1, "a bad dig");
	g->dig_done = load_int(d, 0, 1000, "a bad dig");
	for (i = 0; i < g->items.n && d->error == NULL; i++)
		if ((g->known[i] = deser_u8(d)) > 1)
			deser_fail(d, "a bad kind known");
}

/*
 * Restores a door-holder's door and counters (hold.c) and a digger's
 * wall and progress (dig.c), each in its range: a cell of the level or
 * -1, counters up to where they stop.
 */
static void
load_hold_dig(const struct level *l, struct monster *m, struct deser *d)
{
	m->hold_x = load_int(d, -1, (long)l->width - 1, "a bad held door");
	m->hold_y = load_int(d, m->hold_x < 0 ? -1 : 0, m->hold_x < 0 ? -1 :
	    (long)l->height - 1, "a bad held door");
	m->hold_turns = load_int(d, 0, HOLD_TURNS, "a bad held door");
	m->hold_tries = load_int(d, 0, HOLD_TRIES, "a bad held door");
	m->hold_near = load_int(d, 0, HOLD_NEAR, "a bad held door");
	m->dig_x = load_int(d, -1, (long)l->width - 1, "a bad wall dug");
	m->dig_y = load_int(d, m->dig_x < 0 ? -1 : 0, m->dig_x < 0 ? -1 :
	    (long)l->height - 1, "a bad wall dug");
	m->dig_done = load_int(d, 0, m->dig_x < 0 ? 0 : TERRAIN_HARDNESS_MAX,
	    "a bad wall dug");
}

/*
 * What a monster carries (an item kind or -1, a count of at least one if
 * any, its plus), a thief's turns away, provoked, and its leader (a
 * monster of the level, or 0).
 */
static void
load_carried(struct game *g, struct level *l, struct deser *d,
    struct monster *m)
{
	m->carry_kind = load_item_kind(g, d, 1);
	m->carry_count = load_int(d, m->carry_kind < 0 ? 0 : 1,
	    m->carry_kind < 0 ? 0 : ITEM_COUNT_MAX, "a bad item carried");
	m->carry_plus = load_plus(d, m->carry_kind);
	m->away = load_int(d, 0, 1000000, "a bad monster");
	m->provoked = load_int(d, 0, 1, "a bad monster");
	m->leader = load_int(d, 0, l->nmon, "a bad escort");
	if (d->error == NULL && m->leader == (int)(m - l->mon) + 1)
		deser_fail(d, "a monster escorting itself");
}

/* Restores the items (see save_items()), each checked. */
static void
load_items(struct game *g, struct level *l, struct deser *d)
{
	uint32_t	n, i;
	int		x, y, kind, count, plus, k, hp_max, dmin, dmax;

	for (k = 0; k < PACK_SLOTS && d->error == NULL; k++) {
		g->pack[k].kind = load_item_kind(g, d, 1);
		g->pack[k].count = load_int(d, g->pack[k].kind < 0 ? 0 : 1,
		    g->pack[k].kind < 0 ? 0 : ITEM_COUNT_MAX,
		    "a bad item count");
		g->pack[k].plus = load_plus(d, g->pack[k].kind);
	}
	load_held(g, d);
	load_timers(g, d);
	n = deser_count(d, (uint32_t)l->width * l->height, 32);
	for (i = 0; i < n && d->error == NULL; i++) {
		x = load_int(d, 0, (long)l->width - 1, "an item off the level");
		y = load_int(d, 0, (long)l->height - 1,
		    "an item off the level");
		kind = load_item_kind(g, d, 0);
		count = load_int(d, 1, ITEM_COUNT_MAX, "a bad item count");
		plus = load_plus(d, kind);
		if (d->error == NULL)
			(void)level_add_item(l, x, y, kind, count, plus,
			    item_stacks(&g->items.k[kind]));
	}
	for (k = 0; k < l->nmon && d->error == NULL; k++) {
		l->mon[k].lured = load_int(d, 0,
		    g->monsters.k[l->mon[k].kind].give_up + 1,
		    "a bad monster");
		l->mon[k].sighted = load_int(d, 0, (long)g->turn + 1,
		    "a bad monster");
		l->mon[k].slowed = load_int(d, 0, ITEM_POWER_MAX,
		    "a bad monster");
		l->mon[k].afraid = load_int(d, 0, ITEM_POWER_MAX,
		    "a bad monster");
		load_hold_dig(l, &l->mon[k], d);
		load_carried(g, l, d, &l->mon[k]);
	}
	g->xp = deser_range(d, 0, GROWTH_XP_MAX, "a bad experience");
	g->xp_level = load_int(d, 1, GROWTH_LEVEL_MAX, "a bad level");
	player_strength(g->xp_level, &hp_max, &dmin, &dmax);
	if (d->error == NULL && (g->hp_max != hp_max || g->hp > hp_max ||
	    g->damage_min != dmin || g->damage_max != dmax))
		deser_fail(d, "the player's strength is not their level's");
	if (d->error == NULL && (player_to_next(g) <= 0 &&
	    g->xp_level < GROWTH_LEVEL_MAX))
		deser_fail(d, "experience past the level");
}

/*
 * Restores what the player remembers (see save_memory()): terrain known
 * to the table, an item recalled only on a cell seen, once a cell.
 */
static void
load_memory(struct game *g, struct level *l, struct deser *d)
{
	size_t		cells = (size_t)l->width * l->height, i;
	uint32_t	n, k;
	int		x, y, kind, count;

	deser_bytes(d, l->memory, cells);
	for (i = 0; i < cells && d->error == NULL; i++) {
		if (l->memory[i] >= g->terrain.n)
			deser_fail(d, "a cell is remembered as an unknown "
			    "terrain");
	}
	n = deser_count(d, (uint32_t)cells, 32);
	for (k = 0; k < n && d->error == NULL; k++) {
		x = load_int(d, 0, (long)l->width - 1,
		    "a remembered item off the level");
		y = load_int(d, 0, (long)l->height - 1,
		    "a remembered item off the level");
		kind = load_item_kind(g, d, 0);
		count = load_int(d, 1, ITEM_COUNT_MAX, "a bad item count");
		if (d->error == NULL && (!l->seen[y * l->width + x] ||
		    level_recalled_at(l, x, y) >= 0))
			deser_fail(d, "an item remembered where nothing was "
			    "seen");
		if (d->error == NULL)
			level_recall_add(l, x, y, kind, count);
	}
}

/*
 * Restores the tactics (see save_tactics()): a raiser a monster of the
 * level, a call's turn no later than the turn and a summoner's wait, a
 * trail of cells of the level, each unlike the one before.
 */
static void
load_tactics(struct game *g, struct level *l, struct deser *d)
{
	struct monster	*m;
	uint32_t	 n, k;
	int		 i;

	for (i = 0; i < l->nmon && d->error == NULL; i++) {
		m = &l->mon[i];
		m->raised_by = load_int(d, 0, l->nmon, "a bad summoner");
		if (d->error == NULL && m->raised_by == i + 1)
			deser_fail(d, "a monster raised itself");
		m->summon_at = deser_range(d, 0, g->turn +
		    g->monsters.k[m->kind].summon_every, "a bad summoning");
	}
	n = deser_count(d, LEVEL_TRAIL, 8);
	for (k = 0; k < n && d->error == NULL; k++) {
		l->trail[k] = load_int(d, 0, (long)l->width * l->height - 1,
		    "a trail off the level");
		if (d->error == NULL && k > 0 && l->trail[k] ==
		    l->trail[k - 1])
			deser_fail(d, "a bad trail");
		l->ntrail = (int)k + 1;
	}
}

/* Restores the level; returns NULL with the reader's error set. */
static struct level *
load_level(struct game *g, struct deser *d)
{
	struct level	*l;

	if ((l = load_level_terrain(g, d)) == NULL)
		return (NULL);
	if (d->error == NULL)
		load_cost_grids(g, l, d);
	if (d->error != NULL) {
		level_free(l);
		return (NULL);
	}
	level_make_planners(g, l);
	load_gates_events(g, l, d);
	load_monsters(g, l, d);
	if (d->error != NULL) {
		level_free(l);
		return (NULL);
	}
	return (l);
}

/*
 * Checks a save's envelope (see the top of the file): magic, format,
 * lengths and checksum.  Returns 0 with the signature's and the
 * payload's lengths, or -1 with *cause set.
 */
static int
load_envelope(const char *path, const char *buf, size_t len, uint64_t *slen,
    uint64_t *plen, char **cause)
{
	struct deser	 d;
	size_t		 mlen = strlen(SAVE_MAGIC);
	uint64_t	 hash;
	uint32_t	 version;

	if (len < mlen + 4 || memcmp(buf, SAVE_MAGIC, mlen) != 0) {
		*cause = xasprintf("%s: not an astray save", path);
		return (-1);
	}
	deser_init(&d, buf + mlen, len - mlen);
	version = deser_u32(&d);
	if (version != SAVE_VERSION) {
		*cause = xasprintf("%s: a save of format %u, made by %s astray; "
		    "this one reads format %d only, so it cannot play it (it "
		    "was left as it is)", path, version, version <
		    SAVE_VERSION ? "an older" : "a newer", SAVE_VERSION);
		return (-1);
	}
	/* magic, version, signature length, its bytes, payload length... */
	*slen = deser_u64(&d);
	if (d.error == NULL && *slen <= len - mlen - 12)
		deser_init(&d, buf + mlen + 12 + *slen, len - mlen - 12 -
		    *slen);
	else
		deser_fail(&d, "short");
	*plen = deser_u64(&d);
	if (d.error != NULL || *plen != len - mlen - 12 - *slen - 8 - 8) {
		*cause = xasprintf("%s: the save is truncated or has junk at "
		    "its end (damaged)", path);
		return (-1);
	}
	hash = save_checksum((const uint8_t *)buf + mlen + 4, 8 + *slen + 8 +
	    *plen);
	deser_init(&d, buf + len - 8, 8);
	if (deser_u64(&d) != hash) {
		*cause = xasprintf("%s: the checksum does not match (the save is "
		    "damaged)", path);
		return (-1);
	}
	return (0);
}

/*
 * Restores the game's own state: origin, turn, score, player, streams;
 * *campaign says whether the origin is a campaign.
 */
static void
load_state(struct game *g, struct deser *d, uint8_t *campaign)
{
	g->seed = deser_u64(d);
	deser_str(d, g->dungeon_path, sizeof g->dungeon_path);
	g->depth = load_int(d, 1, 100, "a bad depth");
	g->depths = load_int(d, 0, 100, "a bad number of depths");
	*campaign = deser_u8(d);
	g->stage = load_int(d, 0, CAMPAIGN_MAX_LEVELS - 1, "a bad level");
	if (d->error == NULL && (*campaign > 1 || (!*campaign &&
	    g->stage != 0) || (*campaign && g->dungeon_path[0] == '\0')))
		deser_fail(d, "a bad campaign");
	g->extra = load_int(d, GAME_NO_MONSTERS, 100000,
	    "a bad number of monsters");
	g->turn = deser_range(d, 0, GAME_TURN_MAX, "a bad turn");
	g->status = (enum game_status)deser_u8(d);
	if (d->error == NULL && g->status != GAME_PLAYING)
		deser_fail(d, "the saved game is over");
	g->kill_points = deser_range(d, 0, GAME_SCORE_MAX,
	    "a bad score");
	deser_str(d, g->end_cause, sizeof g->end_cause);
	g->px = load_int(d, 0, DUNGEON_MAX_SIDE, "a bad position");
	g->py = load_int(d, 0, DUNGEON_MAX_SIDE, "a bad position");
	/* The player's strength: load_items() checks it against the level. */
	g->hp = load_int(d, 1, PLAYER_HP_TOP, "bad hit points");
	g->hp_max = load_int(d, PLAYER_HP, PLAYER_HP_TOP, "bad hit points");
	g->damage_min = load_int(d, PLAYER_DAMAGE_MIN, PLAYER_DAMAGE_MIN +
	    GROWTH_LEVEL_MAX, "a bad damage");
	g->damage_max = load_int(d, PLAYER_DAMAGE_MAX, PLAYER_DAMAGE_MAX +
	    GROWTH_LEVEL_MAX, "a bad damage");
	g->kills = load_int(d, 0, GAME_KILLS_MAX, "a bad kill count");
	g->noise = load_int(d, 0, NOISE_DIG, "a bad noise");
	if (d->error == NULL && g->dungeon_path[0] == '\0' &&
	    g->depth > g->depths)
		deser_fail(d, "a level deeper than the game");
	g->rng.state = deser_u64(d);
	g->cosmetic.state = deser_u64(d);
	if (d->error == NULL && (g->rng.state == 0 || g->cosmetic.state == 0))
		deser_fail(d, "a random stream is broken");
}

/* Restores the message log and the key log. */
static void
load_logs(struct game *g, struct deser *d)
{
	char		text[GAME_MESSAGE_LEN];
	uint32_t	n, i;
	long		turn;

	n = deser_count(d, GAME_MESSAGES, 12);
	for (i = 0; i < n && d->error == NULL; i++) {
		turn = (long)deser_range(d, 0, g->turn, "a bad message");
		deser_str(d, text, sizeof text);
		game_message(g, "%s", text);
		g->message_turn[(g->nmessages - 1) % GAME_MESSAGES] = turn;
	}
	n = deser_count(d, 1u << 30, 1);
	for (i = 0; i < n && d->error == NULL; i++)
		game_log_key(g, deser_u8(d));
}

/*
 * Reads again the campaign a save was made in, for the levels still to
 * come; 0, or -1 with *cause set (the campaign file gone or changed so
 * that it no longer has the level being played).
 */
static int
load_campaign(struct game *g, const struct game_config *cfg,
    const char *path, char **cause)
{
	char	*why;
	int	 depths = g->depths;

	if (stage_open(g, cfg->data_dir, &why) != 0) {
		*cause = xasprintf("%s: a game of the campaign %s, which cannot "
		    "be read now: %s (the save was left as it is)", path,
		    g->dungeon_path, why);
		free(why);
		return (-1);
	}
	if (g->stage >= g->campaign->n || depths != g->campaign->n) {
		*cause = xasprintf("%s: a game of the campaign %s, which now "
		    "has %d levels, not the %d it was saved with (the save "
		    "was left as it is)", path, g->dungeon_path,
		    g->campaign->n, depths);
		return (-1);
	}
	return (0);
}

/* Restores a game: see game.h. */
struct game *
game_load(const char *path, const struct game_config *cfg, char **cause)
{
	struct game	*g = NULL;
	struct deser	 d;
	char		*buf, *why;
	size_t		 len, mlen = strlen(SAVE_MAGIC);
	uint64_t	 slen, plen;
	uint8_t		 campaign = 0;

	if ((buf = x_read_file(path, SAVE_MAX, &len, cause)) == NULL)
		return (NULL);
	if (load_envelope(path, buf, len, &slen, &plen, cause) != 0 ||
	    (g = game_alloc(cfg, cause)) == NULL) {
		free(buf);
		return (NULL);
	}
	if ((why = load_signature(g, buf + mlen + 12, slen)) != NULL) {
		*cause = xasprintf("%s: made with other data files, so it "
		    "cannot be played with these: %s (a comment, spacing or a "
		    "glyph would not matter; it was left as it is)", path, why);
		free(why);
		goto fail;
	}
	deser_init(&d, buf + mlen + 12 + slen + 8, plen);
	load_state(g, &d, &campaign);
	magic_deal_looks(g);
	if (d.error == NULL && campaign && load_campaign(g, cfg, path,
	    cause) != 0)
		goto fail;
	load_logs(g, &d);
	if (d.error == NULL)
		g->level = load_level(g, &d);
	if (d.error == NULL)
		load_items(g, g->level, &d);
	if (d.error == NULL)
		load_memory(g, g->level, &d);
	if (d.error == NULL)
		load_tactics(g, g->level, &d);
	if (d.error == NULL && d.pos != d.len)
		deser_fail(&d, "there is data left over");
	if (d.error == NULL && (g->px >= g->level->width ||
	    g->py >= g->level->height ||
	    g->terrain.t[level_at(g->level, g->px, g->py)].cost[
	    g->terrain.walk] == 0 ||
	    level_monster_at(g->level, g->px, g->py) != NULL))
		deser_fail(&d, "the player is somewhere impossible");
	if (d.error != NULL) {
		*cause = xasprintf("%s: the save is damaged: %s", path,
		    d.error);
		goto fail;
	}
	level_update_view(g, g->level);
	free(buf);
	return (g);

fail:
	free(buf);
	game_free(g);
	return (NULL);
}
