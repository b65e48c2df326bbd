#!/bin/sh
# vaults.sh: vault files, checked by astray --check and placed by the game.
#
# tests/data/vaults holds a good file (two vaults: a gated guard room of
# orcs, an eel pond with its own entry glyph), a file with one mistake
# per vault, a file with several mistakes in each vault, a vault too
# wide for any level of its depth, and a vault with every kind of
# randomness and a file with a mistake in each; the
# shipped data/vaults.txt (ten vaults at least) must check ok too.  The
# checker must pass the first, report every mistake of the next two at
# its file:line:column, and refuse the wide vault as unjoinable.  Then a copy
# of the data folder gets the good file as its vaults.txt: every
# generated level of several seeds must hold the vaults' monsters, the
# same seed must give the same level, and the first level must not
# change for a data folder without vaults.txt (so no vault, no draw).
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
t_game_env
cd "$top/tests/data/vaults" || exit 99

# Runs the checker and compares its output with standard input:
# same CASE STATUS FILE...
same() {
	t_check_same "$@"
}

same "a good vault file" 0 good.txt <<'OUT'
good.txt: ok
OUT
same "one mistake per vault, each at its place" 1 bad.txt <<'OUT'
bad.txt:2:1: vault "no-entry" has no entry: put its entry glyph 'E' on the map's edge
bad.txt:12:3: an entry must be on the edge of the vault's map
bad.txt:17:8: a vault's depth is N or A-B, with 1 <= A <= B <= 100
bad.txt:26:2: the player '@' belongs to a level, not to a vault
bad.txt:30:1: "movement:" belongs to a level, not to a vault
bad.txt:38:2: unknown glyph 'Z' (not a terrain's glyph, '@' or in the legend)
bad.txt:41:1: vault "too-wide" is 76x1, more than 64 a side
bad.txt: 7 errors, 0 warnings
OUT
# Several mistakes in one vault: every one is told, the dungeon parser's
# (legend, gate, glyphs, a ragged row) with the vault's own (keys, the
# player, an entry off the edge, each choice of a rule that does not
# read), in the game's order; a refused rule leaves its map unread.
same "every mistake of each vault, not only its first" 1 many-errors.txt \
    <<'OUT'
many-errors.txt:5:8: a vault's depth is N or A-B, with 1 <= A <= B <= 100
many-errors.txt:6:9: a weight is a number from 1 to 10000
many-errors.txt:7:19: unknown monster "kobald" (did you mean kobold?)
many-errors.txt:8:16: unknown item "potion-of-youth"
many-errors.txt:9:7: gate "g" has no "open-for" (a gate needs open, closed, every and open-for)
many-errors.txt:12:4: unknown glyph 'Z' (not a terrain's glyph, '@' or in the legend)
many-errors.txt:13:4: unknown glyph 'Y' (not a terrain's glyph, '@' or in the legend)
many-errors.txt:13:7: row 3 has 7 cells, expected 6
many-errors.txt:18:1: "movement:" belongs to a level, not to a vault
many-errors.txt:23:3: the player '@' belongs to a level, not to a vault
many-errors.txt:22:3: an entry must be on the edge of the vault's map
many-errors.txt:34:14: with 'Z' here the vault does not read: unknown glyph 'Z' (not a terrain's glyph, '@' or in the legend)
many-errors.txt:34:16: with 'Y' here the vault does not read: unknown glyph 'Y' (not a terrain's glyph, '@' or in the legend)
many-errors.txt:41:12: a subst choice is C or C:WEIGHT (1 to 1000), C one ASCII glyph but '@'
many-errors.txt:42:9: rotate takes yes or no
many-errors.txt: 15 errors, 0 warnings
OUT
same "a vault no level of its depth can take" 1 unjoinable.txt <<'OUT'
unjoinable.txt:3:1: vault "wide-hall" could not be joined to any of 10 generated levels of depth 1: do its entries lead out, and does it fit?
unjoinable.txt: 1 error, 0 warnings
OUT

same "the shipped vaults: all ok" 0 "$DATA/vaults.txt" <<OUT
$DATA/vaults.txt: ok
OUT
n=$(grep -c '^vault ' "$DATA/vaults.txt")
if [ "$n" -ge 10 ]; then
	t_ok "$n vaults ship"
else
	t_fail "shipped vaults" "only $n in $DATA/vaults.txt"
fi
same "randomness: subst, subst once, nsubst, shuffle" 0 random.txt <<'OUT'
random.txt: ok
OUT
same "randomness: one mistake per vault, each at its place" 1 \
    bad-random.txt <<'OUT'
bad-random.txt:3:16: with 'Z' here the vault does not read: unknown glyph 'Z' (not a terrain's glyph, '@' or in the legend)
bad-random.txt:10: nsubst needs its counts, then "*:C" last for the rest
bad-random.txt:17:12: a subst choice is C or C:WEIGHT (1 to 1000), C one ASCII glyph but '@'
bad-random.txt:24:10: the entry glyph 'E' cannot be substituted or shuffled
bad-random.txt:31:12: a shuffled glyph is ASCII, not '@', and given once
bad-random.txt:37:9: rotate takes yes or no
bad-random.txt: 6 errors, 0 warnings
OUT
# Instances of the random vault: the same for a seed, not all alike.
t_run "$ASTRAY" --check --data "$DATA" --show 4 --seed 1 random.txt
cp "$t_tmp/out" "$t_tmp/r1"
t_run "$ASTRAY" --check --data "$DATA" --show 4 --seed 1 random.txt
kinds=$(grep -c -e '~~~' -e '===' "$t_tmp/out")
doors=$(grep -o '+' "$t_tmp/out" | wc -l)
if cmp -s "$t_tmp/out" "$t_tmp/r1" && [ "$kinds" -eq 4 ] &&
    [ "$doors" -ge 8 ] && grep -q '~~~' "$t_tmp/out" &&
    grep -q '===' "$t_tmp/out" && grep -q '\.o\.k\.' "$t_tmp/out" &&
    grep -q '\.k\.o\.' "$t_tmp/out"; then
	t_ok "--show 4: instances drawn anew (pool, shuffled monsters), the same twice"
else
	t_fail "random --show" "$kinds pools, $doors doors"
fi

# --show N --seed S: each vault drawn N times in levels from seeds S on.
t_run "$ASTRAY" --check --data "$DATA" --show 3 --seed 5 good.txt
cp "$t_tmp/out" "$t_tmp/show1"
t_run "$ASTRAY" --check --data "$DATA" --show 3 --seed 5 good.txt
if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/out" "$t_tmp/show1" &&
    [ "$(grep -c '^good.txt: vault guardroom, seed [567]:$' \
    "$t_tmp/out")" -eq 3 ] &&
    [ "$(grep -c '^good.txt: vault pond, seed [567]:$' \
    "$t_tmp/out")" -eq 3 ] &&
    [ "$(grep -c '\.o\.o\.' "$t_tmp/out")" -eq 3 ] &&
    [ "$(grep -c '=e==' "$t_tmp/out")" -eq 3 ]; then
	t_ok "--show 3 --seed 5: three instances of each vault, the same twice"
else
	t_fail "--show" "status $t_status, $(t_first_line "$t_tmp/err")"
fi
t_run "$ASTRAY" --check --data "$DATA" --show 3 --seed 9 good.txt
if ! cmp -s "$t_tmp/out" "$t_tmp/show1"; then
	t_ok "--show from another seed: other levels round the vaults"
else
	t_fail "--show seeds" "seeds 5 and 9 draw the same"
fi
t_run "$ASTRAY" --show 2
if [ "$t_status" -eq 2 ] && grep -q "goes with --check" "$t_tmp/err"; then
	t_ok "--show without --check: status 2"
else
	t_fail "--show alone" "status $t_status"
fi

# The game: a data folder whose vaults.txt is the good file.
mkdir "$t_tmp/data" || exit 99
cp "$DATA/terrain.txt" "$DATA/monsters.txt" "$t_tmp/data/" || exit 99
cp good.txt "$t_tmp/data/vaults.txt" || exit 99
for seed in 1 2 3 4 5 6; do
	t_run "$ASTRAY" --headless --data "$t_tmp/data" --seed "$seed" \
	    --keys "" --show-level
	orcs=$(grep -c "^monster orc " "$t_tmp/out")
	eels=$(grep -c "^monster eel " "$t_tmp/out")
	if [ "$t_status" -eq 0 ] && [ "$orcs" -ge 2 ] && [ "$eels" -ge 1 ] &&
	    grep -q "=e==" "$t_tmp/out"; then
		t_ok "seed $seed: the guard room's orcs and the pond's eel"
	else
		t_fail "seed $seed" "status $t_status, $orcs orcs, $eels eels"
	fi
done
"$ASTRAY" --headless --data "$t_tmp/data" --seed 7 --keys "" \
    --show-level >"$t_tmp/a" 2>&1
"$ASTRAY" --headless --data "$t_tmp/data" --seed 7 --keys "" \
    --show-level >"$t_tmp/b" 2>&1
"$ASTRAY" --headless --data "$DATA" --seed 7 --keys "" \
    --show-level >"$t_tmp/plain" 2>&1
rm "$t_tmp/data/vaults.txt"
"$ASTRAY" --headless --data "$t_tmp/data" --seed 7 --keys "" \
    --show-level >"$t_tmp/none" 2>&1
if cmp -s "$t_tmp/a" "$t_tmp/b"; then
	t_ok "the same seed, the same level with its vaults"
else
	t_fail "same seed" "two runs of seed 7 differ"
fi
if ! cmp -s "$t_tmp/plain" "$t_tmp/none" &&
    ! cmp -s "$t_tmp/a" "$t_tmp/none" &&
    [ "$(grep -c '^monster ' "$t_tmp/none")" -lt \
    "$(grep -c '^monster ' "$t_tmp/a")" ]; then
	t_ok "no vaults.txt: a level without vaults, fewer monsters"
else
	t_fail "no vaults" "the level without vaults.txt is not its own"
fi

# A bad vaults.txt stops the game with the checker's first message.
printf 'vault x\nmap\n#E#\n#@#\nend\n' >"$t_tmp/data/vaults.txt"
t_run "$ASTRAY" --headless --data "$t_tmp/data" --seed 1 --keys ""
if [ "$t_status" -eq 1 ] && grep -q "vaults.txt:4:2: the player" \
    "$t_tmp/err"; then
	t_ok "a bad vaults.txt: status 1, file:line:column"
else
	t_fail "bad vaults.txt" "status $t_status," \
	    "$(t_first_line "$t_tmp/err")"
fi

t_end
