/*
 * suggest.c: the closest names to a word (suggest.h).
 *
 * The distance is the optimal string alignment distance (Levenshtein's
 * insert, delete and change, and a swap of two neighbours as one edit,
 * the commonest typing slip), computed over three rows of a table, so
 * nothing is allocated: words are cut to SUGGEST_WORD bytes, longer
 * than any name a table holds.  A row whose least value is over the
 * limit ends the computation, so offering every name of a table costs
 * little.  The closest names are kept in order of distance, the first
 * offered first among equals, so suggestions do not depend on anything
 * but the table's order.
 */
#include <stdio.h>
#include <string.h>

#include "suggest.h"

/* Starts a suggester: see suggest.h. */
void
suggest_init(struct suggest *s, const char *word, size_t len)
{
	memset(s, 0, sizeof *s);
	if (len >= sizeof s->word)
		len = sizeof s->word - 1;
	memcpy(s->word, word, len);
	s->len = len;
	s->limit = 1 + (len > 4 ? (int)(len - 1) / 4 : 0);
	if (s->limit > 3)
		s->limit = 3;
}

/* The cost of changing one byte into another: 0, or 1. */
static int
suggest_change(char a, char b)
{
	return (a == b ? 0 : 1);
}

/* The distance between two words: see suggest.h. */
int
suggest_distance(const char *a, size_t n, const char *b, size_t m, int limit)
{
	int	rows[3][SUGGEST_WORD + 1], *two, *prev, *cur, *t;
	int	best, v;
	size_t	i, j;

	if (n > SUGGEST_WORD)
		n = SUGGEST_WORD;
	if (m > SUGGEST_WORD)
		m = SUGGEST_WORD;
	if ((n > m ? n - m : m - n) > (size_t)limit)
		return (limit + 1);
	two = rows[0];
	prev = rows[1];
	cur = rows[2];
	for (j = 0; j <= m; j++)
		prev[j] = (int)j;
	for (i = 1; i <= n; i++) {
		cur[0] = (int)i;
		best = cur[0];
		for (j = 1; j <= m; j++) {
			v = prev[j - 1] + suggest_change(a[i - 1], b[j - 1]);
			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && two[j - 2] + 1 < v)
				v = two[j - 2] + 1;
			cur[j] = v;
			if (v < best)
				best = v;
		}
		if (best > limit)
			return (limit + 1);
		t = two;
		two = prev;
		prev = cur;
		cur = t;
	}
	return (prev[m]);
}

/* Offers a name: see suggest.h. */
void
suggest_add(struct suggest *s, const char *name)
{
	size_t	m = strlen(name);
	int	d, i, k;

	if (s->len == 0 || m >= SUGGEST_NAME)
		return;
	if (m == s->len && memcmp(name, s->word, m) == 0)
		return;		/* the word itself is no suggestion */
	d = suggest_distance(s->word, s->len, name, m, s->limit);
	if (d > s->limit)
		return;
	for (i = 0; i < s->n; i++) {
		if (strcmp(s->name[i], name) == 0)
			return;
	}
	for (i = 0; i < s->n && s->cost[i] <= d; i++)
		continue;
	if (i == SUGGEST_MAX)
		return;
	k = s->n < SUGGEST_MAX ? s->n++ : SUGGEST_MAX - 1;
	for (; k > i; k--) {
		memcpy(s->name[k], s->name[k - 1], sizeof s->name[k]);
		s->cost[k] = s->cost[k - 1];
	}
	memcpy(s->name[i], name, m + 1);
	s->cost[i] = d;
}

/* The suggestion in words: see suggest.h. */
const char *
suggest_text(const struct suggest *s, char *buf, size_t size)
{
	size_t	o;
	int	i, w;

	if (size == 0)
		return (buf);
	buf[0] = '\0';
	if (s->n == 0)
		return (buf);
	w = snprintf(buf, size, " (did you mean ");
	o = w < 0 ? 0 : (size_t)w;
	for (i = 0; i < s->n && o < size; i++) {
		w = snprintf(buf + o, size - o, "%s%s", i == 0 ? "" :
		    i == s->n - 1 ? " or " : ", ", s->name[i]);
		o += w < 0 ? 0 : (size_t)w;
	}
	if (o < size)
		snprintf(buf + o, size - o, "?)");
	return (buf);
}
