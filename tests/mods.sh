#!/bin/sh
# mods.sh: mods that layer on the shipped data, as a player and a modder
# use them (docs/modding.md, "Mods that layer").
#
# The mods are tests/data/mods/: giants (a new monster and a dungeon
# that puts it beside shipped orcs), extras (a new terrain and class, a
# new item and the shipped dart changed, the shipped door-maze vault
# replaced, a campaign naming giants' dungeon), bigger-orcs (the shipped
# orc replaced) and broken (errors a checker must place).  Checked:
#
# - --mod DIR plays the mod's dungeon by name, with its monster on the
#   level; installed in $XDG_DATA_HOME/astray/mods it plays without
#   --mod, --no-mods leaves it out (and the dungeon is then not found,
#   the message naming where it looked);
# - --mods lists the mods folder, each mod, and what it adds and
#   overrides, table by table;
# - --check on a mod folder checks each of its files on the data and
#   the mods below it, and places every error at file:line:column;
# - a save made with a mod is refused without it, by the mod's name, and
#   plays on with it; one made without is refused with it; a replay
#   (and a morgue file) records the mods, and is refused without them or
#   when a mod's files changed; the high scores name the mods;
# - bad mods: a missing folder, an empty one, two of one name.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
t_game_env
top=${top_srcdir:-.}
mods=$top/tests/data/mods
cp -R "$mods" "$t_tmp/mods"
mods=$t_tmp/mods
save=$t_tmp/a.save
scores=$t_tmp/scores

# Passes when the last run's file (out or err) holds TEXT: has CASE FILE TEXT.
has() {
	if grep -q -F -e "$3" "$t_tmp/$2"; then
		t_ok "$1"
	else
		t_fail "$1" "no \"$3\" in its $2: $(t_first_line "$t_tmp/$2")" \
		    "$(t_first_line "$t_tmp/err")"
	fi
}

# --- playing with --mod ---------------------------------------------------
t_run "$ASTRAY" --data "$DATA" --mod "$mods/giants" --headless \
    --dungeon giant-hall --seed 3 --keys '.' --show-level
if [ "$t_status" -eq 0 ] && grep -q '^monster hill-giant at' "$t_tmp/out"
then
	t_ok "--mod: the mod's dungeon by name, its hill giant on the level"
else
	t_fail "--mod: the mod's dungeon" "status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
fi

# --- installed mods ------------------------------------------------------------
mkdir -p "$XDG_DATA_HOME/astray/mods"
cp -R "$mods/giants" "$XDG_DATA_HOME/astray/mods/giants"
t_run "$ASTRAY" --data "$DATA" --headless --dungeon giant-hall --seed 3 \
    --keys '.' --show-level
if [ "$t_status" -eq 0 ] && grep -q '^monster hill-giant at' "$t_tmp/out"
then
	t_ok "installed: the mods folder's mod plays without --mod"
else
	t_fail "installed" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$ASTRAY" --data "$DATA" --no-mods --headless --dungeon giant-hall \
    --seed 3 --keys '.'
if [ "$t_status" -eq 1 ]; then
	has "--no-mods: the mod's dungeon is not found, and where it was looked for" \
	    err "--dungeon giant-hall: no such file; looked for giant-hall here"
else
	t_fail "--no-mods" "status $t_status, expected 1"
fi

t_run "$ASTRAY" --data "$DATA" --mods --mod "$mods/extras"
if [ "$t_status" -eq 0 ]; then
	has "--mods: the mods folder" out "mods folder: $XDG_DATA_HOME/astray/mods"
	has "--mods: an installed mod, active" out \
	    "giants: installed, active (layer 1)"
	has "--mods: what it adds" out "  monsters.txt: adds hill-giant"
	has "--mods: its dungeons" out "  dungeons: adds giant-hall.dun"
	has "--mods: a --mod after the installed" out \
	    "extras: --mod, active (layer 2)"
	has "--mods: a table's adds and overrides" out \
	    "  items.txt: adds stone-spear; overrides dart"
	has "--mods: a vault overridden" out "  vaults.txt: overrides door-maze"
	has "--mods: a new terrain" out "  terrain.txt: adds moss"
	has "--mods: a campaign" out "  campaigns: adds two-halls.camp"
else
	t_fail "--mods" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$ASTRAY" --data "$DATA" --mods --no-mods
has "--mods --no-mods: the installed mod is off" out \
    "giants: installed, not active (--no-mods)"

# A campaign of one mod, through a dungeon of the other: both layers.
t_run "$ASTRAY" --data "$DATA" --mod "$mods/extras" --headless \
    --dungeon two-halls --seed 1 --keys '.' --messages
has "a mod's campaign names another mod's dungeon" out \
    "You enter The Giant's Hall (level 1 of 2)."

# --- the checker ---------------------------------------------------------------
t_run "$ASTRAY" --check --data "$DATA" "$mods/extras"
if [ "$t_status" -eq 0 ]; then
	has "--check MOD: whole, on the installed mod below it" out \
	    "$mods/extras: mod extras, 4 files, 0 errors (layer 2"
	has "--check MOD: its table looked up through the layers" out \
	    "$mods/extras/items.txt: ok (names looked up: terrains from"
else
	t_fail "--check MOD" "status $t_status: $(t_first_line "$t_tmp/out")"
fi
t_run "$ASTRAY" --check --data "$DATA" --no-mods "$mods/extras"
if [ "$t_status" -eq 1 ]; then
	has "--check MOD without the mod it needs" out \
	    "two-halls.camp:6:10: no dungeon file \"giant-hall\""
else
	t_fail "--check MOD without the mod it needs" "status $t_status"
fi
t_run "$ASTRAY" --check --data "$DATA" "$mods/broken"
if [ "$t_status" -eq 1 ]; then
	has "--check MOD: an unknown class at its column, with a suggestion" \
	    out "broken/monsters.txt:7:8: unknown class \"wlak\" (did you mean walk?)"
	has "--check MOD: a duplicate within the mod's file" out \
	    "broken/monsters.txt:10:9: duplicate monster \"cave-troll\""
	has "--check MOD: the mod's summary" out \
	    "$mods/broken: mod broken, 1 file, 2 errors"
else
	t_fail "--check broken MOD" "status $t_status, expected 1"
fi
t_run "$ASTRAY" --check --data "$DATA" --mod "$mods/bigger-orcs" \
    "$DATA/dungeons/arena.dun"
if [ "$t_status" -eq 0 ]; then
	t_ok "--check --mod: a shipped dungeon on an overridden orc"
else
	t_fail "--check --mod" "status $t_status: $(t_first_line "$t_tmp/out")"
fi

# --- saves, replays, morgue files, scores -------------------------------------------
t_run "$ASTRAY" --data "$DATA" --headless --dungeon giant-hall --seed 3 \
    --keys 'lS' --save "$save"
cp "$save" "$t_tmp/before.save"
t_run "$ASTRAY" --data "$DATA" --no-mods --headless --save "$save" --keys '.'
if [ "$t_status" -eq 1 ] && cmp -s "$save" "$t_tmp/before.save"; then
	has "a save with a mod, refused without it by name (and kept)" err \
	    "it was played with the mod \"giants\", which is not active"
else
	t_fail "a save with a mod, without it" "status $t_status"
fi
t_run "$ASTRAY" --data "$DATA" --headless --save "$save" --keys '.' \
    --scores "$scores"
if [ "$t_status" -eq 0 ] && grep -q "status playing" "$t_tmp/out"; then
	t_ok "the save plays on with its mod"
else
	t_fail "the save with its mod" "status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
fi
t_run "$ASTRAY" --data "$DATA" --no-mods --headless --seed 5 --keys 'S' \
    --save "$t_tmp/plain.save"
t_run "$ASTRAY" --data "$DATA" --headless --save "$t_tmp/plain.save" \
    --keys '.'
if [ "$t_status" -eq 1 ]; then
	has "a save without mods, refused with one active, by name" err \
	    "it was played without the mod \"giants\", which is active"
else
	t_fail "a save without mods, with one" "status $t_status"
fi

t_run "$ASTRAY" --data "$DATA" --headless --dungeon giant-hall --seed 3 \
    --keys 'lQy' --record "$t_tmp/game.rep" --scores "$scores"
if grep -q "^mod giants [0-9a-f]\{16\}$" "$t_tmp/game.rep"; then
	t_ok "a replay records the mod and its signature"
else
	t_fail "a replay records the mod" "$(cat "$t_tmp/game.rep")"
fi
if grep -q "	giants$" "$scores"; then
	t_ok "the high scores name the mods"
else
	t_fail "the high scores name the mods" "$(cat "$scores")"
fi
morgue=$(ls "$t_tmp"/morgue-* 2>/dev/null | sed -n 1p)
if [ -n "$morgue" ] && grep -q "^# mods     giants ([0-9a-f]\{16\})$" \
    "$morgue"; then
	t_ok "a morgue file names the mods"
else
	t_fail "a morgue file names the mods" "none, or no mods line in" \
	    "${morgue:-(none)}"
fi
t_run "$ASTRAY" --data "$DATA" --headless --replay "$t_tmp/game.rep"
if [ "$t_status" -eq 0 ]; then
	t_ok "the replay plays with its mod"
else
	t_fail "the replay with its mod" "$(t_first_line "$t_tmp/err")"
fi
t_run "$ASTRAY" --data "$DATA" --no-mods --headless --replay \
    "$t_tmp/game.rep"
if [ "$t_status" -eq 1 ]; then
	has "a replay without its mod: refused by name" err \
	    "the replay was played with the mod \"giants\", which is not active"
else
	t_fail "a replay without its mod" "status $t_status"
fi
printf '# a comment changes the signature\n' \
    >>"$XDG_DATA_HOME/astray/mods/giants/monsters.txt"
t_run "$ASTRAY" --data "$DATA" --headless --replay "$t_tmp/game.rep"
if [ "$t_status" -eq 1 ]; then
	has "a replay after its mod changed: refused, the mod named" err \
	    "the mod \"giants\" has changed since the replay was played"
else
	t_fail "a replay after its mod changed" "status $t_status"
fi

# --- bad mods ------------------------------------------------------------------
t_run "$ASTRAY" --data "$DATA" --mod "$t_tmp/nope" --headless --keys '.'
if [ "$t_status" -eq 1 ]; then
	has "--mod: a missing folder" err "$t_tmp/nope: no such mod (a mod is a folder)"
else
	t_fail "--mod: a missing folder" "status $t_status"
fi
mkdir "$t_tmp/empty"
t_run "$ASTRAY" --data "$DATA" --mod "$t_tmp/empty" --headless --keys '.'
if [ "$t_status" -eq 1 ]; then
	has "--mod: a folder with nothing astray reads" err \
	    "$t_tmp/empty: the mod holds nothing astray reads"
else
	t_fail "--mod: an empty folder" "status $t_status"
fi
t_run "$ASTRAY" --data "$DATA" --mod "$mods/giants" --headless --keys '.'
if [ "$t_status" -eq 1 ]; then
	has "--mod: a second mod of an installed one's name" err \
	    "a mod named \"giants\" is active already"
else
	t_fail "--mod: a second mod of one name" "status $t_status"
fi

t_end
