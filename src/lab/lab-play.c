/*
 * lab-play.c: astray-lab play, bots playing whole games.
 *
 * For each bot named and each seed of the range, a new standard game
 * (the one `astray --seed N` starts), or with --dungeon NAME a new game
 * of that dungeon file or campaign (found as astray --dungeon finds it),
 * is played to its end by the bot
 * (lab-bot.h): a win, a death, or the turn cap, a guard against a bot
 * that would wander for ever, reported as its own cause.  Nothing but
 * the seed and the bot decides a game (no clock reaches the rules), so
 * the same command prints the same rows on any machine; that is what
 * lets make check hold a short run to a committed file, so a change to
 * the game's balance shows up as a diff.
 *
 * A row per game, seed,bot,won,depth,turns,cause, then per bot a summary:
 * games, wins and the win rate, the mean score, mean turns, the median
 * win's turns, deaths per depth, games stopped by the cap; the table
 * adds the CPU time the bot's games took.  A line weighs the cap: it
 * measures when it is at least PLAY_CAP_WINS times the longest median
 * win and stops at most PLAY_CAP_SHARE% of the games, and says so when
 * it does not.  In the table, deaths per depth are drawn as bars, and
 * --svg FILE draws them as a picture (lab-play-chart.c).  With --csv
 * the summary lines start with '#', so a CSV reader can skip them.
 * --watch SEED plays one game and writes it as a replay file,
 * the keys a player would have typed, which astray plays back: it prints
 * the command that watches it in the terminal, and when its own output
 * is a terminal and an astray is found (beside astray-lab, else on the
 * PATH) it runs that command itself, as if the user had typed it.  The
 * lab never draws a game: the terminal is astray's (and curses with it).
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "game.h"
#include "lab-bot.h"
#include "lab.h"
#include "lab-opt.h"
#include "lab-play.h"
#include "record.h"
#include "xmalloc.h"

#define PLAY_SEED_MAX	999999999999999999L	/* what astray --seed takes */
#define PLAY_SEEDS_MAX	1000000L		/* games in one run */
#define PLAY_TURNS	50000L			/* the default turn cap */
#define PLAY_CAP_WINS	3	/* the cap: at least this many median wins */
#define PLAY_CAP_SHARE	2	/* and at most this % of games capped */
#define PLAY_STALL	16	/* refused commands in a row before a wait */

static const char play_usage[] =
    "astray-lab play --bot NAME[,NAME...] (--seeds A-B | --watch SEED) "
    "[--dungeon NAME] [--turns N] [--svg FILE] [--out FILE] [--data DIR] "
    "[--csv]";

static const struct lab_bot_policy *const play_bots[] = {
	&lab_bot_baseline,
	&lab_bot_careful,
	&lab_bot_greedy,
};
#define PLAY_NBOTS	(sizeof play_bots / sizeof play_bots[0])

/* What a run was asked for. */
struct play_options {
	const struct lab_bot_policy	*bots[PLAY_NBOTS];
	size_t				 nbots;
	long				 first, last;
	long				 turns;
	const char			*data_dir;
	const char			*dungeon;	/* --dungeon's file */
	char				 dungeon_path[PATH_MAX];
	const char			*svg;	/* --svg's picture */
	const char			*out;	/* --watch's replay file */
	int				 nseeds;	/* --seeds given */
	int				 watch;
	int				 csv;
};

/* One game's outcome. */
struct play_result {
	int		won;
	int		depth;
	long		turns;
	long		score;
	int		capped;
	char		cause[160];
};

/* Parses "A-B" or "A" into a range of seeds; returns 0, or -1. */
static int
play_parse_seeds(const char *s, long *first, long *last)
{
	const char	*dash = strchr(s, '-');
	char		 buf[32];

	if (dash == NULL) {
		if (lab_parse_count(s, PLAY_SEED_MAX, first) != 0)
			return (-1);
		*last = *first;
		return (0);
	}
	if ((size_t)(dash - s) >= sizeof buf)
		return (-1);
	memcpy(buf, s, (size_t)(dash - s));
	buf[dash - s] = '\0';
	if (lab_parse_count(buf, PLAY_SEED_MAX, first) != 0 ||
	    lab_parse_count(dash + 1, PLAY_SEED_MAX, last) != 0)
		return (-1);
	return (0);
}

/* Adds the bots a comma list names ("all": every bot); 0, or -1. */
static int
play_parse_bots(const char *list, struct play_options *o)
{
	char	*copy = strdup(list), *name, *save = NULL;
	size_t	 i;
	int	 ret = 0;

	if (copy == NULL)
		return (-1);
	for (name = strtok_r(copy, ",", &save); name != NULL && ret == 0;
	    name = strtok_r(NULL, ",", &save)) {
		if (strcmp(name, "all") == 0) {
			for (i = 0; i < PLAY_NBOTS; i++)
				o->bots[i] = play_bots[i];
			o->nbots = PLAY_NBOTS;
			continue;
		}
		ret = -1;
		for (i = 0; i < PLAY_NBOTS; i++) {
			if (strcmp(name, play_bots[i]->name) == 0) {
				ret = 0;
				if (o->nbots < PLAY_NBOTS)
					o->bots[o->nbots++] = play_bots[i];
			}
		}
	}
	free(copy);
	return (o->nbots == 0 ? -1 : ret);
}

/* Prints --help. */
static void
play_help(void)
{
	size_t	i;

	printf("usage: %s\n\nBots play whole games, headless: the standard "
	    "game, or a dungeon file's\nor campaign's; the same seed and bot "
	    "always give the same game.  A row\nper game, then a summary per "
	    "bot and its deaths per depth as bars.\n\nbots:\n", play_usage);
	for (i = 0; i < PLAY_NBOTS; i++)
		printf("  %-10s %s\n", play_bots[i]->name,
		    play_bots[i]->summary);
	printf("\n  --bot LIST      bots to run, by name, apart by commas, or "
	    "all\n  --seeds A-B     the seeds to play (or one seed, A)\n"
	    "  --dungeon NAME  play a dungeon file or campaign, as astray "
	    "--dungeon: a path,\n                  else DIR/dungeons/NAME.dun, "
	    "else DIR/campaigns/NAME.camp\n"
	    "  --turns N       stop a game after N turns: cause \"turn cap\" "
	    "(default %ld;\n                  it should be at least %d times "
	    "the median win, with at most\n                  %d%% of games "
	    "capped: the summary says)\n"
	    "  --svg FILE      draw deaths per depth, a series per bot, as an "
	    "SVG picture\n  --watch SEED    play one seed and write it as a "
	    "replay file\n  --out FILE      --watch's file (default "
	    "BOT-SEED.replay)\n  --data DIR      the game's data (default "
	    "$ASTRAY_DATA, else the installed)\n  --csv           rows as "
	    "CSV: seed,bot,won,depth,turns,cause;\n                  summary "
	    "lines start with #\n", PLAY_TURNS, PLAY_CAP_WINS, PLAY_CAP_SHARE);
}

/*
 * Takes --seeds (watch 0) or --watch's (watch 1) argument into o.
 * Returns 0, or the exit status of the usage error printed.
 */
static int
play_take_seeds(struct play_options *o, const char *arg, int watch)
{
	if (play_parse_seeds(arg, &o->first, &o->last) != 0 ||
	    (watch && o->first != o->last))
		return (lab_usage(play_usage, "--%s wants %s from 0 to %ld, "
		    "not \"%s\"", watch ? "watch" : "seeds", watch ?
		    "a seed" : "A-B or A, seeds", PLAY_SEED_MAX, arg));
	if (o->last < o->first)
		return (lab_usage(play_usage, "--seeds %s: the first seed is "
		    "after the last", arg));
	if (o->last - o->first >= PLAY_SEEDS_MAX)
		return (lab_usage(play_usage, "--seeds %s: more than %ld "
		    "games", arg, PLAY_SEEDS_MAX));
	if (watch)
		o->watch = 1;
	else
		o->nseeds++;
	return (0);
}

/* --seeds A-B. */
static int
play_opt_seeds(void *target, const char *arg)
{
	return (play_take_seeds(target, arg, 0));
}

/* --watch SEED. */
static int
play_opt_watch(void *target, const char *arg)
{
	return (play_take_seeds(target, arg, 1));
}

/* --bot NAME[,NAME...]. */
static int
play_opt_bot(void *target, const char *arg)
{
	return (play_parse_bots(arg, target));
}

#define PLAY_AT(field)	offsetof(struct play_options, field)

/* play's options, in the order getopt lists an ambiguous one's. */
static const struct lab_opt play_opts[] = {
	{ .name = "bot", .letter = 'b', .kind = LAB_OPT_CALL,
	  .call = play_opt_bot,
	  .bad = "unknown bot in \"%s\" (baseline, careful, greedy or "
	  "all)" },
	{ .name = "seeds", .letter = 's', .kind = LAB_OPT_CALL,
	  .call = play_opt_seeds },
	{ .name = "turns", .letter = 't', .kind = LAB_OPT_COUNT,
	  .at = PLAY_AT(turns), .min = 1, .max = 100000000L,
	  .bad = "--turns wants a number from 1 to 100000000, not \"%s\"" },
	{ .name = "watch", .letter = 'w', .kind = LAB_OPT_CALL,
	  .call = play_opt_watch },
	{ .name = "out", .letter = 'o', .kind = LAB_OPT_STRING,
	  .at = PLAY_AT(out) },
	{ .name = "data", .letter = 'd', .kind = LAB_OPT_STRING,
	  .at = PLAY_AT(data_dir) },
	{ .name = "dungeon", .letter = 'g', .kind = LAB_OPT_STRING,
	  .at = PLAY_AT(dungeon) },
	{ .name = "svg", .letter = 'v', .kind = LAB_OPT_STRING,
	  .at = PLAY_AT(svg) },
	{ .name = "csv", .letter = 'c', .kind = LAB_OPT_SET,
	  .at = PLAY_AT(csv) },
	{ .name = NULL }
};

static const struct lab_cmd play_entry = {
	.usage = play_usage,
	.help = play_help,
	.opts = play_opts,
	.args_min = 0,
	.args_max = 0,
	.args_bad = "unexpected argument \"%s\""
};

/*
 * The dungeon file --dungeon NAME names, as astray --dungeon finds it
 * (driver_find_dungeon()).  Sets o->dungeon to the file; returns 0, or
 * -1 after saying that there is none (the game's own error names what
 * is wrong with a file that is there).
 */
static int
play_find_dungeon(struct play_options *o)
{
	struct stat	 st;
	const char	*name = o->dungeon;
	char		*missing;
	int		 found;

	o->dungeon = driver_find_dungeon(name, o->data_dir, NULL,
	    o->dungeon_path, sizeof o->dungeon_path, &found);
	if (found)
		return (0);
	if (strchr(name, '/') == NULL) {
		missing = driver_dungeon_missing(name, o->data_dir, NULL);
		lab_error("%s", missing);
		free(missing);
	} else if (stat(name, &st) != 0)
		lab_error("--dungeon %s: %s", name, strerror(errno));
	return (-1);
}

/*
 * Parses the options into *o.  Returns -1 to go on, or the exit status
 * to stop with (after --help, or a usage error).
 */
static int
play_options(int argc, char **argv, struct play_options *o)
{
	struct lab_args	args;
	int		status;

	memset(o, 0, sizeof *o);
	o->turns = PLAY_TURNS;
	if ((status = lab_opt_parse(&play_entry, argc, argv, o, &args)) >= 0)
		return (status);
	if (o->nbots == 0)
		return (lab_usage(play_usage, "--bot is needed"));
	if (o->nseeds + o->watch != 1)
		return (lab_usage(play_usage, "give either --seeds or "
		    "--watch, once"));
	if (o->watch && o->nbots != 1)
		return (lab_usage(play_usage, "--watch plays one bot"));
	if (o->out != NULL && !o->watch)
		return (lab_usage(play_usage, "--out goes with --watch"));
	if (o->svg != NULL && o->watch)
		return (lab_usage(play_usage, "--svg goes with --seeds"));
	o->data_dir = driver_data_dir(o->data_dir, ASTRAY_DATADIR,
	    ASTRAY_SRCDATADIR);
	if (o->dungeon != NULL && play_find_dungeon(o) != 0)
		return (LAB_EXIT_BAD_INPUT);
	return (-1);
}

/* Whether the data makes a game; 0, or -1 with *cause set. */
static int
play_check_data(const struct play_options *o, char **cause)
{
	struct game_config	 cfg;
	struct game		*g;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = o->data_dir;
	cfg.dungeon = o->dungeon;
	cfg.seed = (uint64_t)o->first;
	if ((g = game_new(&cfg, cause)) == NULL)
		return (-1);
	game_free(g);
	return (0);
}

/* Plays one game to its end or the cap; 0, or -1 with *cause set. */
static int
play_game(const struct play_options *o, const struct lab_bot_policy *bot,
    uint64_t seed, struct play_result *r, struct game **out, char **cause)
{
	struct game_config	 cfg;
	struct game		*g;
	struct lab_bot		 b;
	struct game_action	 wait = { .cmd = GAME_CMD_WAIT };
	int			 stalls = 0;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = o->data_dir;
	cfg.dungeon = o->dungeon;
	cfg.seed = seed;
	if ((g = game_new(&cfg, cause)) == NULL)
		return (-1);
	memset(r, 0, sizeof *r);
	lab_bot_init(&b, g);
	while (game_status(g) == GAME_PLAYING) {
		lab_bot_look(&b);
		if (b.info.turn >= o->turns) {
			r->capped = 1;
			break;
		}
		if (lab_bot_act(&b, bot->decide(&b)))
			stalls = 0;
		else if (++stalls >= PLAY_STALL) {
			/* Whatever the bot wants is refused: a turn goes. */
			lab_bot_act(&b, wait);
			stalls = 0;
		}
	}
	lab_bot_look(&b);
	r->won = b.info.status == GAME_WON;
	r->depth = b.info.depth;
	r->turns = b.info.turn;
	r->score = b.info.score;
	snprintf(r->cause, sizeof r->cause, "%s", r->won ? "won" :
	    r->capped ? "turn cap" : b.info.end_cause);
	lab_bot_free(&b);
	if (out != NULL)
		*out = g;
	else
		game_free(g);
	return (0);
}

/* Prints a cause as a CSV field: quoted if it holds a comma or a quote. */
static void
play_csv_field(const char *s)
{
	if (strpbrk(s, ",\"\n") == NULL) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s != '\0'; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

/* Prints a game's row. */
static void
play_row(const struct play_options *o, const struct lab_bot_policy *bot,
    long seed, const struct play_result *r)
{
	if (o->csv) {
		printf("%ld,%s,%d,%d,%ld,", seed, bot->name, r->won, r->depth,
		    r->turns);
		play_csv_field(r->cause);
		putchar('\n');
	} else
		printf("%-8ld %-9s %-4d %-6d %-7ld %s\n", seed, bot->name,
		    r->won, r->depth, r->turns, r->cause);
}

/* Adds a game to a bot's totals. */
static void
play_count(struct play_summary *s, const struct play_result *r)
{
	s->games++;
	if (r->won) {
		s->win_turns = xreallocarray(s->win_turns, (size_t)s->won + 1,
		    sizeof *s->win_turns);
		s->win_turns[s->won] = r->turns;
	}
	s->won += r->won;
	s->capped += r->capped;
	s->turns += (double)r->turns;
	s->score += (double)r->score;
	if (!r->won && !r->capped)
		s->deaths[r->depth < PLAY_DEPTHS_MAX ? r->depth :
		    PLAY_DEPTHS_MAX]++;
}

/* Orders turns for the median. */
static int
play_cmp_turns(const void *a, const void *b)
{
	long	x = *(const long *)a, y = *(const long *)b;

	return ((x > y) - (x < y));
}

/* The median turns of a bot's wins (the mean of the middle two), or 0. */
static double
play_median_win(const struct play_summary *s)
{
	if (s->won == 0)
		return (0);
	qsort(s->win_turns, (size_t)s->won, sizeof *s->win_turns,
	    play_cmp_turns);
	if (s->won % 2 == 1)
		return ((double)s->win_turns[s->won / 2]);
	return ((s->win_turns[s->won / 2 - 1] + s->win_turns[s->won / 2]) /
	    2.0);
}

/*
 * Prints the line that says whether the turn cap measured: at least
 * PLAY_CAP_WINS times the longest median win of the bots that won, and
 * at most PLAY_CAP_SHARE% of all games stopped by it.
 */
static void
play_cap_line(const struct play_options *o, const struct play_summary *sums,
    size_t n)
{
	double	median, longest = 0;
	long	games = 0, capped = 0;
	size_t	k;
	int	low, many;

	for (k = 0; k < n; k++) {
		games += sums[k].games;
		capped += sums[k].capped;
		if ((median = play_median_win(&sums[k])) > longest)
			longest = median;
	}
	printf("%sturn cap %ld: ", o->csv ? "# " : "", o->turns);
	if (longest > 0)
		printf("%.1f times the longest median win (%.1f turns)",
		    (double)o->turns / longest, longest);
	else
		printf("no win to weigh it against");
	printf("; %ld of %ld games capped (%.1f%%)", capped, games,
	    100.0 * (double)capped / (double)games);
	low = longest > 0 && (double)o->turns < PLAY_CAP_WINS * longest;
	many = 100 * capped > PLAY_CAP_SHARE * games;
	if (low || many)
		printf(": %s%s%s, the measure wants at least %d times and at "
		    "most %d%%", low ? "too low" : "", low && many ? ", " : "",
		    many ? "too many capped" : "", PLAY_CAP_WINS,
		    PLAY_CAP_SHARE);
	putchar('\n');
}

/* Prints a bot's summary lines. */
static void
play_print_summary(const struct play_options *o,
    const struct lab_bot_policy *bot, const struct play_summary *s)
{
	const char	*p = o->csv ? "# " : "";
	long		 dead = s->games - s->won - s->capped;
	int		 d;

	printf("%ssummary %s: %ld games, %ld won (%.1f%%), mean score %.1f, "
	    "mean turns %.1f, ", p, bot->name, s->games, s->won,
	    100.0 * (double)s->won / (double)s->games,
	    s->score / (double)s->games, s->turns / (double)s->games);
	if (s->won > 0)
		printf("median win %.1f turns, ", play_median_win(s));
	else
		printf("no win, ");
	printf("%ld at the turn cap", s->capped);
	if (!o->csv)
		printf(", CPU %.2f s", (double)s->cpu_ns / 1e9);
	printf("\n%sdeaths %s by depth:", p, bot->name);
	for (d = 1; d <= PLAY_DEPTHS_MAX; d++)
		if (s->deaths[d] > 0)
			printf(" %d: %ld (%.0f%%)", d, s->deaths[d],
			    100.0 * (double)s->deaths[d] / (double)dead);
	if (dead == 0)
		printf(" none");
	putchar('\n');
}

/*
 * Finds the astray that watches a replay: the one beside this program
 * (its own path, where the system tells it), else the first on the PATH.
 * Returns 0 with its path in buf, or -1.
 */
static int
play_find_astray(char *buf, size_t size)
{
	const char	*path = getenv("PATH"), *end;
	char		 self[PATH_MAX], *slash;
	ssize_t		 n;
	int		 len;

	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0) {
		self[n] = '\0';
		if ((slash = strrchr(self, '/')) != NULL) {
			*slash = '\0';
			len = snprintf(buf, size, "%s/astray", self);
			if (len > 0 && (size_t)len < size &&
			    access(buf, X_OK) == 0)
				return (0);
		}
	}
	for (; path != NULL && *path != '\0'; path = *end != '\0' ? end + 1 :
	    end) {
		end = strchr(path, ':');
		if (end == NULL)
			end = path + strlen(path);
		len = snprintf(buf, size, "%.*s/astray", (int)(end - path),
		    end > path ? path : ".");
		if (len > 0 && (size_t)len < size && access(buf, X_OK) == 0)
			return (0);
	}
	return (-1);
}

/* Prints a word for the shell, quoted when it needs to be. */
static void
play_print_word(const char *w)
{
	const char	*p;

	if (w[0] != '\0' && strspn(w, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%") == strlen(w)) {
		fputs(w, stdout);
		return;
	}
	putchar('\'');
	for (p = w; *p != '\0'; p++) {
		if (*p == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*p);
	}
	putchar('\'');
}

/*
 * After --watch wrote its replay: prints the commands that watch and
 * print it, and, on a terminal with an astray found, runs the first
 * (exec: the lab's own work is done).  Returns the exit status if it
 * did not.
 */
static int
play_show_watch(const struct play_options *o, const char *path)
{
	char	 astray[PATH_MAX];
	char	*argv[6];
	int	 found = play_find_astray(astray, sizeof astray) == 0;
	int	 run = found && !o->csv && isatty(STDIN_FILENO) &&
		    isatty(STDOUT_FILENO);

	printf("watch it in the terminal with:\n%s  ", o->csv ? "# " : "");
	play_print_word(run ? astray : "astray");
	fputs(" --data ", stdout);
	play_print_word(o->data_dir);
	fputs(" --replay ", stdout);
	play_print_word(path);
	printf("\n%sor print it with:\n%s  astray --headless --data ",
	    o->csv ? "# " : "", o->csv ? "# " : "");
	play_print_word(o->data_dir);
	fputs(" --replay ", stdout);
	play_print_word(path);
	puts(" --messages --each-turn");
	if (!run)
		return (0);
	fflush(stdout);
	argv[0] = astray;
	argv[1] = (char *)(uintptr_t)"--data";
	argv[2] = (char *)(uintptr_t)o->data_dir;
	argv[3] = (char *)(uintptr_t)"--replay";
	argv[4] = (char *)(uintptr_t)path;
	argv[5] = NULL;
	execv(astray, argv);
	lab_error("%s: could not run it: %s", astray, strerror(errno));
	return (0);
}

/* --watch: plays the seed and writes its replay; returns the exit status. */
static int
play_watch(const struct play_options *o)
{
	const struct lab_bot_policy	*bot = o->bots[0];
	struct play_result		 r;
	struct game			*g;
	char				*cause = NULL, name[64];
	const char			*path = o->out;
	size_t				 nkeys;

	if (play_game(o, bot, (uint64_t)o->first, &r, &g, &cause) != 0) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	if (path == NULL) {
		snprintf(name, sizeof name, "%s-%ld.replay", bot->name,
		    o->first);
		path = name;
	}
	game_keys(g, &nkeys);
	if (record_write(path, g, &cause) != 0) {
		lab_error("%s", cause);
		free(cause);
		game_free(g);
		return (LAB_EXIT_BAD_INPUT);
	}
	game_free(g);
	if (o->csv)
		puts("seed,bot,won,depth,turns,cause");
	play_row(o, bot, o->first, &r);
	printf("%sreplay written to %s (%zu keys); ", o->csv ? "# " : "",
	    path, nkeys);
	return (play_show_watch(o, path));
}

/*
 * After the rows: the summaries, the turn cap's line, the bars (in the
 * table) and the picture (--svg).  Frees what the sums hold; returns the
 * exit status.
 */
static int
play_report(const struct play_options *o, struct play_summary *sums,
    FILE *svg)
{
	char	*title, *cause = NULL;
	size_t	 k;
	int	 status = 0;

	if (!o->csv)
		putchar('\n');
	for (k = 0; k < o->nbots; k++)
		play_print_summary(o, o->bots[k], &sums[k]);
	play_cap_line(o, sums, o->nbots);
	if (!o->csv) {
		putchar('\n');
		play_chart_text(stdout, sums, o->nbots);
	}
	if (svg != NULL) {
		title = xasprintf("Deaths per depth: astray-lab play, %s, "
		    "seeds %ld-%ld, turn cap %ld", o->dungeon != NULL ?
		    o->dungeon : "the standard game", o->first, o->last,
		    o->turns);
		if (play_chart_svg(svg, o->svg, title, sums, o->nbots,
		    &cause) != 0) {
			lab_error("%s", cause);
			free(cause);
			status = LAB_EXIT_BAD_INPUT;
		}
		free(title);
	}
	for (k = 0; k < o->nbots; k++)
		free(sums[k].win_turns);
	return (status);
}

/* astray-lab play: see the file comment. */
int
lab_play(int argc, char **argv)
{
	struct play_options	 o;
	struct play_summary	 sums[PLAY_NBOTS];
	struct play_result	 r;
	struct lab_progress	 prog;
	FILE			*svg = NULL;
	char			*cause = NULL;
	uint64_t		 t0;
	size_t			 k;
	long			 seed;
	int			 status;

	if ((status = play_options(argc, argv, &o)) >= 0)
		return (status);
	if (o.watch)
		return (play_watch(&o));
	/* Bad data is said before any row is printed. */
	if (play_check_data(&o, &cause) != 0) {
		lab_error("%s", cause);
		free(cause);
		return (LAB_EXIT_BAD_INPUT);
	}
	/* So is a picture that cannot be written. */
	if (o.svg != NULL && (svg = fopen(o.svg, "w")) == NULL) {
		lab_error("--svg %s: cannot write the picture: %s", o.svg,
		    strerror(errno));
		return (LAB_EXIT_BAD_INPUT);
	}
	memset(sums, 0, sizeof sums);
	for (k = 0; k < o.nbots; k++)
		sums[k].bot = o.bots[k]->name;
	lab_progress_init(&prog);
	if (o.csv)
		puts("seed,bot,won,depth,turns,cause");
	else
		printf("%-8s %-9s %-4s %-6s %-7s %s\n", "seed", "bot", "won",
		    "depth", "turns", "cause");
	for (k = 0; k < o.nbots; k++) {
		for (seed = o.first; seed <= o.last; seed++) {
			lab_progress(&prog, "%s: seed %ld (%ld of %ld)",
			    o.bots[k]->name, seed, seed - o.first + 1,
			    o.last - o.first + 1);
			t0 = lab_cpu_now();
			if (play_game(&o, o.bots[k], (uint64_t)seed, &r, NULL,
			    &cause) != 0) {
				lab_progress_done(&prog);
				lab_error("%s", cause);
				free(cause);
				if (svg != NULL)
					fclose(svg);
				return (LAB_EXIT_BAD_INPUT);
			}
			sums[k].cpu_ns += lab_cpu_now() - t0;
			play_count(&sums[k], &r);
			play_row(&o, o.bots[k], seed, &r);
		}
	}
	lab_progress_done(&prog);
	return (play_report(&o, sums, svg));
}
