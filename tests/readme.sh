#!/bin/sh
# readme.sh: the README's commands, run as written, so the README stays true.
#
# Every command line of README.md's code blocks (lines indented by four
# spaces) that starts with astray, astray-lab, ./astray or ./astray-lab
# is a case, run in order (a later line may read what an earlier one
# wrote: a save, a replay), with a shell, in a scratch folder that looks
# like the source tree (data, docs and tests are links to it, and
# ../shared to the Moving AI maps beside it), with its own
# XDG_DATA_HOME.  The programs are the ones built ($ASTRAY, $LAB).  A
# case passes when it exits 0 and prints nothing on standard error.
#
# Which lines are not run, each reported as "ok - # SKIP" with the
# reason, by these rules:
# - a synopsis: a line with "[", "..." or a placeholder in capitals
#   (MAP, FILE, X,Y), which is not a command but its shape;
# - the terminal game: astray without --headless (or --check) needs a
#   terminal, and tests/ui-tmux.sh plays it in one (the same goes for
#   quickstart.sh play, which builds a tree of its own before it starts
#   the game);
# - a line naming ../shared/movingai when the maps are not there, or
#   one that turns out to read them (a scenario of astray-lab chase);
# - a benchmark (astray-lab scen over the whole Moving AI set, astray-lab
#   chase on a standard scenario) in a slow build: under valgrind
#   (ASTRAY_TEST_SCALE below 1) or the sanitizers it would take hours,
#   and tests/movingai-shared.sh and tests/chase-guard.sh run smaller
#   versions of it there; a plain build runs it as written;
# - the bots' games (astray-lab play --bot, over seeds or --watch) in a
#   slow build: whole games, a third of this test's time under valgrind,
#   on the paths tests/lab-play.sh runs there (every bot over the first
#   seeds with --csv, a --watch); a plain build runs them as written;
# - build commands (autoreconf, configure, make) are not astray lines.
#
# Every line, run or not (the terminal game's too), is also checked for
# the files it names, so that what the README shows works in a clone:
# each word with a '/' that is not an option, a quoted argument or a
# glob must be in the source tree, and one under ../shared/movingai
# (which a clone does not hold: the lines that read it are skipped
# without it) must not be a map the tree ships (bench/maps,
# tests/data/movingai), which is to be named there.  A file a line
# writes (a replay) has no '/' in the README.
#
# Run by make check with ASTRAY, LAB, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

if [ -z "${ASTRAY:-}" ] || [ ! -x "$ASTRAY" ] || [ -z "${LAB:-}" ] ||
    [ ! -x "$LAB" ]; then
	echo "ERROR: ASTRAY and LAB must name the programs (ASTRAY='${ASTRAY:-}'," \
	    "LAB='${LAB:-}'); run through make check" >&2
	exit 99
fi
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
work=$t_tmp/top
mkdir -p "$work" "$t_tmp/xdg" "$t_tmp/bin" || exit 99
for d in data docs tests; do
	ln -s "$top/$d" "$work/$d"
done
if [ -d "$top/../shared" ]; then
	ln -s "$top/../shared" "$t_tmp/shared"
fi
# astray and astray-lab by name, as the README writes them.
ln -s "$ASTRAY" "$t_tmp/bin/astray"
ln -s "$LAB" "$t_tmp/bin/astray-lab"
ln -s "$ASTRAY" "$work/astray"
ln -s "$LAB" "$work/astray-lab"
XDG_DATA_HOME=$t_tmp/xdg
XDG_CONFIG_HOME=$t_tmp/config
PATH=$t_tmp/bin:$PATH
export XDG_DATA_HOME XDG_CONFIG_HOME PATH
unset ASTRAY_DATA

# The command lines, with their README line numbers: "NR<TAB>command".
awk '/^    [^ ]/ {
	line = substr($0, 5)
	# A comment after the command (two spaces or more, then #).
	sub(/[ ][ ]+#.*$/, "", line)
	if (line ~ /^(\.\/)?astray(-lab)?( |$)/)
		printf "%d\t%s\n", NR, line
}' "$top/README.md" >"$t_tmp/lines"

# A slow build: valgrind's scaled runs, or a binary with the sanitizers.
slow=0
case ${ASTRAY_TEST_SCALE:-1} in
1|1.0|1.00) ;;
*) slow=1 ;;
esac
if nm "$LAB" 2>/dev/null | grep -q __asan_init; then
	slow=1
fi

# The words with a '/' a command line names, after its program, that the
# source tree lacks.
missing_paths() {
	# shellcheck disable=SC2086 # the line's words, globbing off
	set -- $1
	shift
	for word in "$@"; do
		case $word in
		-*|\'*|*'*'*) ;;
		../shared/movingai/*)
			# A map the tree ships is named where a clone has it.
			for copy in bench/maps tests/data/movingai; do
				[ -e "$top/$copy/${word#../shared/movingai/}" ] &&
				    printf ' %s (%s/%s)' "$word" "$copy" \
				    "${word#../shared/movingai/}"
			done
			;;
		../shared/*) ;;
		*/*) [ -e "$top/$word" ] || printf ' %s' "$word" ;;
		esac
	done
}

n=0
lost=0
while IFS='	' read -r nr cmd; do
	n=$((n + 1))
	name="README.md:$nr: $cmd"
	set -f
	missing=$(missing_paths "$cmd")
	set +f
	if [ -n "$missing" ]; then
		t_fail "README.md:$nr: the files it names are in a clone" \
		    "not in the source tree (or where it is):$missing"
		lost=$((lost + 1))
	fi
	case $cmd in
	*'['*|*...*)
		t_ok "# SKIP $name (a synopsis)"
		continue
		;;
	esac
	if echo "$cmd" | grep -q -E ' [A-Z][A-Z]+([ ,]|$)|X,Y'; then
		t_ok "# SKIP $name (a synopsis)"
		continue
	fi
	case $cmd in
	astray-lab*|./astray-lab*|*--headless*|*--check*) ;;
	*)
		t_ok "# SKIP $name (the terminal game: tests/ui-tmux.sh)"
		continue
		;;
	esac
	case $cmd in
	*'astray-lab scen ../shared/movingai/*'*|*'astray-lab chase --scenario'*)
		if [ "$slow" -eq 1 ]; then
			t_ok "# SKIP $name (a benchmark, too slow in this build)"
			continue
		fi
		;;
	*'astray-lab play --bot '*)
		if [ "$slow" -eq 1 ]; then
			t_ok "# SKIP $name (bots' games: lab-play.sh plays them here)"
			continue
		fi
		;;
	esac
	case $cmd in
	*../shared/movingai*)
		if [ ! -d "$t_tmp/shared/movingai" ]; then
			t_ok "# SKIP $name (no ../shared/movingai)"
			continue
		fi
		;;
	esac
	t_status=0
	(cd "$work" && eval "$cmd") >"$t_tmp/out" 2>"$t_tmp/err" </dev/null ||
	    t_status=$?
	if [ "$t_status" -eq 0 ] && [ ! -s "$t_tmp/err" ]; then
		t_ok "$name"
	elif [ ! -d "$t_tmp/shared/movingai" ] &&
	    grep -q 'shared/movingai' "$t_tmp/err"; then
		t_ok "# SKIP $name (it reads ../shared/movingai, not here)"
	else
		t_fail "$name" "exit status $t_status: $(sed -n 1,3p "$t_tmp/err")"
	fi
done <"$t_tmp/lines"
# The README's count of monster kinds, in words ("Twenty-nine kinds of
# monster"), is the shipped table's.
said=$(tr '\n' ' ' <"$top/README.md" | grep -o '[A-Za-z-]* kinds of monster' |
    head -n 1 | awk '{
	w = tolower($1); n = 0
	split("one two three four five six seven eight nine ten eleven " \
	    "twelve thirteen fourteen fifteen sixteen seventeen eighteen " \
	    "nineteen", u, " ")
	split("twenty thirty forty fifty sixty seventy eighty ninety", t, " ")
	k = split(w, part, "-")
	for (i = 1; i <= k; i++) {
		for (j = 1; j <= 19; j++) if (part[i] == u[j]) n += j
		for (j = 1; j <= 8; j++) if (part[i] == t[j]) n += 10 * (j + 1)
	}
	print n }')
kinds=$(grep -c '^monster ' "$top/data/monsters.txt")
if [ "${said:-0}" -eq "$kinds" ]; then
	t_ok "the README's count of monster kinds is data/monsters.txt's ($kinds)"
else
	t_fail "monster kinds" "the README says ${said:-none}," \
	    "data/monsters.txt has $kinds"
fi
if [ "$n" -lt 10 ]; then
	t_fail "README command lines" "only $n found: the format changed?"
elif [ "$lost" -eq 0 ]; then
	t_ok "every file the README's $n command lines name is in the source tree"
fi
t_end
