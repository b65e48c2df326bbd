/*
 * check_template.c: richer data for modders (issue 27, part 5).
 *
 * Monster templates: "like KIND" as a block's first line copies every key
 * of a kind above it but its name, the block's lines override; the
 * behaviour's +FLAG/-FLAG form, "drops none" and "escort none"; each
 * error at its file:line:column, an unknown kind with the closest names
 * above it.  The shipped templated kind is the same kind as the one
 * written out in full: field for field, and in a save's data signature.
 *
 * Per-glyph random lists in legends: "legend: C monster A B:3 C" and
 * "item" alike, and "any" for a kind of the depth; each cell draws from
 * the game's stream, so a seed gives the same level, every kind of a
 * list turns up about as often as its weight says, and an unknown name
 * of a list is refused at its column by the game and by the checker.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dungeon.h"
#include "game.h"
#include "item.h"
#include "monster.h"
#include "report.h"
#include "state.h"
#include "terrain.h"
#include "testutil.h"
#include "vault.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* A kind using most keys, on lines 1 to 18, and a second to escort it. */
static const char base_monsters[] =
    "monster grunt\n"			/* 1 */
    "glyph g\n"
    "colour red bright\n"
    "hp 10\n"
    "damage 2-5\n"			/* 5 */
    "speed 12\n"
    "sight 7\n"
    "hearing 9\n"
    "class doors\n"
    "planner mtdstar\n"			/* 10 */
    "behaviour doors pack flank\n"
    "give-up 30\n"
    "depth 2-6\n"
    "flee 20\n"
    "ranged 1-3\n"			/* 15 */
    "range 5\n"
    "keeps 2\n"
    "shot an arrow\n"
    "drops dart 20\n"			/* 19 */
    "escort pup 1-2\n"
    "describe A grunt.\n"
    "noun a shouting grunt\n"
    "monster pup\n"			/* 23 */
    "glyph p\nhp 2\ndamage 1\nspeed 10\nclass walk\nplanner astar\n";

/* Reads the whole of a small file into a new string. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*buf;
	long	 n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	if (len != NULL)
		*len = (size_t)n;
	return (buf);
}

/* Writes a string to a file. */
static void
spit(const char *path, const char *text)
{
	FILE	*f = fopen(path, "wb");

	ck_assert_msg(f != NULL, "cannot write %s", path);
	ck_assert_int_eq(fwrite(text, 1, strlen(text), f), strlen(text));
	ck_assert_int_eq(fclose(f), 0);
}

/* Concatenates two strings into a new one. */
static char *
cat(const char *a, const char *b)
{
	size_t	 na = strlen(a), nb = strlen(b);
	char	*s = malloc(na + nb + 1);

	ck_assert_ptr_nonnull(s);
	memcpy(s, a, na);
	memcpy(s + na, b, nb + 1);
	return (s);
}

/* The shipped terrain table, for monster and dungeon files. */
static void
load_terrain(struct terrain_table *tt)
{
	char	*cause = NULL;

	ck_assert_msg(terrain_read(tt, SRC_DATA "/terrain.txt", &cause) == 0,
	    "%s", cause);
}

/* Parses a monster file that must be good, its drops linked. */
static void
monsters_good(struct monster_table *mt, const struct terrain_table *tt,
    const struct item_table *it, const char *text)
{
	char	*cause = NULL;

	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	if (it != NULL)
		ck_assert_msg(monster_link_items(mt, it, "m.txt", NULL,
		    &cause) == 0, "%s", cause);
}

/* Asserts that a monster file is refused with a message holding both. */
static void
monsters_refused_at(int line, const char *text, const char *where,
    const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	char			*cause = NULL;

	ck_assert(tt != NULL && mt != NULL);
	load_terrain(tt);
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) != 0, "line %d: accepted (expected \"%s\")", line, what);
	ck_assert_msg(strstr(cause, where) != NULL && strstr(cause, what) !=
	    NULL, "line %d: \"%s\" lacks \"%s\" or \"%s\"", line, cause,
	    where, what);
	free(cause);
	free(mt);
	free(tt);
}
#define monsters_refused(text, where, what) \
	monsters_refused_at(__LINE__, text, where, what)

/* --- monster templates ---------------------------------------------------- */

/* A kind made from another has its every key, but for what it changes. */
START_TEST(test_template_copies)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	const struct monster_kind *g, *c, *p;
	char			*text, *cause = NULL;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_terrain(tt);
	ck_assert_msg(item_read(it, tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
	text = cat(base_monsters, "monster grunt-boss\n"
	    "like grunt\n"
	    "hp 25\n"
	    "behaviour +guard -pack\n"
	    "range 6\n");
	monsters_good(mt, tt, it, text);
	free(text);
	g = &mt->k[monster_find(mt, "grunt")];
	c = &mt->k[monster_find(mt, "grunt-boss")];
	p = &mt->k[monster_find(mt, "pup")];
	/* Its own name, and what messages call it from that name. */
	ck_assert_str_eq(c->name, "grunt-boss");
	ck_assert_str_eq(c->display, "grunt boss");
	ck_assert_str_eq(g->display, "shouting grunt");
	ck_assert_int_eq(c->line, 30);
	/* What it changed. */
	ck_assert_int_eq(c->hp, 25);
	ck_assert_uint_eq(c->flags, MONSTER_DOORS | MONSTER_FLANK |
	    MONSTER_GUARD);
	ck_assert_int_eq(c->range, 6);
	/* The value is the template's (its hp), not its own hp. */
	ck_assert_int_eq(c->value, 10);
	/* The rest, copied. */
	ck_assert_str_eq(c->glyph, "g");
	ck_assert_int_eq(c->colour, g->colour);
	ck_assert_int_eq(c->bright, 1);
	ck_assert_int_eq(c->damage_min, 2);
	ck_assert_int_eq(c->damage_max, 5);
	ck_assert_int_eq(c->speed, 12);
	ck_assert_int_eq(c->sight, 7);
	ck_assert_int_eq(c->hearing, 9);
	ck_assert_int_eq(c->cls, g->cls);
	ck_assert_int_eq(c->planner, g->planner);
	ck_assert_int_eq(c->give_up, 30);
	ck_assert_int_eq(c->depth_min, 2);
	ck_assert_int_eq(c->depth_max, 6);
	ck_assert_int_eq(c->flee, 20);
	ck_assert_int_eq(c->ranged_min, 1);
	ck_assert_int_eq(c->ranged_max, 3);
	ck_assert_int_eq(c->keeps, 2);
	ck_assert_str_eq(c->shot, "arrow");
	ck_assert_int_eq(c->shot_noun, g->shot_noun);
	ck_assert_str_eq(c->describe, "A grunt.");
	ck_assert_int_eq(c->ndrops, 1);
	ck_assert_int_eq(c->drops[0].item, item_find(it, "dart"));
	ck_assert_int_eq(c->drops[0].percent, 20);
	ck_assert_int_eq(c->escort, (int)(p - mt->k));
	ck_assert_int_eq(c->escort_min, 1);
	ck_assert_int_eq(c->escort_max, 2);
	ck_assert_int_eq(c->frequency, 10);
	/* The template itself is untouched. */
	ck_assert_int_eq(g->hp, 10);
	ck_assert_int_eq(g->range, 5);
	ck_assert_uint_eq(g->flags, MONSTER_DOORS | MONSTER_PACK |
	    MONSTER_FLANK);

	/* Replacing lists: behaviour, drops, escort; a template's template. */
	text = cat(base_monsters, "monster b\nlike grunt\n"
	    "behaviour erratic\ndrops potion-of-healing 50\n"
	    "drops dart 10\nescort none\n"
	    "monster c\nlike b\nbehaviour none\ndrops none\n"
	    "monster d\nlike pup\nbehaviour +pack\n");
	monsters_good(mt, tt, it, text);
	free(text);
	c = &mt->k[monster_find(mt, "b")];
	ck_assert_uint_eq(c->flags, MONSTER_ERRATIC);
	ck_assert_int_eq(c->ndrops, 2);
	ck_assert_int_eq(c->drops[0].item, item_find(it, "potion-of-healing"));
	ck_assert_int_eq(c->drops[1].item, item_find(it, "dart"));
	ck_assert_int_eq(c->escort, -1);
	c = &mt->k[monster_find(mt, "c")];
	ck_assert_uint_eq(c->flags, 0);
	ck_assert_int_eq(c->ndrops, 0);
	ck_assert_int_eq(c->escort, -1);
	ck_assert_int_eq(c->range, 5);
	ck_assert_int_eq(c->hp, 10);
	c = &mt->k[monster_find(mt, "d")];
	ck_assert_uint_eq(c->flags, MONSTER_PACK);
	ck_assert_int_eq(c->hp, 2);
	ck_assert_int_eq(c->range, 0);
	ck_assert_int_eq(c->value, 2);

	/* A summoner's keys come along, and are checked with the block's. */
	text = cat(base_monsters, "monster caller\nglyph c\nhp 5\ndamage 1\n"
	    "speed 10\nclass walk\nplanner astar\nkeeps 3\n"
	    "summons pup 1-2\nsummon-every 9\n"
	    "monster caller2\nlike caller\nsummon-cap 2\n");
	monsters_good(mt, tt, it, text);
	free(text);
	c = &mt->k[monster_find(mt, "caller2")];
	ck_assert_int_eq(c->summons, monster_find(mt, "pup"));
	ck_assert_int_eq(c->summon_every, 9);
	ck_assert_int_eq(c->summon_cap, 2);
	ck_assert_int_eq(c->keeps, 3);
	ck_assert_int_eq(mt->k[monster_find(mt, "caller")].summon_cap,
	    MONSTER_SUMMON_CAP);
	free(it);
	free(mt);
	free(tt);
}
END_TEST

/* Each mistake with a template, at its line and column. */
START_TEST(test_template_errors)
{
	char	*text;

	text = cat(base_monsters, "monster boss\nlike grnut\n");
	monsters_refused(text, "m.txt:31:6:", "unknown monster \"grnut\" in "
	    "like (did you mean grunt?)");
	free(text);
	/* Only kinds above it: pup is below grunt, so not yet known. */
	text = cat("monster boss\nlike pup\n", base_monsters);
	monsters_refused(text, "m.txt:2:6:", "unknown monster \"pup\" in like");
	free(text);
	text = cat(base_monsters, "monster boss\nlike boss\n");
	monsters_refused(text, "m.txt:31:6:", "monster \"boss\" cannot be like "
	    "itself");
	free(text);
	text = cat(base_monsters, "monster boss\nhp 4\nlike grunt\n");
	monsters_refused(text, "m.txt:32:1:", "\"like\" must be the first line "
	    "of monster \"boss\"");
	free(text);
	text = cat(base_monsters, "monster boss\ndrops dart 5\nlike grunt\n");
	monsters_refused(text, "m.txt:32:1:", "\"like\" must be the first "
	    "line");
	free(text);
	text = cat(base_monsters, "monster boss\nlike grunt\nlike pup\n");
	monsters_refused(text, "m.txt:32:1:", "\"like\" given twice for monster "
	    "\"boss\"");
	free(text);
	text = cat(base_monsters, "monster boss\nlike\n");
	monsters_refused(text, "m.txt:31:1:", "expected \"like KIND\"");
	free(text);
	text = cat(base_monsters, "monster boss\nlike grunt\nhp 3\nhp 4\n");
	monsters_refused(text, "m.txt:33:1:", "\"hp\" given twice");
	free(text);
	/* The behaviour line's two forms. */
	text = cat(base_monsters, "monster boss\nlike grunt\n"
	    "behaviour +guard pack\n");
	monsters_refused(text, "m.txt:32:18:", "\"pack\": a behaviour line lists "
	    "flags");
	free(text);
	text = cat(base_monsters, "monster boss\nlike grunt\n"
	    "behaviour -guard\n");
	monsters_refused(text, "m.txt:32:11:", "monster \"boss\" has no "
	    "behaviour \"guard\" to take away");
	free(text);
	text = cat(base_monsters, "monster boss\nlike grunt\n"
	    "behaviour +gaurd\n");
	monsters_refused(text, "m.txt:32:11:", "unknown behaviour \"+gaurd\"");
	free(text);
	/* Drops none stands alone. */
	text = cat(base_monsters, "monster boss\nlike grunt\ndrops none\n"
	    "drops dart 5\n");
	monsters_refused(text, "m.txt:33:1:", "after \"drops none\"");
	free(text);
	text = cat(base_monsters, "monster boss\nlike grunt\ndrops dart 5\n"
	    "drops none\n");
	monsters_refused(text, "m.txt:33:1:", "\"drops none\" must be the "
	    "kind's only drops line");
	free(text);
	/* Keys that go together, with what was copied. */
	text = cat(base_monsters, "monster boss\nlike grunt\nrange 2\n");
	monsters_refused(text, "m.txt:30:1:", "monster \"boss\" keeps as far "
	    "as its range");
	free(text);
	text = cat(base_monsters, "monster boss\nlike pup\nrange 4\n");
	monsters_refused(text, "m.txt:30:1:", "monster \"boss\" has no "
	    "\"ranged A-B\"");
	free(text);
}
END_TEST

/* The checker reads on: every template error of a file, each once. */
START_TEST(test_template_checker)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct dungeon_report	 r;
	struct monster_table	*scratch;
	char			 path[] = "/tmp/astray-template.XXXXXX";
	char			*text;
	int			 fd, n;

	ck_assert_ptr_nonnull(tt);
	load_terrain(tt);
	text = cat(base_monsters, "monster a\nlike grnut\n"
	    "monster b\nlike b\nmonster c\nlike grunt\nbehaviour -guard\n");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	spit(path, text);
	memset(&r, 0, sizeof r);
	ck_assert_ptr_nonnull(scratch = calloc(1, sizeof *scratch));
	n = monster_check(&r, scratch, tt, NULL, NULL, path);
	free(scratch);
	ck_assert_msg(n == 3, "%d errors, the first \"%s\"", n, n > 0 ?
	    r.errors[0] : "");
	ck_assert_ptr_nonnull(strstr(r.errors[0], ":31:6: unknown monster "
	    "\"grnut\" in like (did you mean grunt?)"));
	ck_assert_ptr_nonnull(strstr(r.errors[1], ":33:6: monster \"b\" "
	    "cannot be like itself"));
	ck_assert_ptr_nonnull(strstr(r.errors[2], ":36:11: monster \"c\" has "
	    "no behaviour \"guard\""));
	dungeon_report_free(&r);
	unlink(path);
	free(text);
	free(tt);
}
END_TEST

/* The shipped orc captain as data/monsters.txt would write it in full. */
static const char captain_in_full[] =
    "monster orc-captain\n"
    "\tglyph o\n"
    "\tcolour magenta bright\n"
    "\thp 22\n"
    "\tdamage 3-6\n"
    "\tspeed 10\n"
    "\tsight 8\n"
    "\thearing 8\n"
    "\tclass doors\n"
    "\tplanner mtdstar\n"
    "\tbehaviour doors flank\n"
    "\tgive-up 40\n"
    "\tdepth 6-9\n"
    "\tvalue 30\n"
    "\tflee 10\n"
    "\tfrequency 2\n"
    "\tescort orc 2-3\n"
    "\tdrops potion-of-healing 60\n"
    "\tdrops dart 40\n"
    "\tdescribe An orc in a dented helm, barking orders. Its squad is "
    "never far behind.\n";

/* data/monsters.txt with its orc captain written out in full (hp: its hp). */
static char *
shipped_in_full(int hp)
{
	char	*text = slurp(SRC_DATA "/monsters.txt", NULL), *at, *out;
	char	 block[sizeof captain_in_full + 16], *h;

	at = strstr(text, "\nmonster orc-captain\n");
	ck_assert_msg(at != NULL, "no orc captain in data/monsters.txt");
	ck_assert_msg(strstr(at + 1, "\nmonster ") == NULL, "the orc captain "
	    "is not the last kind of data/monsters.txt");
	at[1] = '\0';
	snprintf(block, sizeof block, "%s", captain_in_full);
	h = strstr(block, "\thp 22\n");
	ck_assert_ptr_nonnull(h);
	h[4] = (char)('0' + hp / 10);
	h[5] = (char)('0' + hp % 10);
	out = cat(text, block);
	free(text);
	return (out);
}

/* Asserts that two kinds have the same name and every same value. */
static void
same_kind(const struct monster_kind *a, const struct monster_kind *b)
{
	const char	*n = a->name;
	int		 j;

#define SAME_INT(f) ck_assert_msg(a->f == b->f, "%s: " #f " %ld, in full "  \
	"%ld", n, (long)a->f, (long)b->f)
#define SAME_STR(f) ck_assert_msg(strcmp(a->f, b->f) == 0, "%s: " #f      \
	" \"%s\", in full \"%s\"", n, a->f, b->f)
	SAME_STR(name);
	SAME_STR(display);
	SAME_INT(noun);
	SAME_STR(glyph);
	SAME_INT(colour);
	SAME_INT(bright);
	SAME_INT(hp);
	SAME_INT(damage_min);
	SAME_INT(damage_max);
	SAME_INT(speed);
	SAME_INT(sight);
	SAME_INT(hearing);
	SAME_INT(cls);
	SAME_INT(planner);
	SAME_INT(flags);
	SAME_INT(give_up);
	SAME_INT(depth_min);
	SAME_INT(depth_max);
	SAME_INT(value);
	SAME_INT(flee);
	SAME_INT(frequency);
	SAME_INT(ranged_min);
	SAME_INT(ranged_max);
	SAME_INT(range);
	SAME_INT(keeps);
	SAME_STR(shot);
	SAME_INT(shot_noun);
	SAME_INT(summons);
	SAME_INT(summons_min);
	SAME_INT(summons_max);
	SAME_INT(summon_every);
	SAME_INT(summon_cap);
	SAME_STR(summons_name);
	SAME_INT(spikes);
	SAME_STR(describe);
	SAME_INT(line);
	SAME_INT(ndrops);
	for (j = 0; j < a->ndrops; j++) {
		SAME_STR(drops[j].item_name);
		SAME_INT(drops[j].item);
		SAME_INT(drops[j].percent);
	}
	SAME_INT(escort);
	SAME_INT(escort_min);
	SAME_INT(escort_max);
#undef SAME_INT
#undef SAME_STR
}

/* The shipped templated kind is field for field the one in full. */
START_TEST(test_template_shipped)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*a = calloc(1, sizeof *a);
	struct monster_table	*b = calloc(1, sizeof *b);
	struct item_table	*it = calloc(1, sizeof *it);
	char			*full, *cause = NULL;
	int			 i;

	ck_assert(tt != NULL && a != NULL && b != NULL && it != NULL);
	load_terrain(tt);
	ck_assert_msg(item_read(it, tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
	ck_assert_msg(monster_read(a, tt, SRC_DATA "/monsters.txt", &cause) ==
	    0, "%s", cause);
	ck_assert_int_eq(monster_link_items(a, it, "a", NULL, &cause), 0);
	full = shipped_in_full(22);
	monsters_good(b, tt, it, full);
	free(full);
	ck_assert_int_eq(a->n, b->n);
	/* Every kind is as in full: same place, same fields. */
	for (i = 0; i < a->n; i++)
		same_kind(&a->k[i], &b->k[i]);
	i = monster_find(a, "orc-captain");
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(a->k[i].escort, monster_find(a, "orc"));
	ck_assert_int_eq(a->k[i].ndrops, 2);
	/* A captain is rarer and deeper than the orc it is made from. */
	ck_assert_int_lt(a->k[i].frequency, a->k[monster_find(a,
	    "orc")].frequency);
	ck_assert_int_ge(a->k[i].depth_min, 6);
	free(it);
	free(b);
	free(a);
	free(tt);
}
END_TEST

/* A data folder of the shipped terrain and items, and monsters as given. */
static char *
data_folder(const char *monsters)
{
	char	 tmpl[] = "/tmp/astray-template-data.XXXXXX", path[512];
	char	*dir, *text;

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = strdup(tmpl);
	ck_assert_ptr_nonnull(dir);
	text = slurp(SRC_DATA "/terrain.txt", NULL);
	snprintf(path, sizeof path, "%s/terrain.txt", dir);
	spit(path, text);
	free(text);
	text = slurp(SRC_DATA "/items.txt", NULL);
	snprintf(path, sizeof path, "%s/items.txt", dir);
	spit(path, text);
	free(text);
	snprintf(path, sizeof path, "%s/monsters.txt", dir);
	spit(path, monsters);
	return (dir);
}

/* Removes a data folder data_folder() made, and a save in it. */
static void
data_folder_free(char *dir)
{
	static const char *const files[] = { "terrain.txt", "items.txt",
	    "monsters.txt", "save" };
	char		path[512];
	size_t		i;

	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
	free(dir);
}

/* The data signature of a save file: its bytes, and their count. */
static char *
save_signature_of(const char *path, size_t *n)
{
	char		*buf, *sig;
	size_t		 len, m = strlen("ASTRAYSAVE");
	uint64_t	 slen = 0;
	int		 i;

	buf = slurp(path, &len);
	ck_assert_uint_ge(len, m + 12);
	for (i = 7; i >= 0; i--)
		slen = slen << 8 | (unsigned char)buf[m + 4 + i];
	ck_assert_uint_le(slen, len - m - 12);
	sig = malloc((size_t)slen + 1);
	ck_assert_ptr_nonnull(sig);
	memcpy(sig, buf + m + 12, (size_t)slen);
	*n = (size_t)slen;
	free(buf);
	return (sig);
}

/*
 * A save made with the templated kind has the data signature of one
 * made with the kind written out in full, and loads with that data; with
 * the kind changed (its hp), the signature differs and the load is
 * refused, naming it.
 */
START_TEST(test_template_signature)
{
	struct game_config	 cfg = { .seed = 7, .depths = 2 };
	struct game		*g, *h;
	char			*shipped, *full, *changed, *dirs[3];
	char			*sig[3], path[512], *cause = NULL;
	size_t			 n[3];
	int			 i;

	shipped = slurp(SRC_DATA "/monsters.txt", NULL);
	full = shipped_in_full(22);
	changed = shipped_in_full(23);
	dirs[0] = data_folder(shipped);
	dirs[1] = data_folder(full);
	dirs[2] = data_folder(changed);
	for (i = 0; i < 3; i++) {
		cfg.data_dir = dirs[i];
		g = game_new(&cfg, &cause);
		ck_assert_msg(g != NULL, "%s", cause);
		snprintf(path, sizeof path, "%s/save", dirs[i]);
		ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
		game_free(g);
		sig[i] = save_signature_of(path, &n[i]);
	}
	ck_assert_msg(n[0] == n[1] && memcmp(sig[0], sig[1], n[0]) == 0,
	    "the templated kind signs differently from the kind in full");
	ck_assert_msg(n[0] != n[2] || memcmp(sig[0], sig[2], n[0]) != 0,
	    "a change of the kind's hp did not change the signature");
	/* The templated game's save, loaded with each of the others. */
	snprintf(path, sizeof path, "%s/save", dirs[0]);
	cfg.data_dir = dirs[1];
	h = game_load(path, &cfg, &cause);
	ck_assert_msg(h != NULL, "%s", cause);
	game_free(h);
	cfg.data_dir = dirs[2];
	h = game_load(path, &cfg, &cause);
	ck_assert_ptr_null(h);
	ck_assert_msg(strstr(cause, "orc-captain") != NULL, "%s", cause);
	free(cause);
	for (i = 0; i < 3; i++) {
		free(sig[i]);
		data_folder_free(dirs[i]);
	}
	free(shipped);
	free(full);
	free(changed);
}
END_TEST


/* --- per-glyph random lists in legends ------------------------------------ */

/* Loads the shipped terrain, monster and item tables. */
static void
load_tables(struct terrain_table *tt, struct monster_table *mt,
    struct item_table *it)
{
	char	*cause = NULL;

	load_terrain(tt);
	ck_assert_msg(monster_read(mt, tt, SRC_DATA "/monsters.txt", &cause) ==
	    0, "%s", cause);
	ck_assert_msg(item_read(it, tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
}

/* Lists and "any" read into each cell's pick; one kind stays one. */
START_TEST(test_legend_lists_read)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon		 d;
	const char		*text =
	    "legend: o monster orc goblin:3 kobold\n"
	    "legend: e monster any on deep-water\n"
	    "legend: r monster rat\n"
	    "legend: ! item dart:2 potion-of-healing on shallow-water\n"
	    "legend: ? item any\n"
	    "map\n"
	    "%%%%%%%\n"
	    "%@o.r>%\n"
	    "%!?e..%\n"
	    "%%%%%%%\n"
	    "end\n";
	char			*cause = NULL;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_tables(tt, mt, it);
	ck_assert_msg(dungeon_parse(&d, tt, mt, it, "t.dun", text,
	    strlen(text), &cause) == 0, "%s", cause);
	ck_assert_int_eq(d.nspawns, 3);
	/* The list, in order, weights 1 unless given; kind the first. */
	ck_assert_int_eq(d.spawns[0].pick.n, 3);
	ck_assert_int_eq(d.spawns[0].kind, monster_find(mt, "orc"));
	ck_assert_int_eq(d.spawns[0].pick.kinds[0], monster_find(mt, "orc"));
	ck_assert_int_eq(d.spawns[0].pick.kinds[1], monster_find(mt, "goblin"));
	ck_assert_int_eq(d.spawns[0].pick.kinds[2], monster_find(mt, "kobold"));
	ck_assert_int_eq(d.spawns[0].pick.weights[0], 1);
	ck_assert_int_eq(d.spawns[0].pick.weights[1], 3);
	ck_assert_int_eq(d.spawns[0].pick.weights[2], 1);
	ck_assert_int_eq(d.spawns[1].pick.n, 1);
	ck_assert_int_eq(d.spawns[1].kind, monster_find(mt, "rat"));
	/* "any" on deep water: no kind yet; the cell is deep water. */
	ck_assert_int_eq(d.spawns[2].pick.n, 0);
	ck_assert_int_eq(d.spawns[2].kind, -1);
	ck_assert_int_eq(d.terrain[2 * d.width + 3], tt->deep_water);
	ck_assert_int_eq(d.nitems, 2);
	ck_assert_int_eq(d.items[0].pick.n, 2);
	ck_assert_int_eq(d.items[0].pick.kinds[1], item_find(it,
	    "potion-of-healing"));
	ck_assert_int_eq(d.items[0].pick.weights[0], 2);
	ck_assert_int_eq(d.terrain[2 * d.width + 1], tt->shallow_water);
	ck_assert_int_eq(d.items[1].pick.n, 0);
	ck_assert_int_eq(d.items[1].kind, -1);
	dungeon_free(&d);
	free(it);
	free(mt);
	free(tt);
}
END_TEST

/* Asserts that the game refuses a dungeon with a message holding both. */
static void
legend_refused_at(int line, const char *text, const char *where,
    const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon		 d;
	char			*cause = NULL;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_tables(tt, mt, it);
	ck_assert_msg(dungeon_parse(&d, tt, mt, it, "t.dun", text,
	    strlen(text), &cause) != 0, "line %d: accepted (expected \"%s\")",
	    line, what);
	ck_assert_msg(strstr(cause, where) != NULL && strstr(cause, what) !=
	    NULL, "line %d: \"%s\" lacks \"%s\" or \"%s\"", line, cause,
	    where, what);
	ck_assert_ptr_null(d.spawns);
	free(cause);
	free(it);
	free(mt);
	free(tt);
}
#define legend_refused(text, where, what) \
	legend_refused_at(__LINE__, text, where, what)

/* Each bad word of a list, at its column; the game tells the first. */
START_TEST(test_legend_lists_refused)
{
	legend_refused("legend: o monster orc gobiln:3 koblod\nmap\n@o>\nend\n",
	    "t.dun:1:23:", "unknown monster \"gobiln\" (did you mean goblin?)");
	legend_refused("legend: o monster orc goblin:0\nmap\n@o>\nend\n",
	    "t.dun:1:30:", "weight \"0\" is not a number from 1 to 1000");
	legend_refused("legend: o monster orc goblin:x\nmap\n@o>\nend\n",
	    "t.dun:1:30:", "weight \"x\"");
	legend_refused("legend: o monster orc any\nmap\n@o>\nend\n",
	    "t.dun:1:23:", "\"any\" (a kind of the level's depth) stands alone");
	legend_refused("legend: o monster any orc\nmap\n@o>\nend\n",
	    "t.dun:1:19:", "stands alone");
	legend_refused("legend: o monster orc eel\nmap\n@o>\nend\n",
	    "t.dun:1:23:", "monster \"eel\" (class swim) cannot stand on "
	    "floor");
	legend_refused("legend: o monster orc in deep-water\nmap\n@o>\nend\n",
	    "t.dun:1:23:", "unknown monster \"in\" (did you mean on?)");
	legend_refused("legend: o monster rat kobold goblin orc wolf zombie "
	    "spider troll ogre\nmap\n@o>\nend\n", "t.dun:1:66:", "too many "
	    "kinds for one glyph (at most 8)");
	legend_refused("legend: o monster on floor\nmap\n@o>\nend\n",
	    "t.dun:1:19:", "expected a monster name, a list of them or \"any\"");
	legend_refused("legend: ! item dart potoin-of-healing\nmap\n@!>\nend\n",
	    "t.dun:1:21:", "unknown item \"potoin-of-healing\" (did you mean "
	    "potion-of-healing?)");
	legend_refused("legend: ! item any on deep-water\nmap\n@!>\nend\n",
	    "t.dun:1:16:", "cannot lie on deep-water");
}
END_TEST

/* The checker tells every bad word of every list, each at its column. */
START_TEST(test_legend_lists_checked)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon_report	 r;
	const char		*text =
	    "legend: o monster orc gobiln:3 koblod\n"
	    "legend: ! item dartt potion-of-healing:0\n"
	    "legend: k monster kobold\n"
	    "map\n"
	    "%%%%%%\n"
	    "%@o!k%\n"
	    "%>...%\n"
	    "%%%%%%\n"
	    "end\n";
	int			 n;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_tables(tt, mt, it);
	memset(&r, 0, sizeof r);
	n = dungeon_check_text(&r, tt, mt, it, "t.dun", text, strlen(text));
	ck_assert_msg(n == 4, "%d errors, the first \"%s\"", n, n > 0 ?
	    r.errors[0] : "");
	ck_assert_str_eq(r.errors[0], "t.dun:1:23: unknown monster \"gobiln\" "
	    "(did you mean goblin?) (each word after the first is another "
	    "kind of the list, up to \"on TERRAIN\")");
	ck_assert_ptr_nonnull(strstr(r.errors[1], "t.dun:1:32: unknown "
	    "monster \"koblod\" (did you mean kobold?)"));
	ck_assert_ptr_nonnull(strstr(r.errors[2], "t.dun:2:16: unknown item "
	    "\"dartt\" (did you mean dart?)"));
	ck_assert_ptr_nonnull(strstr(r.errors[3], "t.dun:2:40: weight \"0\""));
	dungeon_report_free(&r);
	free(it);
	free(mt);
	free(tt);
}
END_TEST

/* The guide's monsters and items: a dungeon file of lists, played. */
static const char lists_dun[] =
    "depth: 3\n"
    "legend: o monster orc goblin:3 kobold\n"
    "legend: a monster any on deep-water\n"
    "legend: ! item dart potion-of-healing:3\n"
    "map\n"
    "%%%%%%%%%\n"
    "%@.....o%\n"
    "%......=%\n"
    "%..!..=a%\n"
    "%......>%\n"
    "%%%%%%%%%\n"
    "end\n";

/* The kind of the monster at (x,y) of a game's level, or -1. */
static int
kind_at(const struct game *g, int x, int y)
{
	int	i;

	for (i = 0; i < g->level->nmon; i++)
		if (g->level->mon[i].x == x && g->level->mon[i].y == y &&
		    g->level->mon[i].hp > 0)
			return (g->level->mon[i].kind);
	return (-1);
}

/* The kind of the item at (x,y) of a game's level, or -1. */
static int
item_at(const struct game *g, int x, int y)
{
	int	i;

	for (i = 0; i < g->level->nitems; i++)
		if (g->level->items[i].x == x && g->level->items[i].y == y)
			return (g->level->items[i].kind);
	return (-1);
}

/*
 * Over many seeds each kind of a list turns up about as often as its
 * weight says, "any" gives kinds of the depth that stand on the cell,
 * and a seed always builds the same level.
 */
START_TEST(test_legend_lists_drawn)
{
	struct game_config	 cfg = { .data_dir = SRC_DATA };
	struct game		*g, *h;
	char			 path[] = "/tmp/astray-lists.XXXXXX", *cause = NULL;
	int			 fd, seed, k, seeds = 600, any = 0, nany = 0;
	int			 count[MONSTER_KINDS_MAX] = { 0 }, drops[2] = { 0 };
	int			 orc, goblin, kobold, dart, potion;
	const struct monster_kind *mk;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	spit(path, lists_dun);
	cfg.dungeon = path;
	for (seed = 1; seed <= seeds; seed++) {
		cfg.seed = (uint64_t)seed;
		g = game_new(&cfg, &cause);
		ck_assert_msg(g != NULL, "%s", cause);
		orc = monster_find(&g->monsters, "orc");
		goblin = monster_find(&g->monsters, "goblin");
		kobold = monster_find(&g->monsters, "kobold");
		dart = item_find(&g->items, "dart");
		potion = item_find(&g->items, "potion-of-healing");
		k = kind_at(g, 7, 1);
		ck_assert_msg(k == orc || k == goblin || k == kobold, "seed %d: "
		    "kind %d at the list's cell", seed, k);
		count[k]++;
		k = item_at(g, 3, 3);
		ck_assert_msg(k == dart || k == potion, "seed %d: item %d",
		    seed, k);
		drops[k == potion]++;
		/* "any": a kind of depth 3 that can be in deep water. */
		if ((k = kind_at(g, 7, 3)) >= 0) {
			mk = &g->monsters.k[k];
			ck_assert_msg(mk->depth_min <= 3 && mk->depth_max >= 3 &&
			    g->terrain.t[g->terrain.deep_water].cost[mk->cls] !=
			    0, "seed %d: %s in deep water at depth 3", seed,
			    mk->name);
			any |= 1 << (k % 31);
			nany++;
		}
		/* The same seed, the same level. */
		if (seed % 50 == 0) {
			h = game_new(&cfg, &cause);
			ck_assert_msg(h != NULL, "%s", cause);
			ck_assert_int_eq(kind_at(h, 7, 1), kind_at(g, 7, 1));
			ck_assert_int_eq(kind_at(h, 7, 3), kind_at(g, 7, 3));
			ck_assert_int_eq(item_at(h, 3, 3), item_at(g, 3, 3));
			game_free(h);
		}
		game_free(g);
	}
	unlink(path);
	/* Weights 1, 3, 1 of 5; 1 and 3 of 4; each well within its spread. */
	ck_assert_msg(count[goblin] > seeds * 50 / 100 && count[goblin] <
	    seeds * 70 / 100, "goblin %d of %d", count[goblin], seeds);
	ck_assert_msg(count[orc] > seeds * 13 / 100 && count[orc] <
	    seeds * 27 / 100, "orc %d of %d", count[orc], seeds);
	ck_assert_msg(count[kobold] > seeds * 13 / 100 && count[kobold] <
	    seeds * 27 / 100, "kobold %d of %d", count[kobold], seeds);
	ck_assert_msg(drops[1] > seeds * 65 / 100 && drops[1] < seeds * 85 /
	    100, "potion %d of %d", drops[1], seeds);
	/* Swimmers and fliers of depth 3: more than one kind, each seed. */
	ck_assert_int_eq(nany, seeds);
	ck_assert_msg(__builtin_popcount((unsigned)any) >= 3, "\"any\" drew "
	    "%d kinds", __builtin_popcount((unsigned)any));
}
END_TEST


/* The warning for a level only digging finishes, with each list. */
static void
dig_warning_at(int line, const char *legend, const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon_report	 r;
	char			*text;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_tables(tt, mt, it);
	text = cat(legend, "map\n#########\n#.!.#...#\n#...#..>#\n"
	    "#@..#...#\n#########\nend\n");
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(dungeon_check_text(&r, tt, mt, it, "t.dun", text,
	    strlen(text)), 0);
	ck_assert_msg(r.nwarnings == 1 && strstr(r.warnings[0], what) != NULL,
	    "line %d: %d warnings, the first \"%s\", not \"%s\"", line,
	    r.nwarnings, r.nwarnings > 0 ? r.warnings[0] : "", what);
	dungeon_report_free(&r);
	free(text);
	free(it);
	free(mt);
	free(tt);
}

/*
 * A cell of a list places a digging tool for the checker's warning only
 * when every kind of its list is one; "any" never surely does.
 */
START_TEST(test_legend_lists_dig_warning)
{
	dig_warning_at(__LINE__, "legend: ! item pick-axe\n", "the level "
	    "places a digging tool");
	dig_warning_at(__LINE__, "legend: ! item pick-axe wand-of-digging:3\n",
	    "the level places a digging tool");
	dig_warning_at(__LINE__, "legend: ! item pick-axe dart\n", "which the "
	    "level does not place");
	dig_warning_at(__LINE__, "legend: ! item any\n", "which the level does "
	    "not place");
}
END_TEST

/* A vault's list: refused at the vault file's line and column. */
START_TEST(test_legend_lists_vault)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct vault_set	 vs;
	const char		*good =
	    "vault den\n"
	    "legend: K monster kobold:3 kobold-archer\n"
	    "map\n"
	    "###E###\n"
	    "#K...K#\n"
	    "#######\n"
	    "end\n";
	char			*bad, *cause = NULL;

	ck_assert(tt != NULL && mt != NULL && it != NULL);
	load_tables(tt, mt, it);
	ck_assert_msg(vault_parse(&vs, tt, mt, it, "v.txt", good, strlen(good),
	    &cause) == 0, "%s", cause);
	ck_assert_int_eq(vs.n, 1);
	ck_assert_int_eq(vs.v[0].d.nspawns, 2);
	ck_assert_int_eq(vs.v[0].d.spawns[1].pick.n, 2);
	ck_assert_int_eq(vs.v[0].d.spawns[1].pick.weights[0], 3);
	vault_set_free(&vs);
	bad = cat("# a comment\n", good);
	bad[strstr(bad, "archer") - bad] = 'X';
	ck_assert_int_ne(vault_parse(&vs, tt, mt, it, "v.txt", bad, strlen(bad),
	    &cause), 0);
	ck_assert_msg(strstr(cause, "v.txt:3:28: unknown monster "
	    "\"kobold-Xrcher\" (did you mean kobold-archer?)") != NULL, "%s",
	    cause);
	free(cause);
	free(bad);
	free(it);
	free(mt);
	free(tt);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("template");
	TCase	*tc;

	tc = tcase_create("monster templates");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_template_copies);
	tcase_add_test(tc, test_template_errors);
	tcase_add_test(tc, test_template_checker);
	tcase_add_test(tc, test_template_shipped);
	tcase_add_test(tc, test_template_signature);
	suite_add_tcase(s, tc);
	tc = tcase_create("legend lists");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_legend_lists_read);
	tcase_add_test(tc, test_legend_lists_refused);
	tcase_add_test(tc, test_legend_lists_checked);
	tcase_add_test(tc, test_legend_lists_drawn);
	tcase_add_test(tc, test_legend_lists_dig_warning);
	tcase_add_test(tc, test_legend_lists_vault);
	suite_add_tcase(s, tc);
	return (s);
}
