#!/bin/sh
# data-check.sh: astray --check on every kind of file, and the messages
# of issue 27.
#
# The checker tells a file's kind by its name, then by the first word of
# its first line that is not blank or a comment (checker.h): the shipped
# terrain, monster and item tables and a key map say ok; a broken one
# names each error at file:line:column, then the file's summary line.  A
# monster or item table checked alone says which files its names were
# looked up in.  Then the messages that misled a modder: a misspelt vault
# key lists the vault's keys and the closest; a campaign naming a
# campaign is one error at its own line; an unknown monster or item comes
# with the closest known names; --dungeon NAME says where it looked; a
# missing items.txt is named as the missing file; lines ended by a lone
# CR read as lines; a no-break space shows as U+00A0; a comment after a
# table line's words is refused at its '#'.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
t_game_env
data=$(cd "$DATA" && pwd) || exit 99
DATA=$data	# as the checker's lines name it
mkdir "$t_tmp/f" || exit 99
cd "$t_tmp/f" || exit 99

# Checks the files against $DATA and compares the output: CASE STATUS
# FILE... <<OUT.
same() {
	t_check_same "$@"
}

# --- the shipped tables, and a key map -----------------------------------
same "the shipped tables say ok, naming what they were read against" 0 \
    "$data/terrain.txt" "$data/monsters.txt" "$data/items.txt" <<OUT
$data/terrain.txt: ok
$data/monsters.txt: ok (names looked up: classes and terrains from $data/terrain.txt, drops from $data/items.txt)
$data/items.txt: ok (names looked up: terrains from $data/terrain.txt)
OUT
printf '# my keys\nbind K north\nunbind k\n' >my.keys
same "a key map says ok" 0 my.keys <<'OUT'
my.keys: ok
OUT

# --- broken tables: every error, each at its place ----------------------
cat >monsters.txt <<'EOF2'
# three kinds of mistake, and a duplicate skipped whole
monster rat
	glyph r
	hp 3
	damage 1-2
	speed 10
	class walk
	planner dstr
	hearing 10 # good ears

monster rat
	glyph R
	hp x

monster bat
	glyph b
	hp 2
	damage 1
	speed 20
	class fli
	planner astar
	drops dagerr 10
	escort ratt 1-2
EOF2
same "a broken monster table: every error, each at its place" 1 \
    monsters.txt <<OUT
monsters.txt:8:10: unknown planner "dstr" (did you mean dstar?) (expected one of astar, cached, dstar, mtdstar, field, crowd, adaptive)
monsters.txt:9:13: comments must be on their own line (a line whose first word starts with '#'), not after a line's words
monsters.txt:11:9: duplicate monster "rat" (first defined at line 2)
monsters.txt:20:8: unknown class "fli" (did you mean fly?) (the terrain table has walk, doors, swim, fly, dig)
monsters.txt:23:9: unknown monster "ratt" in escort (did you mean rat?) (no monster of this file has that name)
monsters.txt:22:8: unknown item "dagerr" in drops (did you mean dagger?) ($data/items.txt has no such item)
monsters.txt: 6 errors, 0 warnings (names looked up: classes and terrains from $data/terrain.txt, drops from $data/items.txt)
OUT
printf 'class walk\nterrain floor\n\tglyph .\n\tcost walk=1\n\topne door\nterrain wall\n\tglyph #\n\tdig flor\n' \
    >terrain.txt
same "a broken terrain table" 1 terrain.txt <<'OUT'
terrain.txt:5:2: unknown key "opne" (did you mean open?) (expected class, terrain, glyph, colour, cost, opaque, stairs, goal, open, close, dig, collapse, hardness, describe or noun)
terrain.txt:8:6: unknown terrain "flor" for "dig" (did you mean floor?) (no terrain block has that name)
terrain.txt: 2 errors, 0 warnings
OUT
# Told by its first word: a file of any name.
printf 'item flask\n\tglyph !\n\teffect heall\n\tpower 2\nitem caltrop\n\tglyph ^\n\teffect scatter\n\tterrain lavva\n' \
    >my-items
same "an item table by its first word" 1 my-items <<OUT
my-items:3:9: unknown effect "heall" (did you mean heal?) (expected heal, teleport, stealth, noise, spike, dig, scatter, weapon, armour, strength, haste, poison, confuse, blind, experience, identify, enchant, map, aggravate, fear, recharge, bolt, slow, blink, missile, launcher or pick)
my-items:6:8: glyph '^' is terrain "lava"'s: the map could not tell them apart
my-items:8:10: unknown terrain "lavva" (did you mean lava?) (not in the terrain table)
my-items: 3 errors, 0 warnings (names looked up: terrains from $data/terrain.txt)
OUT
printf 'bind k nort\nbnd j south\nbind q quit\n' >bad.keys
same "a broken key map" 1 bad.keys <<'OUT'
bad.keys:1:8: "nort" is not a command (did you mean north?) (see the help screen, ?)
bad.keys:2:1: "bnd" is not bind or unbind (did you mean bind?)
bad.keys: 2 errors, 0 warnings
OUT

# --- the messages of issue 27 -------------------------------------------
printf 'vault v\ndepth: 1\nwieght: 3\nrotat: yes\nsbust: . = #:1\nmap\n#E#\n#.#\n###\nend\n' \
    >keys.vault
same "misspelt vault keys: the vault's keys, and the closest" 1 \
    keys.vault <<'OUT'
keys.vault:3:1: unknown key "wieght" (did you mean weight?) (a vault's keys are depth, weight, per-game, entry, rotate, mirror, subst, nsubst, shuffle, tags, orient, subvault, legend, gate and event, then map)
keys.vault:4:1: unknown key "rotat" (did you mean rotate?) (a vault's keys are depth, weight, per-game, entry, rotate, mirror, subst, nsubst, shuffle, tags, orient, subvault, legend, gate and event, then map)
keys.vault:5:1: unknown key "sbust" (did you mean subst or nsubst?) (a vault's keys are depth, weight, per-game, entry, rotate, mirror, subst, nsubst, shuffle, tags, orient, subvault, legend, gate and event, then map)
keys.vault: 3 errors, 0 warnings
OUT
printf 'campaign A\nlevel one\n\tdungeon b.camp\n' >a.camp
printf 'campaign B\nintro hi\nlevel x\n\tgenerate rooms:60x22\n' >b.camp
same "a campaign naming a campaign: one error, at its line" 1 a.camp <<'OUT'
a.camp:3:10: "b.camp" is a campaign, and a campaign cannot name a campaign: a level's "dungeon" is a dungeon file (.dun)
a.camp: 1 error, 0 warnings
OUT
printf 'name: Den\nlegend: o monster orcc\nlegend: p item potion-of-heal\nmap\n#####\n#@op>#\n#####\nend\n' \
    >names.dun
same "an unknown monster or item: the closest known names" 1 names.dun <<'OUT'
names.dun:2:19: unknown monster "orcc" (did you mean orc?)
names.dun:3:16: unknown item "potion-of-heal" (did you mean potion-of-healing?)
names.dun:6:6: row 2 has 6 cells, expected 5
names.dun: 3 errors, 0 warnings
OUT
printf 'name: Gate\ngate: arena open gate-open closed gate-closed every 4 open-for 2\nlegend: G gate arenna\nmap\n#####\n#@G>#\n#####\nend\n' \
    >gate.dun
same "an unknown gate: the closest of the file's gates" 1 gate.dun <<'OUT'
gate.dun:3:9: unknown gate "arenna" (did you mean arena?): define it with "gate: arenna open T closed T every N open-for M"
gate.dun:2: gate "arena" has no cells: give it a glyph ("legend: C gate arena") and put that glyph in the map
gate.dun: 2 errors, 0 warnings
OUT
printf 'campaign V\nlevel one\n\tgenerate rooms:60x22\n\tdepth 3\n\tvault gated-arrena\n' \
    >vault.camp
same "an unknown vault in a campaign: the closest of the file's" 1 \
    vault.camp <<OUT
vault.camp:5:8: no vault "gated-arrena" in $data/vaults.txt (did you mean gated-arena?)
vault.camp: 1 error, 0 warnings
OUT
printf 'name: Hall\nmap\n#####\n#@.>#\n#####\nend\n' | tr '\n' '\r' >cr.dun
same "lines ended by a lone CR" 0 cr.dun <<'OUT'
cr.dun: ok
OUT
printf 'name: Hall\nmap\n#####\n#@\302\240>#\n#####\nend\n' >nbsp.dun
same "a no-break space shows as U+00A0" 1 nbsp.dun <<'OUT'
nbsp.dun:4:3: unknown glyph U+00A0 (not a terrain's glyph, '@' or in the legend)
nbsp.dun: 1 error, 0 warnings
OUT

# A data folder without items.txt: the vaults' items name the file.
mkdir nodata || exit 99
cp "$data/terrain.txt" "$data/monsters.txt" "$data/vaults.txt" nodata/ ||
    exit 99
t_run "$ASTRAY" --headless --data nodata --seed 1 --keys .
if [ "$t_status" -eq 1 ] &&
    grep -q "no item is known, since the item file nodata/items.txt does not exist" \
    "$t_tmp/err"; then
	t_ok "a missing items.txt is named"
else
	t_fail "missing items.txt" "status $t_status," \
	    "$(t_first_line "$t_tmp/err")"
fi

# --dungeon NAME found nowhere: each place looked in.
t_run "$ASTRAY" --headless --data "$data" --seed 1 --keys . --dungeon nope
if [ "$t_status" -eq 1 ] && [ "$(cat "$t_tmp/err")" = "astray: --dungeon nope: no such file; looked for nope here, $data/dungeons/nope.dun and $data/campaigns/nope.camp" ]
then
	t_ok "--dungeon nope says where it looked"
else
	t_fail "--dungeon nope" "status $t_status," \
	    "$(t_first_line "$t_tmp/err")"
fi

t_end
