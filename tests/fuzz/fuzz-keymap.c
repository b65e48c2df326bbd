/*
 * fuzz-keymap.c: key map files (src/ui/keymap.c, keymap_parse).
 *
 * A refused file must leave a "name:line:column: ..." message and the
 * default map; an accepted one binds only keys the help screen can name,
 * each once, to real commands.  Which names are keys is decided here
 * independently of keymap_key_valid(), from keymap.h's own list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "keymap.h"

/* Whether a name is a key, by keymap.h's description. */
static int
oracle_key(const char *key)
{
	static const char *const names[] = {
		"space", "tab", "enter", "escape", "backspace", "up", "down",
		"left", "right", "home", "end", "pgup", "pgdn", "kp-centre",
		"insert", "delete"
	};
	char	f[8];
	size_t	i;
	int	n;

	if (strlen(key) == 1)
		return (key[0] > ' ' && key[0] < 127);
	if (strlen(key) == 2 && key[0] == '^')
		return (key[1] >= 'A' && key[1] <= 'Z');
	for (n = 1; n <= 12; n++) {
		snprintf(f, sizeof f, "f%d", n);
		if (strcmp(key, f) == 0)
			return (1);
	}
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(key, names[i]) == 0)
			return (1);
	}
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct keymap	 km, defaults;
	char			*cause = NULL, buf[64];
	int			 rc, i, j, c;

	keymap_defaults(&defaults);
	rc = keymap_parse(&km, "k.keys", (const char *)data, size, &cause);
	if (rc != 0) {
		fuzz_assert(rc == -1, "returned %d", rc);
		fuzz_assert(cause != NULL && strncmp(cause, "k.keys:", 7) == 0,
		    "message \"%s\"", cause != NULL ? cause : "(none)");
		fuzz_assert(memcmp(&km, &defaults, sizeof km) == 0,
		    "a refused file left a changed map");
		free(cause);
		return (0);
	}
	fuzz_assert(cause == NULL, "message on success: %s", cause);
	fuzz_assert(km.nbind >= 0 && km.nbind <= KEYMAP_MAX, "%d bindings",
	    km.nbind);
	for (i = 0; i < km.nbind; i++) {
		fuzz_assert(memchr(km.bind[i].key, '\0', KEYMAP_NAME) != NULL,
		    "binding %d is not terminated", i);
		fuzz_assert(oracle_key(km.bind[i].key), "\"%s\" was bound but "
		    "is not a key", km.bind[i].key);
		fuzz_assert(keymap_key_valid(km.bind[i].key), "\"%s\" bound "
		    "but not valid", km.bind[i].key);
		fuzz_assert((unsigned)km.bind[i].cmd < CMD_COUNT, "command %d",
		    (int)km.bind[i].cmd);
		for (j = 0; j < i; j++) {
			fuzz_assert(strcmp(km.bind[i].key, km.bind[j].key) != 0,
			    "\"%s\" bound twice", km.bind[i].key);
		}
		fuzz_assert(keymap_lookup(&km, km.bind[i].key) ==
		    km.bind[i].cmd, "lookup of \"%s\"", km.bind[i].key);
	}
	for (c = 0; c < CMD_COUNT; c++) {
		keymap_keys_of(&km, (enum command)c, buf, sizeof buf);
		fuzz_assert(strlen(buf) < sizeof buf, "keys_of overran");
	}
	return (0);
}
