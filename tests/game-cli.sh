#!/bin/sh
# game-cli.sh: the headless game as a user (or a bug report) drives it.
#
# Checks, each against an oracle that does not come from the code path
# under test:
#
# - the seed catalogue: the first level of seeds 1 to 20, made again by
#   tests/tools/regen-seeds.sh, must equal tests/data/seeds.txt byte for
#   byte (the committed text is the oracle);
# - replays: a game recorded with --record and played back with --replay
#   prints the same per-turn digests, line for line, and the same end
#   digest, for a generated game, for data/dungeons/gates.dun (timed
#   gates) and for a Moving AI map from ../shared/movingai (skipped when
#   that folder is absent);
# - save and restore: 'S' saves without changing the state's digest; a
#   game saved with 'S' and restored (no --seed) must play on exactly as
#   one straight run with the same keys would, turn by turn, twice over,
#   and its recording must replay to the same end (an 'S' in a replay is
#   played past); a finished restored game removes its save and enters
#   the high scores, and a new game never overwrites another game's save;
# - options: --help and --version exit 0, bad usage exits 2 with a
#   message and the usage, and writes nothing on stdout.
#
# Saves go to $XDG_DATA_HOME/astray, which points into the scratch folder.
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
top=${top_srcdir:-.}
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA
save=$XDG_DATA_HOME/astray/astray.save

# Prints COUNT keys from a little generator seeded with SEED: mostly
# moves, some waits, doors opened and closed, digging, stairs.  Keys
# come in whole commands (a prefix key is always followed by its
# direction), so strings from separate calls can be joined anywhere.
keys_gen() {
	awk -v x="$1" -v n="$2" 'BEGIN {
		moves = "hjklyubn"
		for (i = 0; i < n; i++) {
			x = (x * 75 + 74) % 65537
			r = x % 100
			d = substr(moves, int(x / 100) % 8 + 1, 1)
			if (r < 80)
				k = substr(moves, x % 8 + 1, 1)
			else if (r < 88)
				k = "."
			else if (r < 92)
				k = "o" d
			else if (r < 95)
				k = "c" d
			else if (r < 98)
				k = "D" d
			else
				k = ">"
			printf "%s", k
		}
	}'
}

# Prints the digest of the "end" line in a file of headless output.
end_digest() {
	sed -n 's/^end .* digest \([0-9a-f]*\)$/\1/p' "$1"
}

# Prints a field of the "end" line: end_field FILE NAME (turn, status...).
end_field() {
	sed -n "/^end /s/.* $2 \\([^ ]*\\).*/\\1/p" "$1"
}

# t_fail and t_ok with the reason or name in several words: fail NAME WHY...
fail() {
	f_name=$1
	shift
	t_fail "$f_name" "$*"
}
ok() {
	t_ok "$*"
}

# Runs the headless game with the data folder: game ARG...
game() {
	t_run "$ASTRAY" --headless --data "$DATA" "$@"
}

# Records a game and replays it: replay_case NAME ARG... (the game's
# options).  Both runs print a digest per turn; the outputs must be
# identical and the game must really have been played (turns > 0).
replay_case() {
	r_name=$1
	shift
	r_file=$t_tmp/replay-$(echo "$r_name" | tr -c 'a-z0-9\n' '-')
	game "$@" --each-turn --record "$r_file"
	if [ "$t_status" -ne 0 ]; then
		fail "replay $r_name: record" \
		    "exit status $t_status: $(t_first_line "$t_tmp/err")"
		return
	fi
	cp "$t_tmp/out" "$t_tmp/recorded"
	r_turn=$(end_field "$t_tmp/recorded" turn)
	r_digest=$(end_digest "$t_tmp/recorded")
	if [ -z "$r_digest" ] || [ "${r_turn:-0}" -eq 0 ]; then
		fail "replay $r_name: record" \
		    "no end line, or no turn played (turn '${r_turn:-}')"
		return
	fi
	if ! head -n 1 "$r_file" | grep -q '^astray-replay 1$' ||
	    ! grep -q '^seed [0-9]' "$r_file" ||
	    ! grep -q '^keys ' "$r_file"; then
		fail "replay $r_name: record" \
		    "$r_file lacks the header, seed or keys lines"
		return
	fi
	game --replay "$r_file" --each-turn
	if [ "$t_status" -ne 0 ]; then
		fail "replay $r_name: play back" \
		    "exit status $t_status: $(t_first_line "$t_tmp/err")"
		return
	fi
	if [ "$(end_digest "$t_tmp/out")" != "$r_digest" ]; then
		fail "replay $r_name" "end digest $(end_digest "$t_tmp/out")," \
		    "recorded $r_digest"
		return
	fi
	ok "replay $r_name: same end digest after $r_turn turns"
	if cmp -s "$t_tmp/recorded" "$t_tmp/out"; then
		ok "replay $r_name: --each-turn digests equal line for line"
	else
		fail "replay $r_name: --each-turn" "first difference:" \
		    "$(diff "$t_tmp/recorded" "$t_tmp/out" | sed -n '2p;4p' |
		    tr '\n' ' ')"
	fi
}

# --- the seed catalogue ---
committed=$top/tests/data/seeds.txt
if ! sh "$top/tests/tools/regen-seeds.sh" --astray "$ASTRAY" \
    --data "$DATA" --out "$t_tmp/seeds.txt" 2>"$t_tmp/err"; then
	fail "seed catalogue" "regen-seeds.sh failed: $(t_first_line \
	    "$t_tmp/err")"
elif cmp -s "$committed" "$t_tmp/seeds.txt"; then
	ok "seed catalogue: seeds 1-20 match tests/data/seeds.txt"
else
	first=$(diff "$committed" "$t_tmp/seeds.txt" |
	    sed -n '1s/^\([0-9]*\).*/\1/p')
	which=$(sed -n "1,${first:-1}p" "$committed" | grep '^seed ' |
	    tail -n 1)
	fail "seed catalogue" "the first level of ${which:-some seed}" \
	    "changed (tests/data/seeds.txt line ${first:-?})"
	echo "# first differences (< committed, > this build):"
	diff "$committed" "$t_tmp/seeds.txt" | head -n 20 | sed 's/^/#   /'
	echo "# if the change is intended, run tests/tools/regen-seeds.sh" \
	    "--astray BUILD/astray, read git diff tests/data/seeds.txt and" \
	    "commit it"
fi
blocks=$(grep -c '^seed [0-9]*$' "$committed")
digests=$(sed -n 's/^end .* digest //p' "$committed" | sort -u | wc -l)
if [ "$blocks" -eq 20 ] && [ "$digests" -eq 20 ]; then
	ok "seed catalogue: 20 seeds, 20 different levels"
else
	fail "seed catalogue" "$blocks seed blocks, $digests different digests"
fi
game --seed 1 --show-level
cp "$t_tmp/out" "$t_tmp/seed1-a"
game --seed 1 --show-level
if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/seed1-a" "$t_tmp/out"; then
	ok "the same seed twice gives the same level"
else
	fail "determinism" "two runs of seed 1 differ (status $t_status)"
fi

# --- replays ---
replay_case "generated game, seed 3" --seed 3 --keys "$(keys_gen 1 400)"
replay_case "generated game, seed 9, 2 depths" --seed 9 --depths 2 \
    --keys "$(keys_gen 5 300)"
replay_case "gates.dun" --seed 4 --dungeon "$DATA/dungeons/gates.dun" \
    --keys "$(keys_gen 2 300)"
shared=$top/../shared/movingai
map=$shared/dao/den312d.map
if [ -f "$map" ]; then
	replay_case "Moving AI den312d.map" --seed 5 --dungeon "$map" \
	    --monsters 20 --keys "$(keys_gen 3 300)"
	game --seed 5 --dungeon "$map" --show-level
	w=$(sed -n 's/^width //p' "$map")
	h=$(sed -n 's/^height //p' "$map")
	if [ "$t_status" -eq 0 ] &&
	    [ "$(t_first_line "$t_tmp/out")" = \
	    "level den312d.map, depth 1, ${w}x${h}" ] &&
	    [ "$(grep -c '^[^ ]*$' "$t_tmp/out")" -eq "$h" ]; then
		ok "Moving AI den312d.map plays as a ${w}x${h} dungeon"
	else
		fail "Moving AI dungeon" "status $t_status, header" \
		    "'$(t_first_line "$t_tmp/out")', expected ${w}x${h}"
	fi
else
	echo "skip - Moving AI map as a dungeon: $map not found"
fi

# --dungeon NAME plays the data folder's dungeon of that name, as an
# installed game must (its dungeons are not in the current folder): the
# same game as by the file's path, from another folder; a name that is
# neither a file nor a dungeon is refused, naming it.
for name in arena door-maze door-maze.dun; do
	game --seed 3 --dungeon "$DATA/dungeons/${name%.dun}.dun" --keys hjkl \
	    --show-level
	cp "$t_tmp/out" "$t_tmp/by-path"
	here=$(pwd)
	cd "$t_tmp" || exit 99
	game --seed 3 --dungeon "$name" --keys hjkl --show-level
	cd "$here" || exit 99
	if [ "$t_status" -eq 0 ] && [ -s "$t_tmp/out" ] &&
	    cmp -s "$t_tmp/out" "$t_tmp/by-path"; then
		ok "--dungeon $name finds the data folder's dungeon"
	else
		fail "--dungeon $name" "status $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
	fi
done
game --seed 3 --dungeon no-such-dungeon --keys hjkl
if [ "$t_status" -eq 1 ] && grep -q 'no-such-dungeon' "$t_tmp/err"; then
	ok "--dungeon with an unknown name is refused"
else
	fail "--dungeon, unknown name" "status $t_status"
fi

# A replay names its dungeon; a missing one is bad input, not a crash.
printf 'astray-replay 1\nseed 1\ndungeon %s\nkeys hjkl\n' \
    "$t_tmp/no-such.dun" >"$t_tmp/lost.replay"
game --replay "$t_tmp/lost.replay"
if [ "$t_status" -eq 1 ] && grep -q 'no-such.dun' "$t_tmp/err"; then
	ok "a replay whose dungeon is gone is refused"
else
	fail "replay, missing dungeon" "status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
fi

# --- save and restore ---
# One game cut in three: keys A then 'S'; restore, keys B then 'S';
# restore, keys C then "Qy" (give up).  Each part must end where one
# straight run of the same keys ends.  The straight run to compare with
# a part that ends with 'S' ends with 'S' too (saving elsewhere), so that
# these cases test restoring alone; whether 'S' itself leaves the state
# alone is checked on its own below.
# The seed is one whose player lives through all 340 keys (a change to
# the game's balance may need another).
restore_seed=1
keys_a=$(keys_gen 11 120)
keys_b=$(keys_gen 12 120)
keys_c=$(keys_gen 13 100)
rm -rf "$XDG_DATA_HOME"
game --seed "$restore_seed" --keys "${keys_a}S"
if [ "$t_status" -eq 0 ] && [ "$(end_field "$t_tmp/out" status)" = saved ] &&
    grep -q "^saved $save\$" "$t_tmp/out" && [ -f "$save" ]; then
	ok "save: 'S' saves to \$XDG_DATA_HOME/astray/astray.save"
else
	fail "save" "status $t_status, game status" \
	    "'$(end_field "$t_tmp/out" status)', save file" \
	    "$([ -f "$save" ] && echo present || echo missing):" \
	    "$(t_first_line "$t_tmp/err")"
fi
cp "$save" "$t_tmp/save-a" 2>/dev/null
cp "$t_tmp/out" "$t_tmp/saved-a"

# Saving is not a move: the state, and so its digest, stays as it was,
# even right after a wait (which leaves its noise in the state).
for k in "$keys_a" "${keys_a}." "."; do
	t_run env XDG_DATA_HOME="$t_tmp/xdg-straight" "$ASTRAY" --headless \
	    --data "$DATA" --seed "$restore_seed" --keys "$k"
	cp "$t_tmp/out" "$t_tmp/unsaved"
	t_run env XDG_DATA_HOME="$t_tmp/xdg-straight" "$ASTRAY" --headless \
	    --data "$DATA" --seed "$restore_seed" --keys "${k}S" \
	    --save "$t_tmp/other.save"
	rm -f "$t_tmp/other.save"
	last=$(printf '%s' "$k" | tail -c 3)
	if [ -n "$(end_digest "$t_tmp/out")" ] &&
	    [ "$(end_digest "$t_tmp/out")" = "$(end_digest "$t_tmp/unsaved")" ]
	then
		ok "save: 'S' leaves the state digest as it was (after" \
		    "'$last')"
	else
		fail "save: 'S' changed the digest" "after '$last':" \
		    "$(end_digest "$t_tmp/unsaved"), then" \
		    "$(end_digest "$t_tmp/out") after the 'S' (turn" \
		    "$(end_field "$t_tmp/out" turn) both)"
	fi
done

# A new game that ends with 'S' must not overwrite another game's save.
game --seed 8 --keys "hjS"
if [ "$t_status" -eq 1 ] && grep -q 'holds another saved game' \
    "$t_tmp/err" && cmp -s "$save" "$t_tmp/save-a"; then
	ok "save: a new game leaves another game's save alone"
else
	fail "save, other game" "status $t_status, save" \
	    "$(cmp -s "$save" "$t_tmp/save-a" && echo kept || echo changed):" \
	    "$(t_first_line "$t_tmp/err")"
fi

# Compares a restored part with a straight run: restore_case NAME KEYS
# STRAIGHT [ARG...], where KEYS are the restored part's keys, STRAIGHT
# the keys of the straight run from $restore_seed (run with a save folder
# of its own), and the ARGs go to the restored run only.  Leaves the
# restored run's output in $t_tmp/restored.
restore_case() {
	r_case=$1
	r_keys=$2
	r_straight=$3
	shift 3
	game --keys "$r_keys" --each-turn "$@"
	cp "$t_tmp/out" "$t_tmp/restored"
	cp "$t_tmp/err" "$t_tmp/restored-err"
	r_status=$t_status
	rm -rf "$t_tmp/xdg-straight"
	t_run env XDG_DATA_HOME="$t_tmp/xdg-straight" "$ASTRAY" --headless \
	    --data "$DATA" --seed "$restore_seed" --keys "$r_straight" --each-turn
	cp "$t_tmp/out" "$t_tmp/straight"
	if [ "$r_status" -ne 0 ]; then
		fail "restore $r_case" "exit status $r_status:" \
		    "$(t_first_line "$t_tmp/restored-err")"
		return
	fi
	if grep -q '^seed ' "$t_tmp/restored"; then
		fail "restore $r_case" "started a new game instead"
		return
	fi
	r_digest=$(end_digest "$t_tmp/restored")
	s_digest=$(end_digest "$t_tmp/straight")
	if [ -n "$r_digest" ] && [ "$r_digest" = "$s_digest" ] &&
	    [ "$(end_field "$t_tmp/restored" turn)" = \
	    "$(end_field "$t_tmp/straight" turn)" ]; then
		ok "restore $r_case: same turn and digest as one straight run"
	else
		fail "restore $r_case" "restored turn" \
		    "$(end_field "$t_tmp/restored" turn) digest '$r_digest'," \
		    "straight turn $(end_field "$t_tmp/straight" turn)" \
		    "digest '$s_digest'"
		return
	fi
	grep '^state ' "$t_tmp/restored" >"$t_tmp/restored-turns"
	r_turns=$(t_lines "$t_tmp/restored-turns")
	grep '^state ' "$t_tmp/straight" | tail -n "$r_turns" \
	    >"$t_tmp/straight-turns"
	if [ "$r_turns" -gt 0 ] &&
	    cmp -s "$t_tmp/restored-turns" "$t_tmp/straight-turns"; then
		ok "restore $r_case: its $r_turns turns equal the" \
		    "straight run's"
	else
		fail "restore $r_case" "per-turn lines differ from the" \
		    "straight run's ($r_turns turns)"
	fi
}

restore_case "after A" "${keys_b}S" "${keys_a}${keys_b}S"
if [ "$(end_field "$t_tmp/restored" status)" = saved ] && [ -f "$save" ] &&
    ! cmp -s "$save" "$t_tmp/save-a"; then
	ok "restore: 'S' again saves the game played on"
else
	fail "restore, save again" "status" \
	    "'$(end_field "$t_tmp/restored" status)', save" \
	    "$([ -f "$save" ] && echo present || echo missing)"
fi
restore_case "after A and B" "${keys_c}Qy" "${keys_a}${keys_b}${keys_c}Qy" \
    --record "$t_tmp/whole.replay"
cp "$t_tmp/restored" "$t_tmp/finished"
if [ "$(end_field "$t_tmp/finished" status)" = quit ] && [ ! -e "$save" ]; then
	ok "restore: a finished restored game removes its save"
else
	fail "restore, finish" "status" \
	    "'$(end_field "$t_tmp/finished" status)', save" \
	    "$([ -e "$save" ] && echo still there || echo removed)"
fi
if [ -f "$XDG_DATA_HOME/astray/scores" ]; then
	ok "restore: the finished game is in the high scores"
else
	fail "restore, scores" "no $XDG_DATA_HOME/astray/scores"
fi
game --replay "$t_tmp/whole.replay"
if [ "$t_status" -eq 0 ] &&
    [ "$(end_digest "$t_tmp/out")" = "$(end_digest "$t_tmp/finished")" ] &&
    [ "$(end_field "$t_tmp/out" status)" = quit ]; then
	ok "restore: the saved-and-restored game's recording replays to" \
	    "its end"
else
	fail "restore, replay" "status $t_status, game" \
	    "'$(end_field "$t_tmp/out" status)' at turn" \
	    "$(end_field "$t_tmp/out" turn), expected quit at turn" \
	    "$(end_field "$t_tmp/finished" turn):" \
	    "$(t_first_line "$t_tmp/err")"
fi
rm -rf "$XDG_DATA_HOME"

# A replay holding an 'S' (hand-made, or from before saving was kept out
# of the key log) plays on past it and writes no save.
rm -rf "$XDG_DATA_HOME"
printf 'astray-replay 1\nseed %s\nkeys %s\n' "$restore_seed" \
    "${keys_a}S${keys_b}" \
    >"$t_tmp/with-s.replay"
game --replay "$t_tmp/with-s.replay"
cp "$t_tmp/out" "$t_tmp/with-s"
game --seed "$restore_seed" --keys "${keys_a}${keys_b}"
if [ -n "$(end_digest "$t_tmp/with-s")" ] &&
    [ "$(end_digest "$t_tmp/with-s")" = "$(end_digest "$t_tmp/out")" ] &&
    [ ! -e "$save" ]; then
	ok "a replay's 'S' is played past, and no save is written"
else
	fail "replay with 'S'" \
	    "ends at turn $(end_field "$t_tmp/with-s" turn)" \
	    "status '$(end_field "$t_tmp/with-s" status)', save" \
	    "$([ -e "$save" ] && echo written || echo none)"
fi
rm -rf "$XDG_DATA_HOME"

# --save names another file; the default one is not touched.
game --seed 6 --keys "hhS" --save "$t_tmp/mine.save"
if [ "$t_status" -eq 0 ] && [ -f "$t_tmp/mine.save" ] && [ ! -e "$save" ]; then
	ok "--save FILE saves there"
else
	fail "--save" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
rm -f "$t_tmp/mine.save"

# --- options ---
t_run "$ASTRAY" --help
if [ "$t_status" -eq 0 ] && grep -q '^usage: astray' "$t_tmp/out" &&
    grep -q -- '--replay FILE' "$t_tmp/out"; then
	ok "--help exits 0 with the usage"
else
	fail "--help" "exit status $t_status"
fi
t_run "$ASTRAY" --version
if [ "$t_status" -eq 0 ] && grep -q '^astray [0-9]' "$t_tmp/out"; then
	ok "--version: $(t_first_line "$t_tmp/out")"
else
	fail "--version" "exit status $t_status"
fi

# Each bad usage: exit 2, nothing on stdout, a message that contains the
# given words, then the usage.  usage_case WORDS ARG...
usage_case() {
	u_words=$1
	shift
	t_run "$ASTRAY" "$@"
	if [ "$t_status" -ne 2 ]; then
		fail "usage: astray $*" "exit status $t_status, expected 2"
	elif [ -s "$t_tmp/out" ]; then
		fail "usage: astray $*" "wrote to stdout"
	elif ! grep -q -- "$u_words" "$t_tmp/err" ||
	    ! grep -q '^usage: astray' "$t_tmp/err"; then
		fail "usage: astray $*" "message lacks \"$u_words\" or the" \
		    "usage: $(t_first_line "$t_tmp/err")"
	else
		ok "usage: astray $* ($(t_first_line "$t_tmp/err"))"
	fi
}
usage_case 'bogus' --headless --bogus
# Only the long forms (and -h, -V): a one-letter form is not an option.
usage_case 'invalid option' --headless -O mymod
usage_case 'invalid option' -s 1 --headless
usage_case 'seed' --headless --seed abc
usage_case 'seed' --headless --seed 12x
usage_case 'seed' --headless --seed -1
usage_case 'seed' --headless --seed 1000000000000000000
usage_case 'seed' --headless --seed 123456789012345678901234
usage_case 'monsters' --headless --seed 1 --monsters 100001
usage_case 'monsters' --headless --seed 1 --monsters 100001
usage_case 'depths' --headless --seed 1 --depths 101
usage_case 'depths' --headless --seed 1 --depths 0
usage_case 'depths' --headless --seed 1 --depths ''
usage_case 'replay' --headless --replay "$t_tmp/x.replay" --seed 1
usage_case 'replay' --headless --replay "$t_tmp/x.replay" --dungeon \
    "$DATA/dungeons/gates.dun"
usage_case 'need' --keys hjkl
usage_case 'not saved, scored or recorded' --replay "$t_tmp/x.replay" \
    --record "$t_tmp/y.replay"
usage_case 'not saved, scored or recorded' --replay "$t_tmp/x.replay" \
    --save "$t_tmp/y.save"
usage_case 'need' --seed 1 --show-level
usage_case 'unexpected argument' --headless --seed 1 extra
usage_case 'seed' --headless --seed

# A key that is not a game key, on the command line: a usage error too.
game --seed 1 --keys 'hjZ'
if [ "$t_status" -eq 2 ] && grep -q "'Z'" "$t_tmp/err"; then
	ok "--keys with a non-key exits 2 ($(t_first_line "$t_tmp/err"))"
else
	fail "--keys hjZ" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
game --seed 1 --keys '..'
if [ "$t_status" -eq 0 ] && [ "$(end_field "$t_tmp/out" turn)" = 2 ]; then
	ok "two waits are two turns"
else
	fail "--keys .." "status $t_status, turn" \
	    "'$(end_field "$t_tmp/out" turn)'"
fi

# --- --monsters 0, and a count the level has no room for (issue 12) ---
arena="$DATA/dungeons/arena.dun"
game --seed 4 --dungeon "$arena" --keys ''
own=$(end_field "$t_tmp/out" monsters)
game --seed 4 --dungeon "$arena" --monsters 0 --keys '.' --record \
    "$t_tmp/none.replay"
none=$(end_field "$t_tmp/out" monsters)
cp "$t_tmp/out" "$t_tmp/none.out"
if [ "$t_status" -eq 0 ] && [ -n "$none" ] && [ "$none" -lt "$own" ] &&
    grep -q '^monsters 0$' "$t_tmp/none.replay"; then
	game --replay "$t_tmp/none.replay"
	if [ "$(end_digest "$t_tmp/out")" = "$(end_digest "$t_tmp/none.out")" ]
	then
		ok "--monsters 0: $none monsters (the map's own) instead of" \
		    "$own, and its replay says so and plays the same"
	else
		fail "--monsters 0 replay" "another digest"
	fi
else
	fail "--monsters 0" "status $t_status, $none monsters (own: $own):" \
	    "$(t_first_line "$t_tmp/err")"
fi
printf 'name: Closet\nmap\n%%%%%%%%%%%%\n%%@..>%%\n%%%%%%%%%%%%\nend\n' \
    >"$t_tmp/closet.dun"
game --seed 1 --dungeon "$t_tmp/closet.dun" --monsters 100000 --keys '' \
    --messages
if [ "$t_status" -eq 0 ] && grep -q \
    '^astray: only [0-9]* of the 100000 monsters asked for found room' \
    "$t_tmp/err" && grep -q 'monsters asked for found room' "$t_tmp/out"
then
	ok "--monsters 100000 in a closet: the shortfall is reported"
else
	fail "clipped --monsters" "status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
fi


# --- study options: --planner and --hunted ---
# --hunted makes every monster hear the player anywhere, so they all hunt
# and a turn's plans change the game; --planner puts every monster on one
# planner.  A save made so is restored only with the same options.
game --seed 11 --keys '.....' --each-turn
plain=$(tail -n 1 "$t_tmp/out" | sed 's/.*digest //')
game --seed 11 --hunted --keys '.....' --each-turn
hunted=$(tail -n 1 "$t_tmp/out" | sed 's/.*digest //')
game --seed 11 --hunted --planner crowd --keys '.....' --each-turn
crowd_status=$t_status
crowd_turns=$(grep -c '^state ' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ -n "$plain" ] && [ "$plain" != "$hunted" ]; then
	ok "--hunted: every monster hunts, and the game differs"
else
	fail "--hunted" "status $t_status, digests $plain and $hunted"
fi
if [ "$crowd_status" -eq 0 ] && [ "$crowd_turns" -eq 5 ]; then
	ok "--planner crowd --hunted: five turns played"
else
	fail "--planner crowd" "status $crowd_status, $crowd_turns turns"
fi
game --seed 11 --planner nosuch --keys '.'
if [ "$t_status" -eq 1 ] && grep -q 'unknown planner "nosuch"' "$t_tmp/err"
then
	ok "--planner with an unknown name: exit 1 and the names"
else
	fail "--planner nosuch" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
game --seed 11 --planner mtdstr --keys '.'
if [ "$t_status" -eq 1 ] && grep -q -F 'unknown planner "mtdstr" (did you mean mtdstar?)' "$t_tmp/err"
then
	ok "--planner misspelt: the closest name suggested"
else
	fail "--planner mtdstr" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
rm -f "$save"
game --seed 11 --planner mtdstar --keys 'lS'
game --keys 'l'
if [ "$t_status" -eq 1 ] && grep -q 'other rules now' "$t_tmp/err" &&
    [ -f "$save" ]; then
	ok "a --planner save is refused without it, and kept"
else
	fail "--planner save" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
game --planner mtdstar --keys 'l'
if [ "$t_status" -eq 0 ]; then
	ok "a --planner save is restored with the same --planner"
else
	fail "--planner restore" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
rm -f "$save"
t_run "$ASTRAY" --headless --seed 1 --planner crowd --record "$t_tmp/r.replay" \
    --keys '.'
if [ "$t_status" -eq 2 ]; then
	ok "--planner with --record is bad usage"
else
	fail "--planner --record" "status $t_status"
fi

# --timing: a line per turn, each turn of a many-turn command too.
game --seed 5 --dungeon "$DATA/dungeons/arena.dun" --monsters 0 --keys 'lX' \
    --timing
turns=$(sed -n 's/^end turn \([0-9]*\) .*/\1/p' "$t_tmp/out")
lines=$(grep -c '^time [0-9][0-9]*$' "$t_tmp/err")
if [ "$t_status" -eq 0 ] && [ -n "$turns" ] && [ "$turns" -gt 2 ] &&
    [ "$lines" -eq "$turns" ]; then
	ok "--timing: a time for each of the $turns turns, the explore's too"
else
	fail "--timing" "status $t_status, $turns turns, $lines time lines"
fi

t_end
