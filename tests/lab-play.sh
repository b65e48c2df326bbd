#!/bin/sh
# lab-play.sh: astray-lab play, bots playing whole games.
#
# A short run of every bot (seeds 1 to 6, turn cap 6000) must print
# exactly tests/data/play/expected.csv: the bots and the game are
# deterministic, so any change to the game's rules, its balance (data/)
# or a bot shows up here as a diff.  After an intentional change,
# regenerate the file with tests/tools/regen-play.sh and read its diff
# before committing.  Under ASTRAY_TEST_SCALE (the sanitizers' and
# valgrind's runs) the range is seeds 1 to a share of 6, held to those
# rows of the file (a seed's row does not depend on the seeds beside it,
# as the next case shows), and the --watch games stop at a share of the
# turn cap (the replay must then end where the bot's game stopped).  Then: one seed played alone gives the row it has
# in the range (no state carried from game to game); the replay --watch
# writes, played back by astray --headless --replay, ends on the turn,
# depth and outcome the bot reported (the key log is the game: every
# action was typed as a player's keys); bad arguments exit 2 with one
# clear line, bad data 1 with nothing on stdout.
#
# Run by make check with LAB, ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_need_astray
t_begin
expected="${top_srcdir:-.}/tests/data/play/expected.csv"
export XDG_DATA_HOME="$t_tmp/xdg"

# The rows of seeds 1 to N of a play --csv file, and its header.
seed_rows() {
	awk -F, -v n="$1" 'NR == 1 || ($1 ~ /^[0-9]+$/ && $1 + 0 <= n)' "$2"
}

# The arguments regen-play.sh gives too: keep the two the same.
seeds=$(t_scaled 6)
t_run "$LAB" play --bot all --seeds "1-$seeds" --turns 6000 --data "$DATA" \
    --csv
if [ "$seeds" -lt 6 ]; then
	seed_rows "$seeds" "$expected" >"$t_tmp/expected"
	seed_rows "$seeds" "$t_tmp/out" >"$t_tmp/rows"
else
	cp "$expected" "$t_tmp/expected"
	cp "$t_tmp/out" "$t_tmp/rows"
fi
if [ "$t_status" -ne 0 ]; then
	t_fail "play short run" "exit status $t_status: $(t_first_line "$t_tmp/err")"
elif [ "$(seed_rows "$seeds" "$t_tmp/out" | wc -l)" -ne $((3 * seeds + 1)) ]
then
	t_fail "play short run" "not a row for each bot and seed 1-$seeds:" \
	    "$(head -c 300 "$t_tmp/out")"
elif diff -u "$t_tmp/expected" "$t_tmp/rows" >"$t_tmp/diff"; then
	t_ok "play: seeds 1-$seeds, every bot, as tests/data/play/expected.csv"
else
	t_fail "play short run" "differs from $expected (regenerate with" \
	    "tests/tools/regen-play.sh if intended): $(sed -n '3,12p' "$t_tmp/diff")"
fi
cp "$t_tmp/out" "$t_tmp/run.csv"

# The same game alone.
t_run "$LAB" play --bot careful --seeds "$seeds" --turns 6000 --data "$DATA" \
    --csv
row=$(sed -n 2p "$t_tmp/out")
if [ "$t_status" -eq 0 ] && grep -qx "$row" "$t_tmp/run.csv"; then
	t_ok "play: seed $seeds alone gives its row of the range ($row)"
else
	t_fail "play alone" "status $t_status, row \"$row\" not in the range's"
fi

# --watch: the replay reproduces the game.
watch_turns=$(t_scaled 6000 300)
for bot in baseline careful greedy; do
	t_run "$LAB" play --bot "$bot" --watch 2 --turns "$watch_turns" \
	    --data "$DATA" --out "$t_tmp/$bot.replay" --csv
	row=$(sed -n 2p "$t_tmp/out")
	turns=$(echo "$row" | cut -d, -f5)
	depth=$(echo "$row" | cut -d, -f4)
	won=$(echo "$row" | cut -d, -f3)
	if [ "$t_status" -ne 0 ] || [ ! -s "$t_tmp/$bot.replay" ] ||
	    ! grep -q -- "--replay $t_tmp/$bot.replay" \
	    "$t_tmp/out"; then
		t_fail "play --watch $bot" "status $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
		continue
	fi
	t_run "$ASTRAY" --headless --data "$DATA" --replay "$t_tmp/$bot.replay"
	end=$(grep '^end ' "$t_tmp/out")
	case $won in
	1) want_status=won ;;
	*) if [ "$(echo "$row" | cut -d, -f6)" = "turn cap" ]; then
		want_status=playing
	   else
		want_status=dead
	   fi ;;
	esac
	case $end in
	"end turn $turns depth $depth "*"status $want_status "*)
		t_ok "play --watch $bot: the replay ends as the bot's game ($end)"
		;;
	*)
		t_fail "play --watch $bot" "row $row, replay ended: $end" \
		    "$(t_first_line "$t_tmp/err")"
		;;
	esac
done

# --watch off a terminal (here: a file) runs nothing, and names the
# command that watches the replay in the terminal.
t_run "$LAB" play --bot baseline --watch 2 --turns 300 --data "$DATA" \
    --out "$t_tmp/w.replay"
if [ "$t_status" -eq 0 ] &&
    grep -qx "  astray --data $DATA --replay $t_tmp/w.replay" "$t_tmp/out"
then
	t_ok "play --watch names the command: astray --data DIR --replay FILE"
else
	t_fail "play --watch, the command" "status $t_status: $(cat "$t_tmp/out")"
fi

# Usage errors: exit 2 and one line naming the fault.
for args in "play" "play --seeds 1-2" "play --bot nobody --seeds 1-2" \
    "play --bot careful" "play --bot careful --seeds 5-1" \
    "play --bot careful --seeds x" "play --bot careful --seeds 1-" \
    "play --bot careful --seeds -3" "play --bot careful --seeds 1--2" \
    "play --bot careful --seeds 1-99999999999999999999" \
    "play --bot careful --seeds 1-2 --turns 0" \
    "play --bot careful --seeds 1-2 --turns lots" \
    "play --bot all --watch 3" "play --bot careful --watch 1-2" \
    "play --bot careful --seeds 1-2 --watch 3" \
    "play --bot careful --seeds 1-2 --out f" \
    "play --bot greedy --watch 1 --svg f.svg" \
    "play --bot careful,nobody --seeds 1-2" \
    "play --bot careful --seeds 1-2 extra" "play --frobnicate"; do
	# shellcheck disable=SC2086
	t_run "$LAB" $args
	if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ] &&
	    grep -q '^astray-lab: ' "$t_tmp/err"; then
		t_ok "usage error exits 2: astray-lab $args ($(t_first_line "$t_tmp/err"))"
	else
		t_fail "usage error: astray-lab $args" "exit status $t_status"
	fi
done
t_run "$LAB" play --bot careful --seeds 1 --data "$t_tmp/nowhere"
if [ "$t_status" -eq 1 ] && [ ! -s "$t_tmp/out" ] &&
    [ "$(t_lines "$t_tmp/err")" -eq 1 ]; then
	t_ok "play: missing data is bad input ($(t_first_line "$t_tmp/err"))"
else
	t_fail "play missing data" "status $t_status, $(t_lines "$t_tmp/err") lines"
fi
t_run "$LAB" play --help
if [ "$t_status" -eq 0 ] && grep -q '^  baseline ' "$t_tmp/out" &&
    grep -q '^  careful ' "$t_tmp/out" && grep -q '^  greedy ' "$t_tmp/out"
then
	t_ok "play --help names the three bots"
else
	t_fail "play --help" "status $t_status"
fi

t_end
