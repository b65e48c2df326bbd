/*
 * ai.c: what monsters do with their turns.
 *
 * Each turn every monster gains its speed in energy and acts once for
 * every 10 it has (so speed 20 acts twice a turn, 5 every other turn).
 * Acting starts with its senses: it sees the player when the player is
 * within its sight radius and in the player's own wide field of view
 * (shadowcasting is symmetric, so that is the same as the monster seeing
 * the player), and hears the player when the noise of the player's last
 * action, scaled by its hearing, reaches it through any walls.  Noticing
 * the player makes it hunt; losing the player makes it search where it
 * last noticed it, for as many turns as its kind is patient; then it
 * wanders again.
 *
 * Wandering costs nothing: a monster keeps walking in one direction and
 * turns at walls or now and then.  Hunting and searching use the
 * monster's planner, in the context of its movement class (so a pack
 * using fields shares one field), towards the player or the last place it
 * noticed it.  A planner that finds no way leaves the monster waiting a
 * few turns before it asks again, rather than searching the whole level
 * every turn for a player behind a door it cannot open; a patient
 * monster meanwhile closes in as far as straight steps take it and waits
 * there.  On its way a monster attacks the player, opens a door its class
 * can pass, or waits for a monster in the way.
 *
 * The player's items bend the senses: while the player is stealthy a
 * monster hears nothing of them and sees them only from the next cell,
 * and a monster that heard a thrown noise maker (inventory.c) searches
 * where it landed, deaf to the player until it gets there or gives up.
 *
 * A flanking monster near the player (within PATH_FLANK_RANGE
 * steps' cost) need not queue behind the one in front: among the steps that
 * lose at most one step against its planner's, it takes one that brings
 * it round to a side of the player no nearer monster covers, and goes
 * round a monster in its way (the path library's flanking rule,
 * flank.h, on one small field from the player per movement class and
 * turn).  Its planner stays exact; only the step is chosen.
 *
 * A monster whose kind has a flee threshold and whose hit points fell
 * below it flees instead (flee.c), whatever it perceives, and fights
 * only when cornered beside the player.
 *
 * Behaviour flags: a pack monster that notices the player rouses the
 * others of its kind within AI_PACK_RADIUS; a guard never wanders; an
 * ambusher does not wander until it has once noticed the player; an
 * erratic monster makes a quarter of its hunting moves at random; a
 * door-shutter shuts each open door it walks out of (whether a monster can
 * open doors at all is its movement class's: a shut door it may enter).
 * Search time and cooldowns count the monster's actions, not turns.
 *
 * Tactics of their own files (issue 26): a shooter shoots from a cell it
 * plans to and a keeper keeps its distance (ranged.c), a summoner that
 * sees the player raises monsters beside itself (summon.c), and an
 * interceptor plans to a cell on the player's way to where their last
 * moves say they are going (intercept.c).
 *
 * The monsters decide and the level is changed; neither writes to the
 * player.  What a monster does that the player may notice (noticing it,
 * an attack and its damage, a door opened or shut) is reported as an
 * event (event.h), and the turn loop turns it into messages.  A blow
 * wounds the player here, its damage less the player's armour (at least
 * one point of a blow that does any).
 */
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "dig.h"
#include "carry.h"
#include "event.h"
#include "flank.h"
#include "flee.h"
#include "intercept.h"
#include "hold.h"
#include "ranged.h"
#include "rng.h"
#include "state.h"
#include "summon.h"
#include "watch.h"

#define AI_SHOT_TO_HIT	60	/* in a hundred shots */
#define AI_COOLDOWN	3	/* turns to wait after finding no way */
#define AI_PACK_RADIUS	12	/* a pack hunter rouses its kind this near */

/* The eight directions, for wandering and erratic steps. */
static const int ai_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int ai_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* Reports what a monster did (of kind monster), seen by the player or not. */
static void
ai_tell(struct game *g, enum event_kind kind, int seen, int monster, int a)
{
	event_add(&g->events, (struct event){ .kind = kind, .seen = seen,
	    .monster = monster, .a = a });
}

/* Whether a monster may step by (dx,dy) now: legal, free, not the player. */
static int
ai_can_step(struct game *g, struct monster *m, int dx, int dy)
{
	struct level	*l = g->level;
	int		 nx = m->x + dx, ny = m->y + dy;

	if ((dx == 0 && dy == 0) ||
	    !level_step_ok(l, g->monsters.k[m->kind].cls, m->x, m->y, dx, dy) ||
	    !level_stand_ok(l, &g->terrain, g->monsters.k[m->kind].cls, nx,
	    ny))
		return (0);
	if (nx == g->px && ny == g->py)
		return (0);
	return (level_monster_at(l, nx, ny) == NULL);
}

/*
 * Steps a monster to a free neighbouring cell.  A monster that shuts
 * doors shuts the open door it leaves, unless someone stands in it.
 */
static void
ai_move(struct game *g, int i, int nx, int ny)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	const struct terrain_table	*t = &g->terrain;
	int				 ox = m->x, oy = m->y, tt;

	level_move_monster(l, i, nx, ny);
	if (!(k->flags & MONSTER_DOORS))
		return;
	tt = level_at(l, ox, oy);
	if (tt < 0 || t->t[tt].close < 0 || level_monster_at(l, ox, oy) !=
	    NULL || (ox == g->px && oy == g->py))
		return;
	level_set_terrain(l, t, ox, oy, t->t[tt].close);
	ai_tell(g, EVENT_SHUT, l->visible[oy * l->width + ox] ||
	    l->visible[ny * l->width + nx], m->kind, 0);
}

/* Wanders: keeps its direction, turning at obstacles or on a whim. */
static void
ai_wander(struct game *g, int i)
{
	struct monster	*m = &g->level->mon[i];
	int		 tries, d;

	if ((m->dx == 0 && m->dy == 0) || rng_chance(&g->rng, 0.1)) {
		d = (int)rng_below(&g->rng, 8);
		m->dx = ai_dx[d];
		m->dy = ai_dy[d];
	}
	for (tries = 0; tries < 8; tries++) {
		if (ai_can_step(g, m, m->dx, m->dy)) {
			ai_move(g, i, m->x + m->dx, m->y + m->dy);
			return;
		}
		d = (int)rng_below(&g->rng, 8);
		m->dx = ai_dx[d];
		m->dy = ai_dy[d];
	}
}

static int	ai_through_armour(const struct game *, int);
static void	ai_wound(struct game *, const struct monster *, int);

/*
 * Attacks the player: a miss, or a hit for so much damage less the
 * player's armour; at no hit points left the game is lost.
 */
static void
ai_attack(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 blow, damage;

	if (rng_below(&g->rng, 100) >= 75) {
		ai_tell(g, EVENT_MISSED, 1, m->kind, 0);
		return;
	}
	if (carry_steal(g, m))
		return;		/* a thief's blow takes instead (carry.c) */
	blow = rng_range(&g->rng, k->damage_min, k->damage_max);
	damage = ai_through_armour(g, blow);
	ai_tell(g, EVENT_HIT, 1, m->kind, damage);
	ai_wound(g, m, damage);
}

/* What a blow or a shot of a monster's does through the armour worn. */
static int
ai_through_armour(const struct game *g, int blow)
{
	int	damage = blow - player_armour(g);

	return (damage < 1 ? (blow > 0 ? 1 : 0) : damage);
}

/* The player takes damage from monster m, and may die of it. */
static void
ai_wound(struct game *g, const struct monster *m, int damage)
{
	g->hp -= damage;
	if (g->hp > 0 || g->status != GAME_PLAYING)
		return;
	g->hp = 0;
	g->status = GAME_DEAD;
	ai_tell(g, EVENT_DIED, 1, m->kind, 0);
}

/*
 * Monster m shoots the player from afar: as a blow, its ranged damage
 * less the player's armour, but fewer land (AI_SHOT_TO_HIT in a hundred
 * against a blow's 75).
 */
static void
ai_shoot(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 shot, damage = 0;

	if (rng_below(&g->rng, 100) < AI_SHOT_TO_HIT) {
		shot = rng_range(&g->rng, k->ranged_min, k->ranged_max);
		damage = ai_through_armour(g, shot);
	}
	event_add(&g->events, (struct event){ .kind = EVENT_SHOT_AT,
	    .seen = 1, .monster = m->kind, .x = m->x, .y = m->y,
	    .a = damage });
	if (damage > 0)
		ai_wound(g, m, damage);
}

/* Sends o, if of m's kind and not hunting, to search where m noticed. */
static void
ai_rouse(struct game *g, const struct monster *m, struct monster *o)
{
	if (o == m || !o->alive || o->kind != m->kind || o->state == MS_HUNT ||
	    abs(o->x - m->x) > AI_PACK_RADIUS ||
	    abs(o->y - m->y) > AI_PACK_RADIUS)
		return;
	o->state = MS_SEARCH;
	o->lx = g->px;
	o->ly = g->py;
	o->timer = g->monsters.k[o->kind].give_up;
	o->noticed = (int)g->turn;
}

/*
 * A pack hunter noticed the player: the others of its kind nearby that
 * are not hunting already go to search where it noticed the player.
 * Each is sent the same, so the order does not matter: the cells round
 * it are looked at when there are fewer of them than monsters (5,000
 * hunters noticing the player at once on a 512x512 map spent half their
 * first turn walking the whole list for each).
 */
static void
ai_rouse_pack(struct game *g, const struct monster *m)
{
	struct level	*l = g->level;
	const int	*row;
	int		 i, x, y, x0, x1, y0, y1;

	if ((2 * AI_PACK_RADIUS + 1) * (2 * AI_PACK_RADIUS + 1) < l->nmon) {
		x0 = m->x > AI_PACK_RADIUS ? m->x - AI_PACK_RADIUS : 0;
		y0 = m->y > AI_PACK_RADIUS ? m->y - AI_PACK_RADIUS : 0;
		x1 = m->x + AI_PACK_RADIUS < l->width ? m->x + AI_PACK_RADIUS :
		    l->width - 1;
		y1 = m->y + AI_PACK_RADIUS < l->height ? m->y + AI_PACK_RADIUS :
		    l->height - 1;
		for (y = y0; y <= y1; y++) {
			row = &l->occupant[y * l->width];
			for (x = x0; x <= x1; x++) {
				if (row[x] > 0)
					ai_rouse(g, m, &l->mon[row[x] - 1]);
			}
		}
		return;
	}
	for (i = 0; i < l->nmon; i++)
		ai_rouse(g, m, &l->mon[i]);
}

/*
 * Monster m of a group (a leader with escorts, or an escort) noticed the
 * player: the others of the group that are not hunting go to search
 * where it noticed the player.
 */
static void
ai_rouse_group(struct game *g, const struct monster *m)
{
	struct level	*l = g->level;
	struct monster	*o;
	int		 i, lead = m->leader != 0 ? m->leader :
			    (int)(m - l->mon) + 1;

	for (i = 0; i < l->nmon; i++) {
		o = &l->mon[i];
		if (o == m || !o->alive || o->state == MS_HUNT ||
		    (o->leader != lead && i + 1 != lead) || carry_peaceful(g, o))
			continue;
		o->state = MS_SEARCH;
		o->lx = g->px;
		o->ly = g->py;
		o->timer = g->monsters.k[o->kind].give_up;
		o->noticed = (int)g->turn;
	}
}

/*
 * A patient monster with no way to (tx,ty): one straight step that
 * brings it nearer, if there is one, else it waits.
 */
static void
ai_close_in(struct game *g, int i, int tx, int ty)
{
	struct monster	*m = &g->level->mon[i];
	int		 dx, dy;

	dx = tx > m->x ? 1 : tx < m->x ? -1 : 0;
	dy = ty > m->y ? 1 : ty < m->y ? -1 : 0;
	if (ai_can_step(g, m, dx, dy))
		ai_move(g, i, m->x + dx, m->y + dy);
	else if (dx != 0 && dy != 0 && ai_can_step(g, m, dx, 0) &&
	    abs(tx - m->x) >= abs(ty - m->y))
		ai_move(g, i, m->x + dx, m->y);
	else if (dx != 0 && dy != 0 && ai_can_step(g, m, 0, dy))
		ai_move(g, i, m->x, m->y + dy);
}

/*
 * Updates what a monster knows from its senses.  Returns 2 if it sees
 * the player now, 1 if it only hears them, 0 if it perceives neither.
 */
static int
ai_perceive(struct game *g, struct monster *m)
{
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	struct level			*l = g->level;
	long				 dx = m->x - g->px, dy = m->y - g->py;
	long				 d2 = dx * dx + dy * dy, range;
	int				 sees, hears;

	sees = k->sight > 0 && l->far[m->y * l->width + m->x] &&
	    d2 <= (long)k->sight * k->sight + k->sight;
	range = (long)k->hearing * g->noise / 4;
	hears = k->hearing > 0 && g->noise > 0 && d2 <= range * range;
	/* Stealth: unheard, and seen only from the next cell. */
	if (g->stealth > 0) {
		hears = 0;
		sees = sees && d2 <= 2;
	}
	/* A monster following a noise hears nothing else. */
	if (m->lured > 0) {
		m->lured--;
		hears = 0;
	}
	if (!sees && !hears) {
		if (m->state == MS_HUNT) {
			m->state = MS_SEARCH;
			m->timer = k->give_up;
		}
		return (0);
	}
	if (m->state != MS_HUNT)
		ai_tell(g, EVENT_NOTICED, level_monster_shown(g, l,
		    (int)(m - l->mon)),
		    m->kind, sees);
	if (m->state != MS_HUNT && (k->flags & MONSTER_PACK))
		ai_rouse_pack(g, m);
	if (m->state != MS_HUNT && (m->leader != 0 || k->escort >= 0))
		ai_rouse_group(g, m);
	m->state = MS_HUNT;
	m->lured = 0;
	m->lx = g->px;
	m->ly = g->py;
	m->timer = k->give_up;
	m->noticed = (int)g->turn;
	return (sees ? 2 : 1);
}

/* Whether a monster stands on a cell: the flanking rule's callback. */
static int
ai_occupied(void *arg, int x, int y)
{
	struct level	*l = arg;

	return (level_monster_at(l, x, y) != NULL);
}

/*
 * A flanking monster's step instead of its planner's (nx,ny) towards the
 * player: see the top of the file.  Returns 0 with (*nx,*ny) set, or -1
 * to wait.
 */
static int
ai_flank(struct game *g, struct monster *m, int *nx, int *ny)
{
	struct level	*l = g->level;
	int		 cls = g->monsters.k[m->kind].cls;

	if (l->flank[cls] == NULL)
		l->flank[cls] = path_flank_new(l->cost[cls], l->rules,
		    PATH_FLANK_RANGE);
	if (path_flank_step(l->flank[cls], g->px, g->py, m->x, m->y, *nx, *ny,
	    ai_occupied, l, PATH_FLANK_AUTO, nx, ny, NULL) == PATH_FLANK_WAIT)
		return (-1);
	return (0);
}

/* Monster i plans towards (tx,ty), counted and watched. */
static enum path_plan_status
ai_plan(struct game *g, int i, int tx, int ty)
{
	struct monster			*m = &g->level->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	enum path_plan_status		 status;
	uint64_t			 t0 = 0;

	path_planner_set_hunter(m->planner, m->x, m->y);
	path_planner_set_target(m->planner, tx, ty);
	if (g->watch != NULL)
		watch_plan_begin(g, i);
	if (g->clock_ns != NULL)
		t0 = g->clock_ns();
	status = path_planner_plan(m->planner, 0, &m->stats);
	if (g->watch != NULL)
		watch_plan_end(g, i);
	if (g->clock_ns != NULL) {
		m->plan_ns = g->clock_ns() - t0;
		g->ai.ns[k->planner] += m->plan_ns;
	}
	g->ai.plans[k->planner]++;
	g->ai.expansions[k->planner] += m->stats.expansions;
	g->ai.replans[k->planner] += (uint64_t)m->stats.replanned;
	g->ai.hits[k->planner] += (uint64_t)m->stats.cache_hit;
	if (m->replans < GAME_REPLANS_MAX)	/* stops, never overflows */
		m->replans += m->stats.replanned;
	if (g->plan_observer != NULL)
		g->plan_observer(g->plan_observer_arg, g, i);
	return (status);
}

/*
 * Plans towards (tx,ty) and takes the step: attacking, opening a door,
 * waiting for a monster in the way, or moving.  A door-holder holds the
 * door it stands by, or takes hold of the one it would go through
 * (hold.c); a digger digs the rock it would go through (dig.c).
 */
static void
ai_chase(struct game *g, int i, int tx, int ty)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	const struct terrain_table	*t = &g->terrain;
	enum path_plan_status		 status;
	int				 nx, ny, tt;

	if (m->cooldown > 0) {
		m->cooldown--;
		if (hold_act(g, i))
			return;
		if (k->flags & MONSTER_PATIENT)
			ai_close_in(g, i, tx, ty);
		return;
	}
	status = ai_plan(g, i, tx, ty);
	if (hold_act(g, i))
		return;		/* holding a door shut: plans, stays */
	if (status == PATH_PLAN_NONE ||
	    path_planner_next(m->planner, &nx, &ny) != 0) {
		if (status == PATH_PLAN_NONE) {
			m->cooldown = AI_COOLDOWN;
			if (k->flags & MONSTER_PATIENT)
				ai_close_in(g, i, tx, ty);
		}
		return;
	}
	if ((k->flags & MONSTER_FLANK) && tx == g->px && ty == g->py &&
	    ai_flank(g, m, &nx, &ny) != 0)
		return;		/* hemmed in: wait */
	if (nx == g->px && ny == g->py) {
		ai_attack(g, m);
		return;
	}
	if (level_monster_at(l, nx, ny) != NULL)
		return;		/* someone is in the way: wait */
	if (hold_take(g, i, nx, ny) || dig_act(g, i, nx, ny) ||
	    hold_holder(g, nx, ny) >= 0)
		return;		/* a door held shut is shut to all: wait */
	tt = level_at(l, nx, ny);
	if (tt >= 0 && t->t[tt].open >= 0 && t->t[tt].cost[t->walk] == 0) {
		/* A shut door its class can pass: open it. */
		level_set_terrain(l, t, nx, ny, t->t[tt].open);
		ai_tell(g, EVENT_OPENED, l->visible[ny * l->width + nx] ||
		    l->visible[m->y * l->width + m->x], m->kind, 0);
		return;
	}
	if (!level_step_ok(l, k->cls, m->x, m->y, nx - m->x, ny - m->y))
		return;
	ai_move(g, i, nx, ny);
}

/*
 * A monster that perceives the player goes for it: a summoner that sees
 * the player calls when its time has come (summon.c); an interceptor
 * not yet beside the player heads where the player is going
 * (intercept.c); a shooter shoots, backs off or goes where it can shoot
 * from, and a keeper keeps its distance (ranged.c); any other, or a
 * shooter the player stands beside, chases.
 */
static void
ai_hunt(struct game *g, int i, int sees)
{
	struct monster	*m;
	int		 x, y;

	m = &g->level->mon[i];
	if (sees && summon_call(g, i)) {
		m = &g->level->mon[i];	/* the list may have moved */
		m->post_x = m->x;	/* it stands where it called */
		m->post_y = m->y;
		return;
	}
	m->post_x = m->post_y = -1;
	m->guess = LEVEL_GUESS_NONE;
	if ((g->monsters.k[m->kind].flags & MONSTER_INTERCEPT) &&
	    (abs(m->x - g->px) > 1 || abs(m->y - g->py) > 1)) {
		m->guess = intercept_target(g, i, &x, &y);
		if (m->guess != LEVEL_GUESS_NONE && (x != m->x || y != m->y)) {
			m->post_x = x;
			m->post_y = y;
			ai_chase(g, i, x, y);
			return;
		}
	}
	switch (ranged_choose(g, i, &x, &y)) {
	case RANGED_SHOOT:
		ai_shoot(g, m);
		break;
	case RANGED_STEP:
		ai_move(g, i, x, y);
		break;
	case RANGED_GO:
		m->post_x = x;
		m->post_y = y;
		ai_chase(g, i, x, y);
		break;
	case RANGED_HOLD:	/* a keeper where it wants to be: it watches */
		m->post_x = m->x;
		m->post_y = m->y;
		break;
	default:
		ai_chase(g, i, g->px, g->py);
		break;
	}
}

/* One action of one monster: see the top of the file. */
static void
ai_act(struct game *g, int i)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct monster_kind	*k = &g->monsters.k[m->kind];
	int				 d, nx, ny, sees;

	if (carry_peaceful(g, m)) {
		ai_wander(g, i);	/* not hostile until provoked */
		return;
	}
	if (flee_wants(g, m)) {
		/*
		 * Badly hurt, or a thief with its loot: away down the safety
		 * map, or fight cornered; a thief may get away (carry.c).
		 */
		if (flee_step(g, i, &nx, &ny) == 0)
			ai_move(g, i, nx, ny);
		else if (abs(m->x - g->px) <= 1 && abs(m->y - g->py) <= 1)
			ai_attack(g, m);
		(void)carry_gone(g, i);
		return;
	}
	if ((sees = ai_perceive(g, m)) != 0) {
		if ((k->flags & MONSTER_ERRATIC) && rng_chance(&g->rng, 0.25)) {
			d = (int)rng_below(&g->rng, 8);
			if (ai_can_step(g, m, ai_dx[d], ai_dy[d]))
				ai_move(g, i, m->x + ai_dx[d], m->y + ai_dy[d]);
			return;
		}
		ai_hunt(g, i, sees == 2);
		return;
	}
	/* A picker goes for an item it sees (carry.c). */
	switch (carry_seek(g, i, &nx, &ny)) {
	case 1:
		return;
	case 2:
		ai_chase(g, i, nx, ny);
		return;
	default:
		break;
	}
	if (m->state == MS_SEARCH) {
		if (--m->timer <= 0 || (m->x == m->lx && m->y == m->ly)) {
			m->state = MS_WANDER;
			m->lx = m->ly = -1;
			m->lured = 0;
			hold_forget(m);
		} else {
			ai_chase(g, i, m->lx, m->ly);
			return;
		}
	}
	if ((k->flags & MONSTER_GUARD) ||
	    ((k->flags & MONSTER_AMBUSH) && m->noticed == 0))
		return;
	ai_wander(g, i);
}

/* Starts the monsters' share of a turn: see ai_step(). */
void
ai_begin(struct game *g)
{
	memset(&g->ai, 0, sizeof g->ai);
	g->ai_acting = 1;
	g->ai_next = 0;
	g->ai_gained = 0;
	if (g->watch != NULL)
		watch_turn(g);
}

/* The energy a monster gains a turn: its speed, halved while slowed. */
static int
ai_speed(const struct game *g, const struct monster *m)
{
	int	speed = g->monsters.k[m->kind].speed;

	return (m->slowed > 0 ? (speed + 1) / 2 : speed);
}

/*
 * One monster action of the turn under way, in turn order: each monster
 * gains its speed in energy when its go comes, then acts while it has 10.
 * Returns the index of the monster that acted, or -1 when every monster
 * has had its go (the turn's monsters are done).  Step by step or all at
 * once, a turn is the same turn.
 */
int
ai_step(struct game *g)
{
	struct level	*l = g->level;
	struct monster	*m;
	int		 i;

	while (g->ai_acting && g->ai_next < l->nmon &&
	    g->status == GAME_PLAYING) {
		i = g->ai_next;
		m = &l->mon[i];
		if (m->alive) {
			if (!g->ai_gained) {
				m->energy += ai_speed(g, m);
				g->ai_gained = 1;
			}
			if (m->energy >= 10) {
				m->energy -= 10;
				ai_act(g, i);
				return (i);
			}
		}
		g->ai_next++;
		g->ai_gained = 0;
	}
	g->ai_acting = 0;
	return (-1);
}

/* Whether a monster is still to act this turn: see ai_step(). */
int
ai_more(const struct game *g)
{
	const struct level	*l = g->level;
	const struct monster	*m;
	int			 i, energy;

	if (!g->ai_acting || g->status != GAME_PLAYING)
		return (0);
	for (i = g->ai_next; i < l->nmon; i++) {
		m = &l->mon[i];
		if (!m->alive)
			continue;
		energy = m->energy;
		if (i != g->ai_next || !g->ai_gained)
			energy += ai_speed(g, m);
		if (energy >= 10)
			return (1);
	}
	return (0);
}
