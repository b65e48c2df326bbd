#!/bin/sh
# dungeon-check.sh: astray --check reports every error of a dungeon file.
#
# The fixtures in tests/data/check each hold several mistakes, or none,
# or a level the game plays but a modder rarely means (its stairs
# reached only by digging).  astray --check must print each error once,
# in the file's order, as "FILE:LINE[:COLUMN]: message" on standard
# output, then "FILE: ok" or "FILE: N errors, M warnings", and exit 1
# when any file has an error, 0 otherwise (warnings included).  The
# checker reads files as the game does: for every broken fixture of
# game-bad-input.sh, its first error is exactly the game's message, and
# the shipped dungeons and the modding guide's example are all ok.  With
# --show N --seed S, a level's N builds for seeds S on are printed, each
# exactly the level the game starts with for its seed.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
t_game_env

# Checks from the fixtures' folder, so messages name files as given.
cd "$top/tests/data/check" || exit 99

# Runs the checker on the files and compares its output with the lines
# given on standard input: same CASE STATUS FILE...
same() {
	t_check_same "$@"
}

# --- every error, each at its place ------------------------------------
same "five mistakes, all reported in order" 1 many-errors.dun <<'OUT'
many-errors.dun:8:1: unknown key "colour" (expected name, intro, depth, movement, corners, legend, gate, event, monsters or map)
many-errors.dun:9:19: unknown terrain "lava-pit" for the legend
many-errors.dun:14:5: unknown glyph 'Z' (not a terrain's glyph, '@' or in the legend)
many-errors.dun:15: row 4 has 5 cells, expected 7
many-errors.dun:17:3: a second player (the first is at line 13, column 2)
many-errors.dun: 5 errors, 0 warnings
OUT
same "a bad key, then a map without an end" 1 no-end.dun <<'OUT'
no-end.dun:3:8: depth "deep" is not a number from 1 to 100
no-end.dun:8: the map has no "end" line
no-end.dun: 2 errors, 0 warnings
OUT
same "an unknown gate and an event outside the map" 1 unknown-gate.dun <<'OUT'
unknown-gate.dun:4:9: unknown gate "drawbridge": define it with "gate: drawbridge open T closed T every N open-for M"
unknown-gate.dun:5:10: the event's 1x1 cells at 40,40 are not all inside the 6x3 map
unknown-gate.dun: 2 errors, 0 warnings
OUT
same "a refused gate line is told once, not again at its glyph" 1 \
    bad-gate-line.dun <<'OUT'
bad-gate-line.dun:5:57: open-for "9" is not a number of turns from 0 to every (5)
bad-gate-line.dun:7:15: unknown terrain "magma" for the event
bad-gate-line.dun: 2 errors, 0 warnings
OUT

# --- whether the level can be finished ---------------------------------
same "stairs only digging reaches: a warning, status 0" 0 dig-only.dun <<'OUT'
dig-only.dun:9:2: warning: only digging reaches stairs or the goal from the player's start (walking, opening doors and passing gates reach none), and digging needs a pick or a wand of digging, which the level does not place: only a player who brings one can win
dig-only.dun: 0 errors, 1 warning
OUT
same "stairs only digging reaches, a pick placed: the warning says so" 0 \
    dig-pick.dun <<'OUT'
dig-pick.dun:9:2: warning: only digging reaches stairs or the goal from the player's start (walking, opening doors and passing gates reach none); the level places a digging tool to find first
dig-pick.dun: 0 errors, 1 warning
OUT
same "stairs through a door and a gate: ok" 0 doors-and-gates.dun <<'OUT'
doors-and-gates.dun: ok
OUT
# --- the search for a way out, from every start cell (docs/modding.md) --
same "no player: a start cell granite seals off is refused, named" 1 \
    reach-no-player.dun <<'OUT'
reach-no-player.dun:7:2: the player may start here (the map places no player: the game puts it on any of 14 cells, and 4 of them are as this one), walled in by granite: no stairs or goal can be reached, even opening doors, passing gates when they open and digging, so the level cannot be won
reach-no-player.dun: 1 error, 0 warnings
OUT
same "no player: a start cell only digging frees is a warning, named" 0 \
    reach-no-player-dig.dun <<'OUT'
reach-no-player-dig.dun:7:2: warning: only digging reaches stairs or the goal from this cell, where the player may start (the map places no player: the game puts it on any of 14 cells, and 4 of them are as this one) (walking, opening doors and passing gates reach none), and digging needs a pick or a wand of digging, which the level does not place: only a player who brings one can win
reach-no-player-dig.dun: 0 errors, 1 warning
OUT
same "stairs across deep water: refused, the water named" 1 \
    reach-water.dun <<'OUT'
reach-water.dun:7:2: the player starts here, walled in by deep-water: no stairs or goal can be reached, even opening doors, passing gates when they open and digging, so the level cannot be won
reach-water.dun: 1 error, 0 warnings
OUT
same "the bridge floods before the player gets there: refused" 1 \
    reach-flood.dun <<'OUT'
reach-flood.dun:7:2: the player starts here, cut off in time: the events shut every way to stairs or the goal before the player (a step a turn) can pass, even opening doors and digging, so the level cannot be won
reach-flood.dun: 1 error, 0 warnings
OUT
same "a gate that never opens is a wall: refused, the gate named" 1 \
    reach-gate-shut.dun <<'OUT'
reach-gate-shut.dun:8:2: the player starts here, walled in by granite and gate "portcullis", which never lets the player by: no stairs or goal can be reached, even opening doors, passing gates when they open and digging, so the level cannot be won
reach-gate-shut.dun: 1 error, 0 warnings
OUT
same "a gate that opens on its clock, passed in time: ok" 0 \
    reach-gate-timer.dun <<'OUT'
reach-gate-timer.dun: ok
OUT
same "the way behind a gate caves in before it opens: refused" 1 \
    reach-gate-late.dun <<'OUT'
reach-gate-late.dun:10:2: the player starts here, cut off in time: the events and gates shut every way to stairs or the goal before the player (a step a turn) can pass, even opening doors and digging, so the level cannot be won
reach-gate-late.dun: 1 error, 0 warnings
OUT
same "soft rock inside granite: digging does not help, refused" 1 \
    reach-granite.dun <<'OUT'
reach-granite.dun:7:3: the player starts here, walled in by granite: no stairs or goal can be reached, even opening doors, passing gates when they open and digging, so the level cannot be won
reach-granite.dun: 1 error, 0 warnings
OUT
for f in reach-no-player.dun reach-gate-shut.dun reach-flood.dun; do
	t_run "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$f"
	if [ "$t_status" -eq 1 ] && grep -q "^astray: $f:[0-9]*:[0-9]*: the player" \
	    "$t_tmp/err"; then
		t_ok "the game refuses $f too, at the start cell"
	else
		t_fail "game refuses $f" "exit status $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
	fi
done

t_run "$ASTRAY" --headless --data "$DATA" --seed 1 --keys . \
    --dungeon dig-only.dun
if [ "$t_status" -eq 0 ]; then
	t_ok "the game still plays the level only digging finishes"
else
	t_fail "dig-only plays" "exit status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
fi

# Several files: each is told, and one error anywhere fails the run.
same "a good file and a bad one: status 1, both told" 1 \
    doors-and-gates.dun no-end.dun <<'OUT'
doors-and-gates.dun: ok
no-end.dun:3:8: depth "deep" is not a number from 1 to 100
no-end.dun:8: the map has no "end" line
no-end.dun: 2 errors, 0 warnings
OUT

# --- the checker reads as the game reads --------------------------------
for f in "$top"/tests/data/game-bad/*.dun "$top"/tests/data/game-bad/*.map; do
	[ -e "$f" ] || continue
	t_run "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$f"
	game=$(t_first_line "$t_tmp/err")
	t_run "$ASTRAY" --check --data "$DATA" "$f"
	check=$(t_first_line "$t_tmp/out")
	if [ "$t_status" -ne 1 ]; then
		t_fail "check ${f##*/}" "exit status $t_status, expected 1"
	elif [ "astray: $check" != "$game" ]; then
		t_fail "check ${f##*/}" "first error \"$check\", the game" \
		    "says \"$game\""
	else
		t_ok "check ${f##*/}: the game's own message"
	fi
done
t_run "$ASTRAY" --check --data "$DATA" "$DATA"/dungeons/*.dun
if [ "$t_status" -ne 0 ] || grep -v ': ok$' "$t_tmp/out" >/dev/null; then
	t_fail "shipped dungeons" "status $t_status:" \
	    "$(grep -v ': ok$' "$t_tmp/out" | sed -n 1p)"
else
	t_ok "every shipped dungeon is ok ($(t_lines "$t_tmp/out") files)"
fi
t_run "$ASTRAY" --check --data "$top/tests/data/modding" \
    "$top/tests/data/modding/example.dun"
if [ "$t_status" -eq 0 ]; then
	t_ok "the modding guide's example is ok with its own data"
else
	t_fail "guide's example" "$(t_first_line "$t_tmp/out")"
fi

# --- many errors, missing files, usage ----------------------------------
{
	echo "name: Noisy"
	i=0
	while [ $i -lt 150 ]; do
		echo "colour: red"
		i=$((i + 1))
	done
	echo "map"
	echo "@>"
	echo "end"
} >"$t_tmp/noisy.dun"
t_run "$ASTRAY" --check --data "$DATA" "$t_tmp/noisy.dun"
if [ "$t_status" -eq 1 ] && [ "$(t_lines "$t_tmp/out")" -eq 102 ] &&
    grep -q "^$t_tmp/noisy.dun:101: stopping after 100 errors" \
    "$t_tmp/out"; then
	t_ok "150 bad lines: 100 errors, then it stops and says so"
else
	t_fail "noisy" "status $t_status, $(t_lines "$t_tmp/out") lines:" \
	    "$(sed -n 101p "$t_tmp/out")"
fi
# --show on a dungeon file: the level as the game builds it for each
# seed, its random start and extra monsters drawn afresh (seed 4 has no
# room left for them out of the player's sight), the map's rat and potion
# where the map puts them.
same "--show 3 --seed 4: three builds of a level" 0 --show 3 --seed 4 \
    show.dun <<'OUT'
show.dun: ok
show.dun: seed 4, level 1:
level Show, depth 1, 10x5
##########
#....#...#
#.r..+.!.#
#..@.#..>#
##########
monster rat at 2,2 hp 3 field, wandering
item potion-of-healing at 7,2 count 1 plus 0
show.dun: seed 5, level 1:
level Show, depth 1, 10x5
##########
#....#..b#
#.r..+.!.#
#.@..#..>#
##########
monster rat at 2,2 hp 3 field, wandering
monster giant-bat at 8,1 hp 4 astar, wandering
item potion-of-healing at 7,2 count 1 plus 0
show.dun: seed 6, level 1:
level Show, depth 1, 10x5
##########
#....#.b.#
#.r..+.!r#
#@...#..>#
##########
monster rat at 2,2 hp 3 field, wandering
monster giant-bat at 7,1 hp 4 astar, wandering
monster rat at 8,2 hp 3 field, wandering
item potion-of-healing at 7,2 count 1 plus 0
OUT
# Each is the level the game starts with that seed (--show-level).
for seed in 4 5 6; do
	t_run "$ASTRAY" --headless --data "$DATA" --dungeon show.dun \
	    --seed "$seed" --keys '' --show-level
	sed -n '/^level /,$p' "$t_tmp/out" | sed '$d' >"$t_tmp/game"
	t_run "$ASTRAY" --check --data "$DATA" --show 1 --seed "$seed" show.dun
	sed '1,2d' "$t_tmp/out" >"$t_tmp/show"
	if cmp -s "$t_tmp/game" "$t_tmp/show"; then
		t_ok "--show --seed $seed draws the level the game starts with"
	else
		t_fail "--show --seed $seed" "differs from the game's level:" \
		    "$(diff "$t_tmp/game" "$t_tmp/show" | sed -n 2p)"
	fi
done
same "a file that is not there" 1 "no-such.dun" <<'OUT'
no-such.dun: cannot open: No such file or directory
no-such.dun: 1 error, 0 warnings
OUT
for args in "--check" "--check --seed 1 dig-only.dun" \
    "--check --headless dig-only.dun"; do
	# shellcheck disable=SC2086 # the words are the options
	t_run "$ASTRAY" $args
	if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ] &&
	    grep -q "check" "$t_tmp/err"; then
		t_ok "usage: astray $args refused (status 2)"
	else
		t_fail "usage $args" "status $t_status," \
		    "$(t_first_line "$t_tmp/err")"
	fi
done
t_run "$ASTRAY" --check --data "$t_tmp" dig-only.dun
if [ "$t_status" -eq 1 ] && grep -q "terrain.txt" "$t_tmp/err"; then
	t_ok "a data folder without terrain.txt: status 1, said on stderr"
else
	t_fail "no data" "status $t_status, $(t_first_line "$t_tmp/err")"
fi

t_end
