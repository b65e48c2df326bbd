#!/bin/sh
# modding-doc.sh: the modding guide's examples are real files that work.
#
# docs/modding.md shows a complete terrain table, monster catalogue and
# dungeon, each in the fenced block that follows a marker line
# "<!-- file: tests/data/modding/NAME -->".  Every block must be
# byte-identical to its fixture, so the guide cannot drift from files
# known to load.  Then the game plays the example dungeon headless with
# the example terrain and monsters: it must exit 0 and show the level the
# guide describes with all its monsters.  A copy without the monsters
# (so no fight can end the game early) is played to a dozen turns, and
# its gates and events must be in the state the guide's rules give for
# each.  The error messages the guide quotes must be exactly what the
# game prints for the broken copies the guide describes, the checker's
# output for the guide's cellar (as written, mended, and reached only by
# digging) must be lines the guide quotes, the guide's vaults must pass
# the checker and show in the level its command prints, the guide's
# campaign must pass the checker, start as the guide says and refuse the
# mistake the guide quotes with the guide's line, and a Moving AI map
# must load as a dungeon.
#
# Run by make check with ASTRAY (the astray binary), DATA and top_srcdir
# set.

. "${top_srcdir:-.}/tests/lib.sh"

if [ -z "${ASTRAY:-}" ] || [ ! -x "$ASTRAY" ]; then
	echo "ERROR: ASTRAY must name the astray binary" \
	    "(ASTRAY='${ASTRAY:-}'); run through make check" >&2
	exit 99
fi
t_begin
# Absolute paths: the game runs from inside the scratch folder, so that
# its messages name files as the guide does.
here=$(pwd)
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
doc="$top/docs/modding.md"
fixtures="$top/tests/data/modding"
if [ ! -r "$doc" ]; then
	echo "ERROR: cannot read $doc" >&2
	exit 99
fi
XDG_DATA_HOME="$t_tmp/xdg"
export XDG_DATA_HOME
unset ASTRAY_DATA

# --- 1. each marked block equals its fixture -----------------------------

# Prints the fenced block that follows the marker for a file: extract PATH.
# Fails if there is no marker, or no fence right after it, or no end.
extract() {
	awk -v want="<!-- file: $1 -->" '
		state == 0 && $0 == want { state = 1; next }
		state == 1 && /^```/ { state = 2; next }
		state == 1 { exit }
		state == 2 && $0 == "```" { found = 1; exit }
		state == 2 { print }
		END { exit (found ? 0 : 1) }' "$doc"
}

# The game runs on the fixtures themselves, whatever the guide shows.
mkdir "$t_tmp/mymod"
cp "$fixtures/terrain.txt" "$fixtures/monsters.txt" "$fixtures/example.dun" \
    "$fixtures/items.txt" "$fixtures/cellar.dun" "$fixtures/vaults.txt" \
    "$fixtures/campaign.camp" "$t_tmp/mymod/"
for f in terrain.txt monsters.txt items.txt example.dun cellar.dun vaults.txt \
    campaign.camp; do
	path="tests/data/modding/$f"
	n=$(grep -c -x -F "<!-- file: $path -->" "$doc")
	if [ "$n" -ne 1 ]; then
		t_fail "guide shows $f" "$n marker lines for $path, expected 1"
		continue
	fi
	if ! extract "$path" >"$t_tmp/block"; then
		t_fail "guide shows $f" "no fenced block right after its marker"
		continue
	fi
	if cmp -s "$t_tmp/block" "$fixtures/$f"; then
		t_ok "guide shows $f byte for byte"
	else
		t_fail "guide shows $f" "the block differs from $path,\
 first at: $(diff "$fixtures/$f" "$t_tmp/block" | sed -n 2p)"
	fi
done

# The example layered mod's files, likewise, and the guide's commands
# with it: played by --mod and its dungeon's name, listed by --mods,
# checked whole as the guide shows.
for path in tests/data/mods/giants/monsters.txt \
    tests/data/mods/giants/dungeons/giant-hall.dun; do
	if extract "$path" >"$t_tmp/block" && cmp -s "$t_tmp/block" \
	    "$top/$path"; then
		t_ok "guide shows $path byte for byte"
	else
		t_fail "guide shows $path" "no marked block, or it differs"
	fi
done
mkdir -p "$t_tmp/giants/dungeons"
cp "$top/tests/data/mods/giants/monsters.txt" "$t_tmp/giants/"
cp "$top/tests/data/mods/giants/dungeons/giant-hall.dun" \
    "$t_tmp/giants/dungeons/"
(cd "$t_tmp" && "$ASTRAY" --data "$DATA" --mod giants --headless \
    --dungeon giant-hall --seed 1 --keys . --show-level) >"$t_tmp/out" \
    2>"$t_tmp/err"
if grep -q '^monster hill-giant at' "$t_tmp/out" &&
    grep -q '^monster orc at' "$t_tmp/out"; then
	t_ok "the guide's mod plays: a hill giant beside a shipped orc"
else
	t_fail "the guide's mod plays" "$(t_first_line "$t_tmp/err")"
fi
(cd "$t_tmp" && "$ASTRAY" --data "$DATA" --check giants) >"$t_tmp/out" \
    2>"$t_tmp/err"
for line in "giants/dungeons/giant-hall.dun: ok" \
    "giants: mod giants, 2 files, 0 errors (layer 1, on $DATA)"; do
	if grep -q -x -F "$line" "$t_tmp/out" && grep -q -F -x "    \$ astray \
--check giants" "$doc" && grep -q -F "    ${line%%"(layer"*}" "$doc"; then
		t_ok "the guide's check of its mod: $line"
	else
		t_fail "the guide's check of its mod" "no \"$line\" in" \
		    "$(t_first_line "$t_tmp/out")"
	fi
done

# --- 2. the examples load and play ---------------------------------------

# Prints the character at column X of map row Y of the --show-level output
# in $t_tmp/out (row 0 is the line after "level ...").
cell() {
	awk -v x="$1" -v y="$2" '
		/^level / { row = 0; next }
		row != "" && row == y { print substr($0, x + 1, 1); exit }
		row != "" { row++ }' "$t_tmp/out"
}

# Checks that the cells of a rectangle show a glyph (or a creature on it):
# expect_cells NAME GLYPH X Y W H.
expect_cells() {
	ec_bad=
	ec_y=$4
	while [ "$ec_y" -lt $(($4 + $6)) ]; do
		ec_x=$3
		while [ "$ec_x" -lt $(($3 + $5)) ]; do
			ec_c=$(cell "$ec_x" "$ec_y")
			case $ec_c in
			"$2" | [A-Za-z@]) ;;
			*) ec_bad="$ec_bad $ec_x,$ec_y='$ec_c'" ;;
			esac
			ec_x=$((ec_x + 1))
		done
		ec_y=$((ec_y + 1))
	done
	if [ -z "$ec_bad" ]; then
		t_ok "$1"
	else
		t_fail "$1" "expected '$2' at$ec_bad"
	fi
}

# Prints N dots: N turns of waiting.
waits() {
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "."; print "" }'
}

# The example as written: 45 turns of waiting with every monster about.
cd "$t_tmp" || exit 99
t_run "$ASTRAY" --headless --data mymod --dungeon mymod/example.dun \
    --seed 1 --keys "$(waits 45)" --show-level
cd "$here" || exit 99
if [ "$t_status" -ne 0 ] || [ -s "$t_tmp/err" ]; then
	t_fail "the example dungeon plays" "exit status $t_status:\
 $(t_first_line "$t_tmp/err")"
else
	t_ok "the example dungeon plays with the example data"
fi
want="level The Modder's Sampler, depth 2, 46x15"
if grep -q -x -F "$want" "$t_tmp/out"; then
	t_ok "the example level is named, deep and sized as written"
else
	t_fail "the example level" "no '$want' line"
fi
missing=
for kind in kobold rat zombie goblin eel ghost; do
	grep -q "^monster $kind at " "$t_tmp/out" || missing="$missing $kind"
done
if [ -z "$missing" ]; then
	t_ok "every monster of the legend is in the level"
else
	t_fail "monsters of the legend" "missing:$missing"
fi
# The legend's item lies where the map puts it, as many as its count.
if grep -q -x "item healing-draught at 8,2 count 1 plus 0" "$t_tmp/out"; then
	t_ok "the legend's healing draught lies in the west room"
else
	t_fail "the legend's item" "no 'item healing-draught at 8,2 count 1 plus 0'"
fi
# Nobody dies while the player waits: 8 in the map, 2 of "monsters: 2".
n=$(grep -c '^monster ' "$t_tmp/out")
if [ "$n" -eq 10 ]; then
	t_ok "the map's 8 monsters and \"monsters: 2\" are there"
else
	t_fail "monster count" "$n monster lines, expected 10"
fi

# The clocks, on a copy without monsters (every monster glyph stands for
# the terrain under it, and no "monsters:"), so that no fight can end the
# game before the turns the guide's rules are checked at: a gate is "open
# while (turn - offset) mod every < open-for" (the portcullis every 10
# open-for 4, the tide every 30 open-for 10 offset 15); events happen as
# their turn passes (the cave-in at 30, the plank at 40).
sed -e 's/^legend: \(.\) monster [^ ]* on \(.*\)$/legend: \1 terrain \2/' \
    -e 's/^legend: \(.\) monster .*$/legend: \1 terrain floor/' \
    -e 's/^monsters: 2$/monsters: 0/' \
    "$fixtures/example.dun" >"$t_tmp/mymod/quiet.dun"
for turn in 0 3 4 14 15 24 25 29 30 39 40 45; do
	cd "$t_tmp" || exit 99
	t_run "$ASTRAY" --headless --data mymod --dungeon mymod/quiet.dun \
	    --seed 1 --keys "$(waits "$turn")" --show-level
	cd "$here" || exit 99
	if [ "$t_status" -ne 0 ] ||
	    ! grep -q "^end turn $turn .* monsters 0 status playing " \
	    "$t_tmp/out"; then
		t_fail "the quiet example at turn $turn" "exit status\
 $t_status: $(t_first_line "$t_tmp/err") $(tail -n 1 "$t_tmp/out")"
		continue
	fi
	if [ $((turn % 10)) -lt 4 ]; then g=/; else g='|'; fi
	expect_cells "turn $turn: the portcullis is '$g'" "$g" 25 4 1 3
	if [ $(((turn + 15) % 30)) -lt 10 ]; then g='='; else g='~'; fi
	expect_cells "turn $turn: the tide ford is '$g'" "$g" 17 10 4 1
	if [ "$turn" -ge 30 ]; then g='*'; else g=.; fi
	expect_cells "turn $turn: the hall's west strip is '$g'" "$g" 11 2 1 5
	if [ "$turn" -ge 40 ]; then g='='; else g=_; fi
	expect_cells "turn $turn: the bridge's plank is '$g'" "$g" 12 10 1 1
done

# --- 3. the messages the guide quotes are the game's -----------------------

# Breaks a copy of one example file with a sed script, runs the example
# from the folder that holds the broken copies (as the guide does, so the
# message names mymod/FILE), and checks that the one line on stderr is a
# line of the guide, indented as a code block: expect_error NAME FILE
# SED-SCRIPT.
expect_error() {
	rm -rf "$t_tmp/broken"
	mkdir "$t_tmp/broken" "$t_tmp/broken/mymod"
	cp "$fixtures/terrain.txt" "$fixtures/monsters.txt" \
	    "$fixtures/example.dun" "$fixtures/items.txt" \
	    "$t_tmp/broken/mymod/"
	sed "$3" "$fixtures/$2" >"$t_tmp/broken/mymod/$2"
	if cmp -s "$t_tmp/broken/mymod/$2" "$fixtures/$2"; then
		t_fail "$1" "the sed script changed nothing in $2"
		return
	fi
	cd "$t_tmp/broken" || exit 99
	t_run "$ASTRAY" --headless --data mymod --dungeon mymod/example.dun \
	    --seed 1 --keys .
	cd "$here" || exit 99
	ee_line=$(t_first_line "$t_tmp/err")
	echo "    $ee_line" >>"$t_tmp/quoted"
	if [ "$t_status" -ne 1 ]; then
		t_fail "$1" "exit status $t_status, expected 1 ($ee_line)"
	elif [ "$(t_lines "$t_tmp/err")" -ne 1 ] || [ -s "$t_tmp/out" ]; then
		t_fail "$1" "expected one line on stderr and nothing on stdout"
	elif grep -q -x -F "    $ee_line" "$doc"; then
		t_ok "$1: the guide quotes the message"
	else
		t_fail "$1" "the guide does not quote: $ee_line"
	fi
}

expect_error "terrain: unknown class" terrain.txt \
    '/^terrain bridge$/,/cost/s/ fly=1/ fly=1 ghost=1/'
expect_error "terrain: unknown transition" terrain.txt \
    's/collapse deep-water$/collapse deep_water/'
expect_error "terrain: a required terrain missing" terrain.txt \
    's/^terrain amulet$/terrain trophy/'
expect_error "monsters: unknown planner" monsters.txt \
    's/planner field$/planner dijkstra/'
expect_error "monsters: a required key missing" monsters.txt \
    '/^monster kobold$/,/^$/{/planner astar$/d;}'
expect_error "items: unknown effect" items.txt \
    's/effect noise$/effect ring/'
expect_error "items: a spike without its terrain" items.txt \
    '/^	terrain gate-closed$/d'
expect_error "items: a terrain's glyph" items.txt \
    's/^	glyph }$/	glyph */'
expect_error "items: a noun that does not say how it counts" items.txt \
    's/^	noun plural bog seeds$/	noun many bog seeds/'
expect_error "dungeon: unknown terrain in an event" example.dun \
    's/^event: 40 12,10 deep-water$/event: 40 12,10 deep-lake/'
expect_error "dungeon: unknown item" example.dun \
    's/^legend: ! item healing-draught$/legend: ! item healing-potion/'
expect_error "dungeon: a monster on terrain it cannot enter" example.dun \
    's/^legend: E monster eel on deep-water$/legend: E monster eel/'
expect_error "dungeon: '#' as a legend glyph" example.dun \
    's/^legend: : terrain rubble$/legend: # terrain rubble/'
expect_error "dungeon: a short map row" example.dun \
    's/^%####\.___________TTTT_/%####.__________TTTT_/'
expect_error "dungeon: gate with no schedule" example.dun \
    's/ every 10 open-for 4$/ every 10/'

# --- 4. the checker says what the guide says --------------------------------

# Checks mymod/FILE (the cellar as written, or a copy mended by a sed
# script) and holds the output against the guide: it must have LINES
# lines, each quoted in the guide as a code line, and exit with STATUS:
# expect_check NAME FILE STATUS LINES.
expect_check() {
	cd "$t_tmp" || exit 99
	t_run "$ASTRAY" --check --data mymod "mymod/$2"
	cd "$here" || exit 99
	ec_missing=$(while IFS= read -r ec_line; do
		grep -q -x -F "    $ec_line" "$doc" || echo "$ec_line"
	done <"$t_tmp/out" | sed -n 1p)
	if [ "$t_status" -ne "$3" ]; then
		t_fail "$1" "exit status $t_status, expected $3"
	elif [ "$(t_lines "$t_tmp/out")" -ne "$4" ] || [ -s "$t_tmp/err" ]; then
		t_fail "$1" "$(t_lines "$t_tmp/out") lines on stdout, expected" \
		    "$4, and nothing on stderr"
	elif [ -n "$ec_missing" ]; then
		t_fail "$1" "the guide does not quote: $ec_missing"
	else
		t_ok "$1: the guide quotes all $4 lines"
	fi
}

expect_check "--check on the cellar: five errors" cellar.dun 1 6
# Mended as the guide says, then without the hatch as it says.
mv "$t_tmp/mymod/cellar.dun" "$t_tmp/mymod/cellar.orig"
sed -e 's/monster rats$/monster rat/' -e 's/gate trapdoor$/gate hatch/' \
    -e 's/X/H/' -e 's/^%%%%%%%%%%%%%%$/%%%%%%%%%%%%%%%/' \
    "$t_tmp/mymod/cellar.orig" >"$t_tmp/mymod/cellar.dun"
expect_check "--check on the mended cellar: ok" cellar.dun 0 1
sed -e '/^gate: hatch/d' -e '/^legend: H/d' -e 's/X/#/' \
    -e 's/monster rats$/monster rat/' \
    -e 's/^%%%%%%%%%%%%%%$/%%%%%%%%%%%%%%%/' \
    "$t_tmp/mymod/cellar.orig" >"$t_tmp/mymod/cellar.dun"
expect_check "--check on the cellar without its hatch: a warning" \
    cellar.dun 0 2
mv "$t_tmp/mymod/cellar.orig" "$t_tmp/mymod/cellar.dun"

# --- 4b. the example items on generated levels -------------------------------
# A seed whose player starts beside an item of the guide's file (found from
# the level text, so the case follows generation): the item is picked up
# with g and is in the pack, dropped with d and is on the floor again.
item_case=
for s in $(seq 1 300); do
	cd "$t_tmp" || exit 99
	t_run "$ASTRAY" --headless --data mymod --seed "$s" --show-level
	cd "$here" || exit 99
	item_case=$(LC_ALL=C awk '
	NR == 1 { next }
	/^item / { split($4, p, ","); at[p[1] "," p[2]] = $2; next }
	/^(monster|end|pack) / { next }
	{ if ((i = index($0, "@")) > 0) { px = i - 1; py = NR - 2 } }
	END {
		if (at[(px + 1) "," py] != "") print "l", at[(px + 1) "," py], px + 1, py
		else if (at[(px - 1) "," py] != "") print "h", at[(px - 1) "," py], px - 1, py
		else if (at[px "," (py + 1)] != "") print "j", at[px "," (py + 1)], px, py + 1
		else if (at[px "," (py - 1)] != "") print "k", at[px "," (py - 1)], px, py - 1
	}' "$t_tmp/out")
	[ -n "$item_case" ] && break
done
if [ -z "$item_case" ]; then
	t_fail "the guide's items" "no seed from 1 to 300 starts beside one"
else
	set -- $item_case
	grep -q "^item $2\$" "$fixtures/items.txt" ||
	    t_fail "the guide's items" "$2 is not an item of the guide's file"
	cd "$t_tmp" || exit 99
	t_run "$ASTRAY" --headless --data mymod --seed "$s" --keys "${1}g" \
	    --show-level
	cd "$here" || exit 99
	if [ "$t_status" -eq 0 ] && grep -q "^pack a $2 count " "$t_tmp/out" &&
	    ! grep -q "^item $2 at $3,$4 " "$t_tmp/out"; then
		t_ok "a guide's item is picked up with g (seed $s, $2)"
	else
		t_fail "the guide's items: g" "status $t_status: no 'pack a $2'"
	fi
	cd "$t_tmp" || exit 99
	t_run "$ASTRAY" --headless --data mymod --seed "$s" \
	    --keys "${1}gda" --show-level
	cd "$here" || exit 99
	if [ "$t_status" -eq 0 ] && ! grep -q "^pack a " "$t_tmp/out" &&
	    grep -q "^item $2 at $3,$4 " "$t_tmp/out"; then
		t_ok "and dropped with d a, where the player stands"
	else
		t_fail "the guide's items: d" "status $t_status: not on the floor"
	fi
fi

# --- 5. the guide's vaults: checked, and in a generated level ----------

# The checker passes them; the guide's command shows the guard post of
# goblins and rats (and the level differs from the one without vaults).
cd "$t_tmp" || exit 99
t_run "$ASTRAY" --check --data mymod mymod/vaults.txt
if [ "$t_status" -eq 0 ] && grep -q -x "mymod/vaults.txt: ok" "$t_tmp/out"
then
	t_ok "--check on the guide's vaults: ok"
else
	t_fail "--check vaults" "status $t_status, $(t_first_line "$t_tmp/out")"
fi
t_run "$ASTRAY" --headless --data mymod --seed 3 --keys '' --show-level
if [ "$t_status" -eq 0 ] &&
    [ "$(grep -c '^monster goblin ' "$t_tmp/out")" -ge 2 ] &&
    grep -q '#rrr#' "$t_tmp/out" && grep -q '#\.\.?#' "$t_tmp/out" &&
    grep -q '^item hush-scroll at ' "$t_tmp/out"; then
	t_ok "the guide's command shows the guard post and its scroll"
else
	t_fail "vaults in play" "status $t_status, no guard post" \
	    "($(t_first_line "$t_tmp/err"))"
fi
# The shrine's randomness: five instances, one eel in each; and each of
# the five guard posts shows its one hush scroll.
t_run "$ASTRAY" --check --data mymod --show 5 --seed 1 mymod/vaults.txt
scrolls=$(awk '/: vault / { post = /guard-post/; next }
	post { n += gsub(/\?/, "") } END { print n + 0 }' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ "$scrolls" -eq 5 ]; then
	t_ok "--show 5 on the guide's vaults: a scroll in each guard post"
else
	t_fail "guard post instances" "status $t_status, $scrolls scrolls in 5"
fi
eels=$(awk '/: vault / { shrine = /flooded-shrine/; next }
	shrine { n += gsub(/e/, "") } END { print n + 0 }' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ "$eels" -eq 5 ] &&
    [ "$(grep -c 'vault flooded-shrine, seed' "$t_tmp/out")" -eq 5 ]; then
	t_ok "--show 5 on the guide's vaults: one eel in each shrine"
else
	t_fail "shrine instances" "status $t_status, $eels eels in 5 shrines"
fi
t_run "$ASTRAY" --headless --data mymod --seed 3 --keys '' --show-level
cp "$t_tmp/out" "$t_tmp/with-vaults"
mv mymod/vaults.txt mymod/vaults.off
t_run "$ASTRAY" --headless --data mymod --seed 3 --keys '' --show-level
if [ "$t_status" -eq 0 ] && ! cmp -s "$t_tmp/out" "$t_tmp/with-vaults" &&
    ! grep -q '#rrr#' "$t_tmp/out"; then
	t_ok "without vaults.txt, no guard post"
else
	t_fail "no vaults" "status $t_status, the same level"
fi
mv mymod/vaults.off mymod/vaults.txt
cd "$here" || exit 99

# --- 6. the guide's campaign: checked, played, and its quoted mistake -------

cd "$t_tmp" || exit 99
t_run "$ASTRAY" --check --data mymod mymod/campaign.camp
if [ "$t_status" -eq 0 ] &&
    grep -q -x "mymod/campaign.camp: ok" "$t_tmp/out"; then
	t_ok "--check on the guide's campaign: ok"
else
	t_fail "--check campaign" "status $t_status, $(t_first_line "$t_tmp/out")"
fi
t_run "$ASTRAY" --headless --data mymod --dungeon mymod/campaign.camp \
    --seed 1 --keys '' --show-level --messages
if [ "$t_status" -eq 0 ] &&
    grep -q -x "message 0 You set out on The Modder's Descent." \
    "$t_tmp/out" &&
    grep -q -x "message 0 a warren, the Sampler, and the drowned caves below it." \
    "$t_tmp/out" &&
    grep -q -x "level The Goblin Warren, depth 1, 60x20" "$t_tmp/out" &&
    grep -q '#rrr#' "$t_tmp/out" &&
    [ "$(grep -c '^monster goblin ' "$t_tmp/out")" -ge 2 ]; then
	t_ok "the guide's campaign starts in the warren, with its guard post"
else
	t_fail "the guide's campaign" "status $t_status," \
	    "$(t_first_line "$t_tmp/err")"
fi
sed 's/^	depth 1$/	depth 4/' "$fixtures/campaign.camp" >mymod/campaign.camp
t_run "$ASTRAY" --headless --data mymod --dungeon mymod/campaign.camp \
    --seed 1 --keys ''
cp "$fixtures/campaign.camp" mymod/campaign.camp
echo "    $(t_first_line "$t_tmp/err")" >>"$t_tmp/quoted"
if [ "$t_status" -eq 1 ] &&
    grep -q -x -F "    $(t_first_line "$t_tmp/err")" "$doc" &&
    grep -q 'campaign.camp:19:8: ' "$t_tmp/err"; then
	t_ok "a vault at the wrong depth: the guide quotes the message"
else
	t_fail "campaign mistake" "status $t_status," \
	    "the guide does not quote: $(t_first_line "$t_tmp/err")"
fi
cd "$here" || exit 99

# --- 7. a Moving AI map is a dungeon ---------------------------------------

t_run "$ASTRAY" --headless --data "${DATA:-$top/data}" \
    --dungeon "$top/tests/data/movingai/dao/arena.map" \
    --seed 1 --monsters 3 --keys . --show-level
if [ "$t_status" -ne 0 ]; then
	t_fail "a Moving AI map" "exit status $t_status:\
 $(t_first_line "$t_tmp/err")"
elif ! grep -q -x 'level arena.map, depth 1, 49x49' "$t_tmp/out"; then
	t_fail "a Moving AI map" "no 'level arena.map, depth 1, 49x49' line"
elif [ "$(grep -c '^monster ' "$t_tmp/out")" -ne 3 ]; then
	t_fail "a Moving AI map" "--monsters 3 did not place 3 monsters"
else
	t_ok "a Moving AI map plays as a dungeon, with --monsters"
fi

# --- 8. every message the guide quotes of its example is one made above ----
# The other way round from section 3: a quoted "astray: mymod/..." line
# that no broken copy here makes has drifted from the game.
grep -x '    astray: mymod/.*' "$doc" | sort -u >"$t_tmp/guide-quotes"
sort -u "$t_tmp/quoted" >"$t_tmp/made"
stale=$(comm -23 "$t_tmp/guide-quotes" "$t_tmp/made")
if [ -z "$stale" ]; then
	t_ok "every message the guide quotes of its example is the game's" \
	    "($(t_lines "$t_tmp/guide-quotes") lines)"
else
	t_fail "the guide quotes messages no case here makes" "$stale"
fi

t_end
