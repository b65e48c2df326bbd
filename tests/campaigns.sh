#!/bin/sh
# campaigns.sh: campaign files, checked by astray --check and played by
# astray --dungeon, headless, as a player runs them.
#
# tests/data/campaign holds small campaigns of hand-made and generated
# levels and a campaign with a mistake on many lines.  The checker must
# pass the good ones and the shipped data/campaigns, report every
# mistake of the bad one, its own and those of a dungeon file it names,
# at file:line:column, and warn about an amulet before the last level;
# with --show, draw a campaign's levels for each seed as the game builds
# them (the second the one the game goes down to).  The game must play
# the shipped campaign by its installed name, go down from a hand-made
# level to a generated one, refuse a bad campaign with the checker's
# first message and status 1, replay a recorded campaign game to the
# same digest, and restore a game saved on the campaign's second level
# to the game played straight through.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
t_game_env
cd "$top/tests/data/campaign" || exit 99

# Runs the checker and compares its output with standard input:
# same CASE STATUS FILE...
same() {
	t_check_same "$@"
}

same "good campaigns: ok" 0 three.camp two.camp amulet.camp \
    stairs-out.camp <<'OUT'
three.camp: ok
two.camp: ok
amulet.camp: ok
stairs-out.camp: ok
OUT
same "the shipped campaigns: ok" 0 "$DATA"/campaigns/*.camp <<OUT
$(for f in "$DATA"/campaigns/*.camp; do echo "$f: ok"; done)
OUT
same "every mistake, the campaign's and its levels', at its place" 1 \
    bad.camp <<'OUT'
broken.dun:4:19: unknown monster "rats" (did you mean rat?)
bad.camp:9:10: no dungeon file "no-such-level" (as written or with ".dun", beside the campaign or among the data folder's dungeons)
bad.camp:13:2: level "twice" is either hand-made ("dungeon FILE") or generated ("generate KIND"), not both
bad.camp:15:1: level "neither" has neither "dungeon FILE" nor "generate KIND"
bad.camp:19:11: unknown map kind "tunnels" (rooms, caves, open, mixed or any)
bad.camp:20:2: unknown key "colour" (expected campaign, intro, level, dungeon, generate, depth, name, vaults, vault, monsters or goal)
bad.camp:26:8: vault "lava-cross" (depth 1-1) is never drawn at the level's depth 2
bad.camp:26:19: no vault "no-such-vault" in vaults.txt
bad.camp:28:7: a second level "broken" (the first is at line 5)
bad.camp:30:2: "goal" is for generated levels (level "broken" is a dungeon file's, which says it)
bad.camp:38:2: "depth" is for generated levels (level "end" is a dungeon file's, which says it)
bad.camp:34:2: "goal" is for the last level (the way out of every other level is stairs down)
bad.camp: 12 errors, 0 warnings
OUT

# --show on a campaign: its levels for each seed, one after another as
# the game builds them when the stairs are taken at once: the hand-made
# first level alike for both seeds, the generated last one (its amulet,
# vaults, monsters and items) drawn afresh.
same "--show 2 --seed 1: a campaign's levels for two seeds" 0 --show 2 \
    --seed 1 two.camp <<'OUT'
two.camp: ok
two.camp: seed 1, level 1:
level The First Room, depth 1, 7x3
%%%%%%%
%@.>..%
%%%%%%%
two.camp: seed 1, level 2:
level depth 2 (rooms), depth 2, 40x16
%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
%######################################%
%##".................########)...######%
%##....#.....,.....#.########....+...##%
%##....#...........#....#######+####.##%
%##.################...-+......;####.##%
%##.#....k#==########+#######...####b##%
%##.#..k..#==########@#######...####+##%
%######+###########...!....+..w.##....#%
%####.....#########.......(##..###s!..#%
%##.###.###~#######........#########+##%
%##...#.....+.........##############.##%
%##...+..#########################....#%
%##...############################....#%
%######################################%
%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
monster kobold at 9,6 hp 6 astar, wandering
monster kobold at 7,7 hp 6 astar, wandering
monster blind-worm at 30,8 hp 10 mtdstar, wandering
monster spider at 34,9 hp 6 astar, wandering
monster giant-bat at 36,6 hp 4 astar, wandering
item battle-axe at 29,2 count 1 plus 0
item caltrops at 31,5 count 2 plus 0
item potion-of-healing at 35,9 count 1 plus 0
item sling-stone at 26,9 count 8 plus 0
item potion-of-healing at 22,8 count 1 plus 0
item wand-of-slowing at 23,5 count 1 plus 4
two.camp: seed 2, level 1:
level The First Room, depth 1, 7x3
%%%%%%%
%@.>..%
%%%%%%%
two.camp: seed 2, level 2:
level depth 2 (rooms), depth 2, 40x16
%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
%######################################%
%#######!.#############################%
%#######..####..##......####.........##%
%########....+..+.......####....z....##%
%########.###################....!...##%
%########+#####.#...........#........##%
%#####......###.o.....,.....####+##+###%
%#####k........+...........?!.##.##.###%
%#####......###.#############..+.....##%
%#####.!....###.....#..)##.....#.....##%
%#####....k.####+#..#....+.....+.....##%
%#####".....###...o.#.####.....##.@..##%
%#################.##.####.....########%
%#################....#################%
%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
monster orc at 16,7 hp 10 mtdstar, wandering
monster orc at 18,12 hp 10 mtdstar, wandering
monster kobold at 10,11 hp 6 astar, wandering
monster zombie at 32,4 hp 14 cached, wandering
monster kobold at 6,8 hp 6 astar, wandering
item potion-of-healing at 7,10 count 1 plus 0
item potion-of-confusion at 33,5 count 1 plus 0
item potion-of-confusion at 28,8 count 1 plus 0
item scroll-of-identify at 27,8 count 1 plus 0
item short-sword at 23,10 count 1 plus 0
item potion-of-healing at 8,2 count 1 plus 0
OUT
# The game, going down at once ("ll>"), comes to the same second level:
# its name and size, items and monster kinds (the monsters have had their
# turn, so where they stand may differ by a step).
for seed in 1 2; do
	t_run "$ASTRAY" --headless --data "$DATA" --dungeon two.camp \
	    --seed "$seed" --keys 'll>' --show-level
	sed -n '/^level /,$p' "$t_tmp/out" | grep -e '^level ' -e '^item ' \
	    >"$t_tmp/game"
	sed -n '/^monster /s/ at .*//p' "$t_tmp/out" | sort >>"$t_tmp/game"
	t_run "$ASTRAY" --check --data "$DATA" --show 1 --seed "$seed" two.camp
	sed -n '/level 2:$/,$p' "$t_tmp/out" >"$t_tmp/level2"
	grep -e '^level ' -e '^item ' "$t_tmp/level2" >"$t_tmp/show"
	sed -n '/^monster /s/ at .*//p' "$t_tmp/level2" | sort >>"$t_tmp/show"
	if [ -s "$t_tmp/show" ] && cmp -s "$t_tmp/game" "$t_tmp/show"; then
		t_ok "--show --seed $seed: level 2 is the one the game goes down to"
	else
		t_fail "--show --seed $seed, level 2" "differs from the game's:" \
		    "$(diff "$t_tmp/game" "$t_tmp/show" | sed -n 2p)"
	fi
done
same "the amulet before the last level: a warning" 0 early-goal.camp <<'OUT'
early-goal.camp:5:1: warning: level "treasure" is not the last, but its amulet ends the game (a win before the campaign's end)
early-goal.camp: 0 errors, 1 warning
OUT

# A level only a pick finishes: the checker's warning, at the level's
# own line, for a campaign that names it.
printf 'campaign Dig\nlevel only\n\tdungeon %s\n' \
    "$top/tests/data/check/dig-only.dun" >"$t_tmp/dig.camp"
t_run "$ASTRAY" --check --data "$DATA" "$t_tmp/dig.camp"
if [ "$t_status" -eq 0 ] &&
    grep -q "^$top/tests/data/check/dig-only.dun:[0-9]*:[0-9]*: warning: only digging" \
    "$t_tmp/out" &&
    grep -q "dig.camp: 0 errors, 1 warning" "$t_tmp/out"; then
	t_ok "a level only digging finishes: the level's warning"
else
	t_fail "dig-only level" "status $t_status, $(t_first_line "$t_tmp/out")"
fi

# The game refuses a bad campaign with the checker's first message.
t_run "$ASTRAY" --headless --data "$DATA" --dungeon bad.camp --seed 1 \
    --keys ""
if [ "$t_status" -eq 1 ] &&
    [ "$(cat "$t_tmp/err")" = 'astray: broken.dun:4:19: unknown monster "rats" (did you mean rat?)' ]; then
	t_ok "a bad campaign: status 1, file:line:column"
else
	t_fail "bad campaign" "status $t_status, $(t_first_line "$t_tmp/err")"
fi
printf 'campaign X\nlevel a\n\tgenerate rooms\n\tgoal trophy\n' \
    >"$t_tmp/goal.camp"
t_run "$ASTRAY" --headless --data "$DATA" --dungeon "$t_tmp/goal.camp" \
    --seed 1 --keys ""
if [ "$t_status" -eq 1 ] && grep -q "goal.camp:4:7: expected \"goal amulet\"" \
    "$t_tmp/err"; then
	t_ok "a bad key's value: status 1, file:line:column"
else
	t_fail "bad goal" "status $t_status, $(t_first_line "$t_tmp/err")"
fi

# The shipped campaign by its installed name, as a single dungeon is.
t_run "$ASTRAY" --headless --data "$DATA" --dungeon the-long-descent \
    --seed 1 --keys "" --show-level --messages
if [ "$t_status" -eq 0 ] &&
    grep -q "^message 0 You set out on The Long Descent\.$" "$t_tmp/out" &&
    grep -q "^level The Gatehouse, depth 2," "$t_tmp/out"; then
	t_ok "--dungeon the-long-descent: its first level, the Gatehouse"
else
	t_fail "installed campaign" "status $t_status," \
	    "$(t_first_line "$t_tmp/err")"
fi

# Down from a hand-made level to a generated one, the same for a seed.
t_run "$ASTRAY" --headless --data "$DATA" --dungeon two.camp --seed 4 \
    --keys "ll>" --show-level --messages
cp "$t_tmp/out" "$t_tmp/down1"
t_run "$ASTRAY" --headless --data "$DATA" --dungeon two.camp --seed 4 \
    --keys "ll>" --show-level --messages
if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/out" "$t_tmp/down1" &&
    grep -q "You go down the stairs to depth 2 (rooms) (level 2 of 2)\.$" \
    "$t_tmp/out" && grep -q '^level depth 2 (rooms), depth 2, 40x16$' \
    "$t_tmp/out" && [ "$(grep -c '"' "$t_tmp/out")" -eq 1 ]; then
	t_ok "ll> goes down to the generated last level, with its amulet"
else
	t_fail "descend" "status $t_status, $(grep '^level' "$t_tmp/out")"
fi

# Replays: a recorded campaign game plays back to the same digest (the
# replay names the campaign by its absolute path, to play from anywhere).
keys="ll>hhjjkkl.."
t_run "$ASTRAY" --headless --data "$DATA" --dungeon two.camp --seed 4 \
    --keys "$keys" --record "$t_tmp/game.replay"
straight=$(tail -n 1 "$t_tmp/out")
t_run "$ASTRAY" --headless --data "$DATA" --replay "$t_tmp/game.replay"
if [ "$t_status" -eq 0 ] && [ "$(tail -n 1 "$t_tmp/out")" = "$straight" ] &&
    grep -q '^dungeon /.*/two\.camp$' "$t_tmp/game.replay"; then
	t_ok "--replay of a campaign game: the same digest"
else
	t_fail "replay" "status $t_status: $(tail -n 1 "$t_tmp/out")," \
	    "expected $straight"
fi

# Saved on the second level, restored: the game played straight through.
t_run "$ASTRAY" --headless --data "$DATA" --dungeon two.camp --seed 4 \
    --keys "ll>hhjS"
t_run "$ASTRAY" --headless --data "$DATA" --keys "jkkl.."
if [ "$t_status" -eq 0 ] && [ "$(tail -n 1 "$t_tmp/out")" = "$straight" ]; then
	t_ok "saved mid-campaign, restored: the same game as straight through"
else
	t_fail "restore" "status $t_status: $(tail -n 1 "$t_tmp/out")," \
	    "$(t_first_line "$t_tmp/err")"
fi
# A save whose campaign has lost a level since is refused, and kept.
XDG_DATA_HOME=$t_tmp/xdg2
mkdir "$t_tmp/moved" || exit 99
cp first.dun "$t_tmp/moved/" || exit 99
cp two.camp "$t_tmp/moved/camp.camp" || exit 99
(cd "$t_tmp/moved" && "$ASTRAY" --headless --data "$DATA" \
    --dungeon camp.camp --seed 4 --keys "ll>S" >/dev/null 2>&1)
sed -n '1,/^level first/p' two.camp | sed '$d' >"$t_tmp/moved/camp.camp"
printf 'level first\n\tdungeon first\n' >>"$t_tmp/moved/camp.camp"
(cd "$t_tmp/moved" && "$ASTRAY" --headless --data "$DATA" --keys "" \
    >"$t_tmp/out" 2>"$t_tmp/err")
t_status=$?
if [ "$t_status" -eq 1 ] &&
    grep -q "a game of the campaign camp.camp, which now has 1 levels, not the 2" \
    "$t_tmp/err" && [ -f "$XDG_DATA_HOME/astray/astray.save" ]; then
	t_ok "a campaign changed under its save: refused, the save kept"
else
	t_fail "changed campaign" "status $t_status, $(t_first_line "$t_tmp/err")"
fi

t_end
