/*
 * vault-random.c: randomness in vaults (vault.h): subst, nsubst, shuffle.
 *
 * A rule changes single-byte glyphs of the vault's map rows, before the
 * map is read: so a cell's new glyph means what the legend says it
 * means, and since a byte becomes a byte, columns do not move.  Rules
 * apply in the order written, each to the map as the rules above left
 * it.  Every draw comes from the generator given (the game's), so a
 * seed gives the same instances.  The vault's own map (vault.c) is its
 * instance with every rule at its first choice; vault.c also reads the
 * vault once with each other choice of each rule, so a glyph that does
 * not read is told at its rule's line.
 *
 * In a rule's line '#' is a glyph (a wall), not a comment.
 */
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "vault.h"
#include "xmalloc.h"

#define VAULT_SUB_TRIES		8	/* draws of a sub-vault till one fits */
#define VAULT_MAX_WEIGHT_ONE	1000	/* of one choice of a subst */

/* True when a field is one printable ASCII glyph a rule may use. */
static int
vault_rule_glyph(const struct scan_field *f, size_t len)
{
	return (len == 1 && f->p[0] > ' ' && f->p[0] <= '~' &&
	    f->p[0] != '@');
}

/* Reads "C" or "C:N" (subst) or "N:C" or "*:C" (nsubst); 0, or -1. */
static int
vault_rule_choice(struct vault_rule *rule, const struct scan_field *f)
{
	struct scan_field	 num = *f;
	const char		*colon = memchr(f->p, ':', f->n);
	long			 x = 1;
	int			 k = rule->nto;

	if (rule->kind == VAULT_NSUBST) {
		if (colon == NULL || (size_t)(colon - f->p) + 2 != f->n)
			return (-1);
		num.n = (size_t)(colon - f->p);
		if (num.n == 1 && num.p[0] == '*')
			x = -1;
		else if (scan_long(&num, 0, 64 * 64, &x) != 0)
			return (-1);
		rule->to[k] = colon[1];
	} else {
		if (colon != NULL) {
			num.p = colon + 1;
			num.n = f->n - (size_t)(colon - f->p) - 1;
			if (colon != f->p + 1 || scan_long(&num, 1,
			    VAULT_MAX_WEIGHT_ONE, &x) != 0)
				return (-1);
		} else if (f->n != 1)
			return (-1);
		rule->to[k] = f->p[0];
	}
	if (rule->to[k] <= ' ' || rule->to[k] > '~' || rule->to[k] == '@')
		return (-1);
	rule->n[k] = (int)x;
	rule->column[k] = f->column;
	rule->nto++;
	return (0);
}

/* Reads the choices of a subst or nsubst line (after '='). */
static int
vault_rule_choices(struct vault_rule *rule, const struct scan *s,
    struct scan_field *f, int nf, char **error)
{
	int	i, rest = 0;

	for (i = 3; i < nf; i++) {
		if (rule->kind == VAULT_SUBST && i == nf - 1 && i > 3 &&
		    scan_is(&f[i], "once")) {
			rule->kind = VAULT_SUBST_ONCE;
			break;
		}
		if (vault_rule_choice(rule, &f[i]) != 0) {
			*error = scan_error(s, f[i].column, rule->kind ==
			    VAULT_NSUBST ? "an nsubst choice is N:C or *:C "
			    "(the rest), C one ASCII glyph but '@'" : "a subst "
			    "choice is C or C:WEIGHT (1 to %d), C one ASCII "
			    "glyph but '@'", VAULT_MAX_WEIGHT_ONE);
			return (-1);
		}
		if (rule->kind == VAULT_NSUBST && rule->n[rule->nto - 1] < 0)
			rest++;
	}
	if (rule->nto == 0 || (rule->kind == VAULT_NSUBST && (rest != 1 ||
	    rule->n[rule->nto - 1] >= 0))) {
		*error = scan_error(s, 0, rule->kind == VAULT_NSUBST ?
		    "nsubst needs its counts, then \"*:C\" last for the rest" :
		    "subst needs at least one glyph after '='");
		return (-1);
	}
	return (0);
}

/* Reads a randomness line: see vault.h. */
int
vault_rule_read(struct vault *v, const struct scan *s, char **error)
{
	struct scan_field	 f[VAULT_MAX_CHOICES + 4];
	struct vault_rule	*rule;
	int			 nf, i, k;

	nf = scan_fields(s, f, VAULT_MAX_CHOICES + 4);
	if (v->nrules == VAULT_MAX_RULES || nf > VAULT_MAX_CHOICES + 4) {
		*error = scan_error(s, 0, "at most %d rules of %d glyphs each",
		    VAULT_MAX_RULES, VAULT_MAX_CHOICES);
		return (-1);
	}
	rule = &v->rules[v->nrules];
	memset(rule, 0, sizeof *rule);
	rule->line = s->line;
	if (scan_is(&f[0], "shuffle:")) {
		rule->kind = VAULT_SHUFFLE;
		if (nf != 2 || f[1].n < 2 || f[1].n > VAULT_MAX_CHOICES) {
			*error = scan_error(s, nf < 2 ? 0 : f[1].column,
			    "shuffle takes one word of 2 to %d glyphs",
			    VAULT_MAX_CHOICES);
			return (-1);
		}
		for (i = 0; i < (int)f[1].n; i++) {
			rule->to[i] = f[1].p[i];
			rule->column[i] = f[1].column + i;
			for (k = 0; k < i; k++)
				if (rule->to[k] == rule->to[i])
					break;
			if (k < i || rule->to[i] <= ' ' ||
			    rule->to[i] > '~' || rule->to[i] == '@') {
				*error = scan_error(s, f[1].column + i, "a "
				    "shuffled glyph is ASCII, not '@', and "
				    "given once");
				return (-1);
			}
		}
		rule->nto = (int)f[1].n;
		v->nrules++;
		return (0);
	}
	rule->kind = scan_is(&f[0], "nsubst:") ? VAULT_NSUBST : VAULT_SUBST;
	if (nf < 4 || !vault_rule_glyph(&f[1], f[1].n) ||
	    !scan_is(&f[2], "=")) {
		*error = scan_error(s, nf < 2 ? 0 : f[1].column, "expected "
		    "\"%s C = ...\", C one ASCII glyph but '@'",
		    rule->kind == VAULT_NSUBST ? "nsubst:" : "subst:");
		return (-1);
	}
	rule->from = f[1].p[0];
	if (vault_rule_choices(rule, s, f, nf, error) != 0)
		return (-1);
	v->nrules++;
	return (0);
}

/* Draws a choice of a subst by weight. */
static int
vault_weighted(const struct vault_rule *rule, struct rng *r)
{
	uint32_t	total = 0, x;
	int		k;

	for (k = 0; k < rule->nto; k++)
		total += (uint32_t)rule->n[k];
	x = rng_below(r, total);
	for (k = 0; k < rule->nto - 1; k++) {
		if (x < (uint32_t)rule->n[k])
			return (k);
		x -= (uint32_t)rule->n[k];
	}
	return (k);
}

/* Applies an nsubst to the cells holding its glyph (at[0..n)). */
static void
vault_nsubst(const struct vault_rule *rule, char *text, int *at, int n,
    struct rng *r, int choice)
{
	int	i, j, k, t, done = 0;

	for (i = n - 1; r != NULL && i > 0; i--) {	/* Fisher-Yates */
		j = (int)rng_below(r, (uint32_t)i + 1);
		t = at[i];
		at[i] = at[j];
		at[j] = t;
	}
	if (r == NULL) {
		for (i = 0; i < n; i++)
			text[at[i]] = rule->to[choice];
		return;
	}
	for (k = 0; k < rule->nto; k++) {
		for (i = 0; done < n && (rule->n[k] < 0 || i < rule->n[k]);
		    i++)
			text[at[done++]] = rule->to[k];
	}
}

/* Applies one rule to the map's bytes (at: scratch for their offsets). */
static void
vault_rule_apply(const struct vault_rule *rule, char *text, const int *map,
    int nmap, int *at, struct rng *r, int choice)
{
	char	perm[VAULT_MAX_CHOICES], t;
	int	i, j, k, n = 0;

	switch (rule->kind) {
	case VAULT_SHUFFLE:
		memcpy(perm, rule->to, (size_t)rule->nto);
		for (i = rule->nto - 1; r != NULL && i > 0; i--) {
			j = (int)rng_below(r, (uint32_t)i + 1);
			t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
		}
		for (i = 0; i < nmap; i++)
			for (k = 0; k < rule->nto; k++)
				if (text[map[i]] == rule->to[k]) {
					text[map[i]] = perm[k];
					break;
				}
		return;
	case VAULT_SUBST_ONCE:
		k = r != NULL ? vault_weighted(rule, r) : choice;
		for (i = 0; i < nmap; i++)
			if (text[map[i]] == rule->from)
				text[map[i]] = rule->to[k];
		return;
	case VAULT_SUBST:
		for (i = 0; i < nmap; i++)
			if (text[map[i]] == rule->from)
				text[map[i]] = rule->to[r != NULL ?
				    vault_weighted(rule, r) : choice];
		return;
	case VAULT_NSUBST:
		for (i = 0; i < nmap; i++)
			if (text[map[i]] == rule->from)
				at[n++] = map[i];
		vault_nsubst(rule, text, at, n, r, choice);
		return;
	}
}

/* Applies the rules to a copy of the text: see vault.h. */
char *
vault_rules_apply(const struct vault *v, const char *text, size_t len,
    int map_line, int rows, struct rng *r, const int *choice)
{
	char	*out;
	int	*map, *at, nmap = 0, line = 1, i;
	size_t	 p;

	out = xmalloc(len + 1);
	memcpy(out, text, len);
	out[len] = '\0';
	map = xcalloc(len + 1, sizeof *map);
	at = xcalloc(len + 1, sizeof *at);
	for (p = 0; p < len; p++) {
		if (out[p] == '\n') {
			line++;
			continue;
		}
		if (line >= map_line && line < map_line + rows &&
		    (unsigned char)out[p] < 0x80)
			map[nmap++] = (int)p;
	}
	for (i = 0; i < v->nrules; i++)
		vault_rule_apply(&v->rules[i], out, map, nmap, at, r,
		    choice != NULL ? choice[i] : 0);
	free(map);
	free(at);
	return (out);
}

/* One instance of a vault: see vault.h. */
int
vault_instance(const struct vault *v, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    struct rng *r, struct dungeon *d)
{
	char	*text, *cause = NULL;
	int	 rc;

	if (v->nrules == 0 || v->text == NULL)
		return (1);
	text = vault_rules_apply(v, v->text, v->text_len, v->map_line,
	    v->d.height, r, NULL);
	rc = dungeon_parse_piece(d, tt, mt, it, v->name, text, v->text_len,
	    &cause);
	free(text);
	free(cause);
	if (rc == 0 && (d->width != v->d.width || d->height != v->d.height ||
	    d->px >= 0)) {
		dungeon_free(d);
		rc = -1;
	}
	return (rc);
}

/* Where a cell of a w x h map goes when mirrored, then turned rot times. */
static void
vault_turn_cell(int w, int h, int rot, int mirror, int *x, int *y)
{
	int	t;

	if (mirror)
		*x = w - 1 - *x;
	for (; rot > 0; rot--) {	/* a quarter turn clockwise */
		t = *x;
		*x = h - 1 - *y;
		*y = t;
		t = w;
		w = h;
		h = t;
	}
}

/* A cell index of the source as one of the turned map. */
static int
vault_turn_index(const struct dungeon *s, int nw, int rot, int mirror,
    int i)
{
	int	x = i % s->width, y = i / s->width;

	vault_turn_cell(s->width, s->height, rot, mirror, &x, &y);
	return (y * nw + x);
}

/* Copies a dungeon's map, monsters, items, gates and events, turned. */
static void
vault_turn(const struct dungeon *s, int rot, int mirror, struct dungeon *d)
{
	int	i, k, x0, y0, x1, y1, n = s->width * s->height;

	*d = *s;
	if (rot % 2) {
		d->width = s->height;
		d->height = s->width;
	}
	d->terrain = xmalloc((size_t)n);
	for (i = 0; i < n; i++)
		d->terrain[vault_turn_index(s, d->width, rot, mirror, i)] =
		    s->terrain[i];
	d->spawns = xcalloc((size_t)s->nspawns + 1, sizeof *d->spawns);
	for (i = 0; i < s->nspawns; i++) {
		d->spawns[i] = s->spawns[i];
		vault_turn_cell(s->width, s->height, rot, mirror,
		    &d->spawns[i].x, &d->spawns[i].y);
	}
	d->items = xcalloc((size_t)s->nitems + 1, sizeof *d->items);
	for (i = 0; i < s->nitems; i++) {
		d->items[i] = s->items[i];
		vault_turn_cell(s->width, s->height, rot, mirror,
		    &d->items[i].x, &d->items[i].y);
	}
	d->gates = xcalloc((size_t)s->ngates + 1, sizeof *d->gates);
	for (i = 0; i < s->ngates; i++) {
		d->gates[i] = s->gates[i];
		d->gates[i].cells = xcalloc((size_t)s->gates[i].ncells,
		    sizeof (int));
		for (k = 0; k < s->gates[i].ncells; k++)
			d->gates[i].cells[k] = vault_turn_index(s, d->width,
			    rot, mirror, s->gates[i].cells[k]);
	}
	d->events = xcalloc((size_t)s->nevents + 1, sizeof *d->events);
	for (i = 0; i < s->nevents; i++) {
		d->events[i] = s->events[i];
		x0 = s->events[i].x;
		y0 = s->events[i].y;
		x1 = x0 + s->events[i].w - 1;
		y1 = y0 + s->events[i].h - 1;
		vault_turn_cell(s->width, s->height, rot, mirror, &x0, &y0);
		vault_turn_cell(s->width, s->height, rot, mirror, &x1, &y1);
		d->events[i].x = x0 < x1 ? x0 : x1;
		d->events[i].y = y0 < y1 ? y0 : y1;
		d->events[i].w = abs(x1 - x0) + 1;
		d->events[i].h = abs(y1 - y0) + 1;
		vault_turn_cell(s->width, s->height, rot, mirror,
		    &d->events[i].tx, &d->events[i].ty);
	}
}

/* Copies a drawn sub-vault into a drawn vault with its corner at ox,oy. */
static void
vault_stamp(struct dungeon *d, const struct dungeon *s, int ox, int oy)
{
	struct dungeon_gate	*g;
	int			 x, y, i, k, n;

	for (y = 0; y < s->height; y++)
		for (x = 0; x < s->width; x++)
			d->terrain[(oy + y) * d->width + ox + x] =
			    s->terrain[y * s->width + x];
	d->spawns = xreallocarray(d->spawns, (size_t)(d->nspawns +
	    s->nspawns + 1), sizeof *d->spawns);
	for (i = 0; i < s->nspawns; i++) {
		d->spawns[d->nspawns] = s->spawns[i];
		d->spawns[d->nspawns].x += ox;
		d->spawns[d->nspawns++].y += oy;
	}
	d->items = xreallocarray(d->items, (size_t)(d->nitems + s->nitems +
	    1), sizeof *d->items);
	for (i = 0; i < s->nitems; i++) {
		d->items[d->nitems] = s->items[i];
		d->items[d->nitems].x += ox;
		d->items[d->nitems++].y += oy;
	}
	d->gates = xreallocarray(d->gates, (size_t)(d->ngates + s->ngates +
	    1), sizeof *d->gates);
	for (i = 0; i < s->ngates; i++) {
		g = &d->gates[d->ngates++];
		*g = s->gates[i];
		g->cells = xcalloc((size_t)g->ncells + 1, sizeof (int));
		for (k = 0; k < g->ncells; k++) {
			n = s->gates[i].cells[k];
			g->cells[k] = (oy + n / s->width) * d->width + ox +
			    n % s->width;
		}
	}
	d->events = xreallocarray(d->events, (size_t)(d->nevents +
	    s->nevents + 1), sizeof *d->events);
	for (i = 0; i < s->nevents; i++) {
		d->events[d->nevents] = s->events[i];
		d->events[d->nevents].x += ox;
		d->events[d->nevents].y += oy;
		d->events[d->nevents].tx += ox;
		d->events[d->nevents++].ty += oy;
	}
}

/*
 * Draws a vault into each sub-vault rectangle of a drawn vault (turned
 * rot and mirror from v): one of its candidates by weight, drawn as any
 * vault is, tried up to VAULT_SUB_TRIES times until it fits, centred in
 * the rectangle.  0, or -1 when a rectangle stays empty.
 */
static int
vault_draw_subs(const struct vault *v, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    struct rng *r, int rot, int mirror, struct vault *out)
{
	const struct vault_sub	*sub;
	struct vault		 sd;
	uint32_t		 total, x;
	int			 k, c, t, x0, y0, x1, y1, placed;

	for (k = 0; k < v->nsubs; k++) {
		sub = &v->subs[k];
		x0 = sub->x;
		y0 = sub->y;
		x1 = x0 + sub->w - 1;
		y1 = y0 + sub->h - 1;
		vault_turn_cell(v->d.width, v->d.height, rot, mirror, &x0, &y0);
		vault_turn_cell(v->d.width, v->d.height, rot, mirror, &x1, &y1);
		for (total = 0, c = 0; c < sub->ncand; c++)
			total += (uint32_t)sub->cand[c].weight;
		for (placed = 0, t = 0; t < VAULT_SUB_TRIES && !placed &&
		    total > 0; t++) {
			x = rng_below(r, total);
			for (c = 0; x >= (uint32_t)sub->cand[c].weight; c++)
				x -= (uint32_t)sub->cand[c].weight;
			if (vault_draw(&sub->cand[c], tt, mt, it, r, &sd) != 0)
				continue;
			if (sd.d.width <= abs(x1 - x0) + 1 &&
			    sd.d.height <= abs(y1 - y0) + 1) {
				vault_stamp(&out->d, &sd.d, (x0 < x1 ? x0 : x1) +
				    (abs(x1 - x0) + 1 - sd.d.width) / 2,
				    (y0 < y1 ? y0 : y1) + (abs(y1 - y0) + 1 -
				    sd.d.height) / 2);
				placed = 1;
			}
			vault_drawn_free(&sd);
		}
		if (!placed)
			return (-1);
	}
	return (0);
}

/* Draws a whole instance: rules, then the turn: see vault.h. */
int
vault_draw(const struct vault *v, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    struct rng *r, struct vault *out)
{
	struct dungeon	 ruled;
	const struct dungeon *from = &v->d;
	int		 rc, rot = 0, mirror = 0, i, x, y;

	rc = vault_instance(v, tt, mt, it, r, &ruled);
	if (rc < 0)
		return (-1);
	if (rc == 0)
		from = &ruled;
	if (v->rotate)
		rot = (int)rng_below(r, 4);
	if (v->mirror)
		mirror = (int)rng_below(r, 2);
	*out = *v;
	out->text = NULL;
	vault_turn(from, rot, mirror, &out->d);
	out->entries = xcalloc((size_t)v->nentries, sizeof *out->entries);
	for (i = 0; i < v->nentries; i++) {
		x = v->entries[i] % v->d.width;
		y = v->entries[i] / v->d.width;
		vault_turn_cell(v->d.width, v->d.height, rot, mirror, &x, &y);
		out->entries[i] = y * out->d.width + x;
	}
	if (rc == 0)
		dungeon_free(&ruled);
	if (vault_draw_subs(v, tt, mt, it, r, rot, mirror, out) != 0) {
		vault_drawn_free(out);
		return (-1);
	}
	return (0);
}

/* Frees what vault_draw() made. */
void
vault_drawn_free(struct vault *v)
{
	dungeon_free(&v->d);
	free(v->entries);
	v->entries = NULL;
}
