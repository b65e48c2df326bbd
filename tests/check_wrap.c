/*
 * check_wrap.c: text wrapped at word boundaries, without a terminal.
 *
 * Every screen of the terminal game wraps its long text with
 * wrap_text() (the look description, help, the character screen, the
 * messages and --More--), so the rules a player sees are checked here:
 * a line never passes the width, never ends inside a word that could
 * have gone on the next line, loses no word, and counts a UTF-8
 * character as one column.  A brute-force oracle (every word placed on
 * the current line if it fits, else on a new one) checks random texts.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wrap.h"

#define MAXL	64

/* The lines of text wrapped at width, joined by '|', into out. */
static int
wrapped(const char *text, int width, char *out, size_t size)
{
	struct wrap_line	l[MAXL];
	int			n = wrap_text(text, width, l, MAXL), i;
	size_t			used = 0;

	out[0] = '\0';
	for (i = 0; i < n && i < MAXL; i++)
		used += (size_t)snprintf(out + used, size - used, "%s%.*s",
		    i > 0 ? "|" : "", (int)l[i].len, text + l[i].start);
	return (n);
}

START_TEST(test_wrap_words)
{
	char	out[512];

	ck_assert_int_eq(wrapped("the quick brown fox", 8, out, sizeof out),
	    4);
	ck_assert_str_eq(out, "the|quick|brown|fox");
	ck_assert_int_eq(wrapped("the quick brown fox", 9, out, sizeof out),
	    2);
	ck_assert_str_eq(out, "the quick|brown fox");
	ck_assert_int_eq(wrapped("the quick brown fox", 10, out, sizeof out),
	    2);
	ck_assert_str_eq(out, "the quick|brown fox");
	/* Exactly the width: one line. */
	ck_assert_int_eq(wrapped("abc def", 7, out, sizeof out), 1);
	ck_assert_str_eq(out, "abc def");
	/* The spaces at a break belong to no line. */
	ck_assert_int_eq(wrapped("ab   cd", 3, out, sizeof out), 2);
	ck_assert_str_eq(out, "ab|cd");
	ck_assert_int_eq(wrapped("ab cd  ", 5, out, sizeof out), 1);
	ck_assert_str_eq(out, "ab cd");
}
END_TEST

START_TEST(test_wrap_long_word)
{
	char	out[512];

	/* A word longer than a line is cut at the width. */
	ck_assert_int_eq(wrapped("abcdefgh", 3, out, sizeof out), 3);
	ck_assert_str_eq(out, "abc|def|gh");
	ck_assert_int_eq(wrapped("go abcdefgh x", 4, out, sizeof out), 4);
	ck_assert_str_eq(out, "go|abcd|efgh|x");
	/* A width below 1 is 1: every character a line, never a hang. */
	ck_assert_int_eq(wrapped("ab", 0, out, sizeof out), 2);
	ck_assert_str_eq(out, "a|b");
}
END_TEST

START_TEST(test_wrap_newlines)
{
	char	out[512];

	ck_assert_int_eq(wrapped("", 10, out, sizeof out), 0);
	ck_assert_int_eq(wrapped("one\ntwo", 10, out, sizeof out), 2);
	ck_assert_str_eq(out, "one|two");
	ck_assert_int_eq(wrapped("one\n\ntwo\n", 10, out, sizeof out), 3);
	ck_assert_str_eq(out, "one||two");
	/* A break just before a newline makes no empty line. */
	ck_assert_int_eq(wrapped("abc \ndef", 3, out, sizeof out), 2);
	ck_assert_str_eq(out, "abc|def");
}
END_TEST

START_TEST(test_wrap_utf8)
{
	char	out[512];

	/* "\xc2\xb7" is one column: two, a space and two fill 5. */
	ck_assert_int_eq(wrapped("\xc2\xb7\xc2\xb7 \xc2\xb7\xc2\xb7 ab", 5,
	    out, sizeof out), 2);
	ck_assert_str_eq(out, "\xc2\xb7\xc2\xb7 \xc2\xb7\xc2\xb7|ab");
	/* A cut inside a long word never splits a character's bytes. */
	ck_assert_int_eq(wrapped("\xe2\x97\xa6\xe2\x97\xa6\xe2\x97\xa6", 2,
	    out, sizeof out), 2);
	ck_assert_str_eq(out, "\xe2\x97\xa6\xe2\x97\xa6|\xe2\x97\xa6");
}
END_TEST

START_TEST(test_wrap_max)
{
	struct wrap_line	l[2];

	/* The count is of the whole text, whatever max is. */
	ck_assert_int_eq(wrap_text("a b c d e", 1, NULL, 0), 5);
	ck_assert_int_eq(wrap_text("a b c d e", 1, l, 2), 5);
	ck_assert_uint_eq(l[1].start, 2);
	ck_assert_uint_eq(l[1].len, 1);
}
END_TEST

/*
 * The oracle: greedy placement of whole words (none longer than the
 * width in the random texts below), each word on the current line with
 * the spaces before it if it fits, else first on a new line; lines
 * joined by '|'.
 */
static int
oracle(const char *text, int width, char *out, size_t size)
{
	size_t		 used = 0, i = 0, sp, len;
	int		 n = 0, col = 0;

	out[0] = '\0';
	while (text[i] != '\0') {
		for (sp = 0; text[i + sp] == ' '; sp++)
			continue;
		i += sp;
		for (len = 0; text[i + len] != '\0' && text[i + len] != ' ';
		    len++)
			continue;
		if (len == 0)
			break;
		if (n > 0 && col + (int)(sp + len) <= width) {
			used += (size_t)snprintf(out + used, size - used,
			    "%.*s", (int)(sp + len), text + i - sp);
			col += (int)(sp + len);
		} else {
			used += (size_t)snprintf(out + used, size - used,
			    "%s%.*s", n > 0 ? "|" : "", (int)len, text + i);
			col = (int)len;
			n++;
		}
		i += len;
	}
	return (n);
}

START_TEST(test_wrap_oracle)
{
	char		text[256], want[512], got[512];
	uint64_t	s = test_seed_base() + 77;
	int		c, k, width, len, nw, wl;

	for (c = 0; c < 2000; c++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		width = 5 + (int)((s >> 33) % 40);
		nw = 1 + (int)((s >> 20) % 20);
		len = 0;
		text[0] = '\0';
		for (k = 0; k < nw; k++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			wl = 1 + (int)((s >> 33) % (uint64_t)width);
			if (len + wl + 3 >= (int)sizeof text)
				break;
			/* One to two spaces between words, as messages have. */
			if (k > 0)
				len += snprintf(text + len, sizeof text -
				    (size_t)len, "%s", (s >> 40) & 1 ? "  " :
				    " ");
			memset(text + len, 'a' + k % 26, (size_t)wl);
			len += wl;
			text[len] = '\0';
		}
		ck_assert_msg(wrapped(text, width, got, sizeof got) ==
		    oracle(text, width, want, sizeof want) &&
		    strcmp(got, want) == 0,
		    "\"%s\" at %d: got \"%s\", want \"%s\"", text, width, got,
		    want);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("wrap");
	TCase	*tc = tcase_create("wrap");

	tcase_add_test(tc, test_wrap_words);
	tcase_add_test(tc, test_wrap_long_word);
	tcase_add_test(tc, test_wrap_newlines);
	tcase_add_test(tc, test_wrap_utf8);
	tcase_add_test(tc, test_wrap_max);
	tcase_add_test(tc, test_wrap_oracle);
	suite_add_tcase(s, tc);
	return (s);
}
