/*
 * check_keymap.c: the terminal's key map, without a terminal.
 *
 * The defaults must hold every key the issue and the help screen promise
 * (vi-keys, arrows, keypad, the commands), each command's game key must
 * be what the headless key machine reads, and a key map file must rebind
 * keys or be refused whole with file:line:column.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "keymap.h"
#include "keys.h"
#include "testutil.h"

/* Parses a buffer; returns the message or NULL, freeing nothing. */
static char *
parse(struct keymap *km, const char *text)
{
	char	*cause = NULL;

	if (keymap_parse(km, "keys", text, strlen(text), &cause) == 0)
		return (NULL);
	ck_assert_ptr_nonnull(cause);
	return (cause);
}

START_TEST(test_keymap_defaults)
{
	static const struct {
		const char	*key;
		enum command	 cmd;
	} want[] = {
		{ "h", CMD_WEST }, { "j", CMD_SOUTH }, { "k", CMD_NORTH },
		{ "l", CMD_EAST }, { "y", CMD_NORTH_WEST },
		{ "u", CMD_NORTH_EAST }, { "b", CMD_SOUTH_WEST },
		{ "n", CMD_SOUTH_EAST }, { "up", CMD_NORTH },
		{ "down", CMD_SOUTH }, { "left", CMD_WEST },
		{ "right", CMD_EAST }, { "home", CMD_NORTH_WEST },
		{ "pgup", CMD_NORTH_EAST }, { "end", CMD_SOUTH_WEST },
		{ "pgdn", CMD_SOUTH_EAST }, { "8", CMD_NORTH },
		{ "1", CMD_SOUTH_WEST }, { "5", CMD_WAIT },
		{ "kp-centre", CMD_WAIT }, { ".", CMD_WAIT },
		{ "o", CMD_OPEN }, { "c", CMD_CLOSE }, { "D", CMD_DIG },
		{ ">", CMD_DESCEND }, { "x", CMD_LOOK },
		{ "M", CMD_MESSAGES }, { "?", CMD_HELP }, { "S", CMD_SAVE },
		{ "Q", CMD_QUIT }, { "tab", CMD_OVERLAY }, { "a", CMD_PANEL },
		{ "Z", CMD_STEP_MODE }, { "space", CMD_STEP },
		{ "z", CMD_ZAP }, { "f", CMD_FIRE }, { "\\", CMD_KNOWN },
		{ "enter", CMD_FINISH }, { "escape", CMD_CANCEL },
		{ "^L", CMD_REDRAW }, { "V", CMD_SCORES }, { "G", CMD_RUN },
		{ "H", CMD_RUN_WEST }, { "J", CMD_RUN_SOUTH },
		{ "K", CMD_RUN_NORTH }, { "L", CMD_RUN_EAST },
		{ "Y", CMD_RUN_NORTH_WEST }, { "U", CMD_RUN_NORTH_EAST },
		{ "B", CMD_RUN_SOUTH_WEST }, { "N", CMD_RUN_SOUTH_EAST },
	};
	struct keymap	km;
	size_t		i;

	keymap_defaults(&km);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(keymap_lookup(&km, want[i].key) == want[i].cmd,
		    "%s does %s, not %s", want[i].key,
		    keymap_command_name(keymap_lookup(&km, want[i].key)),
		    keymap_command_name(want[i].cmd));
	ck_assert_int_eq(keymap_lookup(&km, "C"), CMD_CHARACTER);
	ck_assert_int_eq(keymap_lookup(&km, "W"), CMD_NONE);
	ck_assert_int_eq(keymap_lookup(&km, "f5"), CMD_NONE);
}
END_TEST

/* Every command's game key means the same to the headless key machine. */
START_TEST(test_keymap_game_keys)
{
	struct game_action	a;
	struct keys		ks;
	int			c, dx, dy, key;

	for (c = CMD_WEST; c < CMD_COUNT; c++) {
		key = keymap_game_key((enum command)c);
		if (key == 0)
			continue;
		keys_init(&ks);
		if (keymap_direction((enum command)c, &dx, &dy) == 0) {
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, GAME_CMD_MOVE);
			ck_assert_int_eq(a.dx, dx);
			ck_assert_int_eq(a.dy, dy);
			continue;
		}
		switch (c) {
		case CMD_OPEN:
		case CMD_CLOSE:
		case CMD_DIG:
		case CMD_RUN:
		case CMD_FIRE:
		case CMD_FIGHT:
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'u', &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, c == CMD_OPEN ? GAME_CMD_OPEN :
			    c == CMD_CLOSE ? GAME_CMD_CLOSE : c == CMD_RUN ?
			    GAME_CMD_RUN : c == CMD_FIRE ? GAME_CMD_FIRE :
			    c == CMD_FIGHT ? GAME_CMD_FIGHT : GAME_CMD_DIG);
			ck_assert_int_eq(a.dx, 1);
			ck_assert_int_eq(a.dy, -1);
			break;
		case CMD_QUIT:
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'y', &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, GAME_CMD_QUIT);
			break;
		case CMD_PICKUP:
		case CMD_REST:
		case CMD_EXPLORE:
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, c == CMD_PICKUP ? GAME_CMD_PICKUP :
			    c == CMD_REST ? GAME_CMD_REST : GAME_CMD_EXPLORE);
			break;
		case CMD_DROP:
		case CMD_QUAFF:
		case CMD_READ:
		case CMD_WIELD:
			/* A pack slot: 'c' is the third. */
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'c', &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, c == CMD_DROP ? GAME_CMD_DROP :
			    c == CMD_QUAFF ? GAME_CMD_QUAFF : c == CMD_READ ?
			    GAME_CMD_READ : GAME_CMD_WIELD);
			ck_assert_int_eq(a.item, 2);
			break;
		case CMD_TRAVEL:
			/* Two cells east and one north, then go. */
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'l', &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'u', &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, '.', &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, GAME_CMD_TRAVEL);
			ck_assert_int_eq(a.dx, 2);
			ck_assert_int_eq(a.dy, -1);
			break;
		case CMD_THROW:
		case CMD_APPLY:
		case CMD_ZAP:
			/* A slot, then a direction. */
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'c', &a), KEYS_MORE);
			ck_assert_int_eq(keys_feed(&ks, 'u', &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, c == CMD_THROW ? GAME_CMD_THROW :
			    c == CMD_ZAP ? GAME_CMD_ZAP : GAME_CMD_APPLY);
			ck_assert_int_eq(a.item, 2);
			ck_assert_int_eq(a.dx, 1);
			ck_assert_int_eq(a.dy, -1);
			break;
		default:
			ck_assert_int_eq(keys_feed(&ks, key, &a), KEYS_ACTION);
			ck_assert_int_eq(a.cmd, c == CMD_WAIT ? GAME_CMD_WAIT :
			    c == CMD_DESCEND ? GAME_CMD_DESCEND :
			    GAME_CMD_SAVE);
			break;
		}
	}
}
END_TEST

START_TEST(test_keymap_file_rebinds)
{
	struct keymap	 km;
	char		 buf[128];

	ck_assert_ptr_null(parse(&km,
	    "# my keys\n"
	    "bind w north\n"
	    "  bind\tf2   help   # comments may follow\n"
	    "unbind k\n"
	    "bind ^X quit\r\n"
	    "\n"
	    "bind space wait\n"));
	ck_assert_int_eq(keymap_lookup(&km, "w"), CMD_NORTH);
	ck_assert_int_eq(keymap_lookup(&km, "f2"), CMD_HELP);
	ck_assert_int_eq(keymap_lookup(&km, "k"), CMD_NONE);
	ck_assert_int_eq(keymap_lookup(&km, "^X"), CMD_QUIT);
	ck_assert_int_eq(keymap_lookup(&km, "space"), CMD_WAIT);
	/* The others keep their defaults. */
	ck_assert_int_eq(keymap_lookup(&km, "up"), CMD_NORTH);
	ck_assert_str_eq(keymap_keys_of(&km, CMD_NORTH, buf, sizeof buf),
	    "up 8 w");
	ck_assert_str_eq(keymap_keys_of(&km, CMD_STEP, buf, sizeof buf), "");

	/* The item keys rebind as the others do. */
	ck_assert_ptr_null(parse(&km, "bind Z zap\nbind F fire\n"
	    "bind | known-items\nunbind z\n"));
	ck_assert_int_eq(keymap_lookup(&km, "Z"), CMD_ZAP);
	ck_assert_int_eq(keymap_lookup(&km, "F"), CMD_FIRE);
	ck_assert_int_eq(keymap_lookup(&km, "|"), CMD_KNOWN);
	ck_assert_int_eq(keymap_lookup(&km, "z"), CMD_NONE);
	ck_assert_str_eq(keymap_keys_of(&km, CMD_FIRE, buf, sizeof buf),
	    "f F");
}
END_TEST

START_TEST(test_keymap_file_errors)
{
	static const struct {
		const char	*text;
		const char	*want;
	} bad[] = {
		{ "bind w nowhere\n", "keys:1:8: \"nowhere\" is not a command" },
		{ "\n\nbind\n", "keys:3:5: bind wants a key" },
		{ "bind w\n", "keys:1:7: bind w wants a command" },
		{ "  bnid w north\n", "keys:1:3: \"bnid\" is not bind or unbind" },
		{ "bind ww north\n", "keys:1:6: \"ww\" is not a key" },
		{ "bind escpae north\n", "keys:1:6: \"escpae\" is not a key "
		  "(did you mean escape?)" },
		{ "bind f13 north\n", "keys:1:6: \"f13\" is not a key" },
		{ "bind ^a north\n", "keys:1:6: \"^a\" is not a key" },
		{ "bind w north east\n",
		  "keys:1:14: unexpected \"east\" after the command" },
		{ "unbind w north\n",
		  "keys:1:10: unexpected \"north\" after the key" },
	};
	struct keymap	 km;
	char		*cause;
	size_t		 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = parse(&km, bad[i].text);
		ck_assert_msg(cause != NULL, "accepted %s", bad[i].text);
		ck_assert_msg(strncmp(cause, bad[i].want, strlen(bad[i].want))
		    == 0, "\"%s\" gave \"%s\", not \"%s\"", bad[i].text, cause,
		    bad[i].want);
		free(cause);
		/* A refused file leaves the defaults whole. */
		ck_assert_int_eq(keymap_lookup(&km, "w"), CMD_WIELD);
		ck_assert_int_eq(keymap_lookup(&km, "k"), CMD_NORTH);
	}
}
END_TEST

/* Issue 12, items 9 and 10: a BOM is no word; raw bytes are not echoed. */
START_TEST(test_keymap_bom_and_raw_bytes)
{
	static const struct {
		const char	*text;
		const char	*want;
	} bad[] = {
		{ "bind \033[31m north\n",
		  "keys:1:6: \"\\x1b[31m\" is not a key" },
		{ "bind w \033]0;pwned\007\n",
		  "keys:1:8: \"\\x1b]0;pwned\\x07\" is not a command" },
		{ "\302\233bind w north\n",
		  "keys:1:1: \"\\xc2\\x9bbind\" is not bind or unbind" },
	};
	struct keymap	 km;
	char		*cause;
	size_t		 i, k;

	ck_assert_ptr_null(parse(&km, "\357\273\277bind w north\n"));
	ck_assert_int_eq(keymap_lookup(&km, "w"), CMD_NORTH);
	/* Only at the start: elsewhere it is an unknown word. */
	cause = parse(&km, "bind w north\n\357\273\277bind q quit\n");
	ck_assert_ptr_nonnull(strstr(cause, "keys:2:1: \"\\xef\\xbb\\xbfbind\""));
	free(cause);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = parse(&km, bad[i].text);
		ck_assert_msg(strncmp(cause, bad[i].want, strlen(bad[i].want))
		    == 0, "gave \"%s\", not \"%s\"", cause, bad[i].want);
		for (k = 0; cause[k] != '\0'; k++)
			ck_assert_msg((unsigned char)cause[k] >= ' ' &&
			    (unsigned char)cause[k] < 127, "byte %zu of \"%s\" "
			    "is not printable", k, cause);
		free(cause);
	}
}
END_TEST

START_TEST(test_keymap_file_limits)
{
	struct keymap	 km;
	char		*buf, *cause = NULL, path[] = "/tmp/keymapXXXXXX";
	size_t		 len = 0, i;
	int		 fd;

	/* A line too long, a NUL byte, too many bindings. */
	buf = malloc(1000);
	memset(buf, 'x', 999);
	buf[999] = '\0';
	cause = parse(&km, buf);
	ck_assert_ptr_nonnull(strstr(cause, "keys:1:256: the line is longer"));
	free(cause);
	ck_assert_int_eq(keymap_parse(&km, "keys", "bind w\0 north\n", 14,
	    &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, "a NUL byte"));
	free(cause);
	buf = realloc(buf, 80 * 400);
	for (i = 0; i < 400; i++)
		len += (size_t)sprintf(buf + len, "bind f%zu wait\n", i % 12 + 1);
	ck_assert_ptr_null(parse(&km, buf));	/* rebinding is not adding */
	free(buf);

	/* A missing file, and a real one. */
	ck_assert_int_eq(keymap_load(&km, "/nonexistent/keys", &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, "/nonexistent/keys: cannot open"));
	free(cause);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "bind q quit\n", 12), 12);
	close(fd);
	ck_assert_int_eq(keymap_load(&km, path, &cause), 0);
	ck_assert_int_eq(keymap_lookup(&km, "q"), CMD_QUIT);
	unlink(path);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("keymap");
	TCase	*tc = tcase_create("keymap");

	tcase_add_test(tc, test_keymap_defaults);
	tcase_add_test(tc, test_keymap_game_keys);
	tcase_add_test(tc, test_keymap_file_rebinds);
	tcase_add_test(tc, test_keymap_file_errors);
	tcase_add_test(tc, test_keymap_file_limits);
	tcase_add_test(tc, test_keymap_bom_and_raw_bytes);
	suite_add_tcase(s, tc);
	return (s);
}
