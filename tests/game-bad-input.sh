#!/bin/sh
# game-bad-input.sh: the headless game must refuse every broken file cleanly.
#
# Dungeon files, terrain.txt and monsters.txt, saves and replays, each
# with one defect (the fixtures in tests/data/game-bad, described in its
# README.md, or files made here in the scratch folder).  For each, astray
# --headless must exit with status 1 (bad input: 2 is for usage, and 128
# or more is a crash), print nothing on stdout, and print one line on
# stderr, "astray: FILE:LINE[:COLUMN]: message" for the text formats (the
# exact line, and the column where the defect has one) or "astray: FILE:
# message" for saves and whole-file defects, with words that say what is
# wrong.  A refused save is left in place byte for byte, even when the
# keys end with 'S' (save and quit), and a new game never writes over it.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
bad=$(cd "${top_srcdir:-.}/tests/data/game-bad" && pwd) || exit 99
LC_ALL=C
export LC_ALL
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA
save=$XDG_DATA_HOME/astray/astray.save

# fail and ok with the reason or name in several words: fail NAME WHY...
fail() {
	f_name=$1
	shift
	t_fail "$f_name" "$*"
}
ok() {
	t_ok "$*"
}

# Checks one refusal: expect CASE WHERE WORDS CMD [ARG...].  WHERE is the
# start of the message after "astray: " ("FILE:3:9: ", "FILE:6: " or
# "FILE: "); WORDS, a grep -E pattern the message must match.
expect() {
	e_case=$1
	e_where=$2
	e_words=$3
	shift 3
	t_run "$@"
	e_line=$(t_first_line "$t_tmp/err")
	if [ "$t_status" -ge 128 ]; then
		fail "$e_case" "crashed: exit status $t_status ($e_line)"
		return 1
	fi
	if [ "$t_status" -ne 1 ]; then
		fail "$e_case" "exit status $t_status, expected 1 ($e_line)"
		return 1
	fi
	if [ -s "$t_tmp/out" ]; then
		fail "$e_case" "wrote to stdout: $(t_first_line "$t_tmp/out")"
		return 1
	fi
	if [ "$(t_lines "$t_tmp/err")" -ne 1 ]; then
		fail "$e_case" "$(t_lines "$t_tmp/err") lines on stderr," \
		    "expected 1"
		return 1
	fi
	case $e_line in
	"astray: $e_where"*) ;;
	*)
		fail "$e_case" "message does not start \"astray:" \
		    "$e_where\": $e_line"
		return 1
		;;
	esac
	if ! echo "$e_line" | grep -E -q "$e_words"; then
		fail "$e_case" "message lacks /$e_words/: $e_line"
		return 1
	fi
	ok "$e_case (${e_line#"astray: $e_where"})"
	return 0
}

# --- dungeon files ---
for spec in \
    "unknown-key.dun|4:1|unknown key \"colour\"" \
    "no-map.dun|4|ends before its \"map\" line" \
    "no-end.dun|6|no \"end\" line" \
    "ragged.dun|6|row 3 has 5 cells, expected 7" \
    "unknown-glyph.dun|6:4|unknown glyph 'Z'" \
    "duplicate-legend.dun|4:9|'A' is already in the legend \\(line 3\\)" \
    "absurd-depth.dun|3:8|depth \"100000\" is not a number from 1 to 100" \
    "huge.map|2:8|height 5000 is too big" \
    "pocket.dun|7:3|the player starts here, in a pocket" \
    "walled-in.dun|7:2|the player starts here, walled in" \
    "no-room.dun||no stairs, no goal and no two floor cells that touch" \
    "empty.dun||empty file"; do
	f=${spec%%|*}
	rest=${spec#*|}
	at=${rest%%|*}
	words=${rest#*|}
	if [ -n "$at" ]; then
		where="$bad/$f:$at: "
	else
		where="$bad/$f: "
	fi
	expect "dungeon $f" "$where" "$words" \
	    "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$bad/$f"
done

# A row wider than a dungeon may be, and a map with more rows than that.
{
	echo "name: Wide"
	echo "map"
	awk 'BEGIN { s = ""; for (i = 0; i < 1100; i++) s = s "."; print s }'
	echo "end"
} >"$t_tmp/wide.dun"
expect "dungeon with a 1100-cell row" "$t_tmp/wide.dun:3:1025: " \
    "wider than 1024" \
    "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$t_tmp/wide.dun"
{
	echo "name: Tall"
	echo "map"
	awk 'BEGIN { for (i = 0; i < 1100; i++) print "..." }'
	echo "end"
} >"$t_tmp/tall.dun"
expect "dungeon with 1100 rows" "$t_tmp/tall.dun:1027: " \
    "more than 1024 rows" \
    "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$t_tmp/tall.dun"
expect "dungeon file that does not exist" "$t_tmp/none.dun: " \
    "cannot open" \
    "$ASTRAY" --headless --data "$DATA" --seed 1 --dungeon "$t_tmp/none.dun"

# --- terrain.txt and monsters.txt ---
# Each fixture is a few lines appended to a copy of the real file, so the
# defect's line is the real file's length plus its line in the fixture.
for spec in \
    "terrain-unknown-key.txt|5:2|unknown key \"weight\"" \
    "terrain-duplicate.txt|3:9|duplicate terrain \"floor\"" \
    "terrain-absurd-cost.txt|5:12|cost \"1000\" is not a number" \
    "terrain-no-glyph.txt|3:1|\"moss\" has no glyph" \
    "monsters-unknown-key.txt|11:2|unknown key \"weight\"" \
    "monsters-duplicate.txt|3:9|duplicate monster \"rat\"" \
    "monsters-absurd-hp.txt|5:5|hp \"4000000000\" is not a number" \
    "monsters-missing-fields.txt|3:1|\"ghoul\" has no \"damage\""; do
	f=${spec%%|*}
	rest=${spec#*|}
	at=${rest%%|*}
	words=${rest#*|}
	which=${f%%-*}.txt
	rm -rf "$t_tmp/data"
	mkdir "$t_tmp/data"
	cp "$DATA/terrain.txt" "$DATA/monsters.txt" "$t_tmp/data/"
	# awk ends the last line, so the fixture starts on a line of its own.
	awk '{ print }' "$DATA/$which" >"$t_tmp/data/$which"
	base=$(t_lines "$t_tmp/data/$which")
	cat "$bad/$f" >>"$t_tmp/data/$which"
	line=$((base + ${at%%:*}))
	expect "$which + $f" "$t_tmp/data/$which:$line:${at#*:}: " "$words" \
	    "$ASTRAY" --headless --data "$t_tmp/data" --seed 1
done
rm -rf "$t_tmp/data"
mkdir "$t_tmp/data"
cp "$DATA/monsters.txt" "$t_tmp/data/"
expect "data folder without terrain.txt" "$t_tmp/data/terrain.txt: " \
    "cannot open" "$ASTRAY" --headless --data "$t_tmp/data" --seed 1

# --- saves ---
# A good save to damage: a few turns of seed 2, then 'S'.
rm -rf "$XDG_DATA_HOME"
t_run "$ASTRAY" --headless --data "$DATA" --seed 2 --keys 'hjkl..S'
if [ "$t_status" -ne 0 ] || [ ! -f "$save" ]; then
	fail "saves" "cannot make a save to damage: status $t_status:" \
	    "$(t_first_line "$t_tmp/err")"
	t_end
fi
cp "$save" "$t_tmp/good.save"
size=$(wc -c <"$t_tmp/good.save")
size=$((size + 0))
# Bytes: "ASTRAYSAVE", version (4), the data signature's length (8) and
# the signature, the payload's length (8) and the payload, and a checksum
# (8) of everything after the version.
slen=$(od -An -v -tu1 -j 14 -N 8 "$t_tmp/good.save" |
    awk '{ for (i = NF; i >= 1; i--) v = v * 256 + $i } END { print v }')
payload=$((size - 14 - 8 - slen - 8 - 8))

# Prints the file's byte at an offset, in decimal: byte_at FILE OFFSET.
byte_at() {
	od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' \n'
}

# Overwrites one byte of a file: put_byte FILE OFFSET VALUE.
put_byte() {
	# shellcheck disable=SC2059
	printf "$(printf '\\%03o' "$3")" |
	    dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# Prints two lines of printf escapes, the 8-byte little-endian length and
# FNV-1a checksum of a file, as a save's header and trailer hold them:
# save_seal PAYLOAD.  (64-bit arithmetic in 16-bit limbs: awk has only
# doubles.)
save_seal() {
	od -An -v -tu1 "$1" | awk '
	function xor8(a, b,    x, p, k) {
		x = 0
		p = 1
		for (k = 0; k < 8; k++) {
			if (a % 2 != b % 2)
				x += p
			a = int(a / 2)
			b = int(b / 2)
			p *= 2
		}
		return x
	}
	function le(v,    s, k) {
		s = ""
		for (k = 0; k < 4; k++)
			s = s sprintf("\\%03o\\%03o", v[k] % 256,
			    int(v[k] / 256))
		return s
	}
	BEGIN {
		# 0xcbf29ce484222325, least significant limb first
		h[0] = 8997; h[1] = 33826; h[2] = 40164; h[3] = 52210
		n = 0
	}
	{
		for (i = 1; i <= NF; i++) {
			n++
			lo = h[0] % 256
			h[0] = h[0] - lo + xor8(lo, $i)
			# h *= 2^40 + 0x1b3, modulo 2^64
			c = 0
			for (k = 0; k < 4; k++) {
				t = h[k] * 435 + c
				r[k] = t % 65536
				c = int(t / 65536)
			}
			c = 0
			for (k = 0; k < 4; k++) {
				t = h[k] * 256 + c
				u[k] = t % 65536
				c = int(t / 65536)
			}
			c = 0
			for (k = 0; k < 4; k++) {
				t = r[k] + (k >= 2 ? u[k - 2] : 0) + c
				h[k] = t % 65536
				c = int(t / 65536)
			}
		}
	}
	END {
		for (k = 0; k < 4; k++) {
			len[k] = n % 65536
			n = int(n / 65536)
		}
		print le(len)
		print le(h)
	}'
}

# Writes a save around a payload, with the good save's header and data
# signature, and the payload's length and the checksum made to match:
# seal_save PAYLOAD OUT.
seal_save() {
	save_seal "$1" >"$t_tmp/seal"
	{
		tail -c +15 "$t_tmp/good.save" | head -c $((8 + slen))
		# shellcheck disable=SC2059
		printf "$(sed -n 1p "$t_tmp/seal")"
		cat "$1"
	} >"$t_tmp/body"
	save_seal "$t_tmp/body" >"$t_tmp/seal"
	{
		head -c 14 "$t_tmp/good.save"
		cat "$t_tmp/body"
		# shellcheck disable=SC2059
		printf "$(sed -n 2p "$t_tmp/seal")"
	} >"$2"
}

tail -c +$((14 + 8 + slen + 8 + 1)) "$t_tmp/good.save" |
    head -c "$payload" >"$t_tmp/payload"
seal_save "$t_tmp/payload" "$t_tmp/resealed"
if cmp -s "$t_tmp/resealed" "$t_tmp/good.save"; then
	ok "save layout understood: a resealed payload gives the same save"
	sealing=1
else
	fail "save layout" "resealing the payload does not give the save" \
	    "back; the checksum-fixing cases are skipped"
	sealing=0
fi

# Restores a damaged save and checks the refusal; the save must be left
# byte for byte: save_case CASE WORDS [ASTRAY ARG...].  The keys end with
# 'S', so a game that wrongly went on would write over the save.
save_case() {
	s_case=$1
	s_words=$2
	shift 2
	cp "$save" "$t_tmp/before.save" 2>/dev/null ||
	    cp -R "$save" "$t_tmp/before.save"
	if expect "save: $s_case" "$save: " "$s_words" "$ASTRAY" --headless \
	    --data "$DATA" --keys '..S' "$@"; then
		if [ -d "$save" ] || cmp -s "$save" "$t_tmp/before.save"; then
			ok "save: $s_case: left in place, unchanged"
		else
			fail "save: $s_case" "the save was changed or removed"
		fi
	fi
	rm -rf "$t_tmp/before.save"
}

dd if="$t_tmp/good.save" of="$save" bs=$((size / 2)) count=1 2>/dev/null
save_case "truncated to half" "truncated"

cp "$t_tmp/good.save" "$save"
middle=$((size / 2))
put_byte "$save" "$middle" $((255 - $(byte_at "$save" "$middle")))
save_case "one byte flipped in the middle" "checksum does not match"

cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 10
save_case "format version 10" "format 10, made by a newer astray"

# A real save of format 1, made by astray before issue 12.
cp "$bad/format-1.save" "$save"
save_case "format version 1 (an older astray's)" \
    "format 1, made by an older astray; this one reads format 9 only"

# Format 2, before items (issue 15): the same byte, one lower.
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 2
save_case "format version 2 (before items)" \
    "format 2, made by an older astray; this one reads format 9 only"

# Format 3, before campaigns (issue 16).
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 3
save_case "format version 3 (before campaigns)" \
    "format 3, made by an older astray; this one reads format 9 only"

# Format 4, before the player's memory of each cell (issue 15).
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 4
save_case "format version 4 (before remembered cells)" \
    "format 4, made by an older astray; this one reads format 9 only"

# Format 5, before exploring's marks (the items seen and the cells
# trodden, issue 24).
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 5
save_case "format version 5 (before the items seen and cells trodden)" \
    "format 5, made by an older astray; this one reads format 9 only"

# Format 6, before enchantment, charges and identification (issue 25).
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 6
save_case "format version 6 (before enchantment and identification)" \
    "format 6, made by an older astray; this one reads format 9 only"

# Format 7, before issue 26's monsters (summoners, interceptors, door
# holders, diggers, thieves, the peaceful, escorts) and ten depths.
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 7
save_case "format version 7 (before the monsters of issue 26)" \
    "format 7, made by an older astray; this one reads format 9 only"

# Format 8, before mods (issue 27): a save that names no mods.
cp "$t_tmp/good.save" "$save"
put_byte "$save" 10 8
save_case "format version 8 (before mods)" \
    "format 8, made by an older astray; this one reads format 9 only"

cp "$t_tmp/good.save" "$save"
put_byte "$save" 11 1
save_case "format version 265" "format 265"

cp "$t_tmp/good.save" "$save"
printf 'junk' >>"$save"
save_case "junk after the checksum" "junk at its end"

: >"$save"
save_case "empty" "not an astray save"

printf 'ASTRAYSAV' >"$save"
save_case "9 bytes of the magic" "not an astray save"

echo "this is not a save" >"$save"
save_case "a text file" "not an astray save"

rm -f "$save"
mkdir "$save"
save_case "a directory" "directory"
rmdir "$save"

# A save of other data files: one rat's hit points changed.
rm -rf "$t_tmp/data"
mkdir "$t_tmp/data"
cp "$DATA/terrain.txt" "$t_tmp/data/"
awk '/^monster / { name = $2 }
	name == "rat" && $1 == "hp" && !done { $0 = "\thp " $2 + 1; done = 1 }
	{ print }' "$DATA/monsters.txt" >"$t_tmp/data/monsters.txt"
cp "$t_tmp/good.save" "$save"
if cmp -s "$DATA/monsters.txt" "$t_tmp/data/monsters.txt"; then
	fail "save: other data files" "could not change the rat's hp"
else
	save_case "made with other data files" "other data files" \
	    --data "$t_tmp/data"
fi

# With a checksum that matches: the loader's own checks must catch it.
if [ "$sealing" -eq 1 ]; then
	dd if="$t_tmp/payload" of="$t_tmp/half" bs=$((payload / 2)) count=1 \
	    2>/dev/null
	seal_save "$t_tmp/half" "$save"
	save_case "payload cut in half, checksum fixed" "is damaged"

	cp "$t_tmp/payload" "$t_tmp/longer"
	printf '\000\000\000\000' >>"$t_tmp/longer"
	seal_save "$t_tmp/longer" "$save"
	save_case "payload with 4 extra bytes, checksum fixed" "is damaged"

	# Counters at extremes a game cannot reach, the checksum fixed: the
	# payload of a generated game starts with the seed (8 bytes), an
	# empty dungeon name (4), depth, depths, monsters and the turn (8
	# each, at 36), the status (1), the score (8), an empty end (4), x, y,
	# hp, hp_max, damages and the kills (8 each, at 105).
	for field in turn:36 kills:105 hp:73; do
		at=${field#*:}
		cp "$t_tmp/payload" "$t_tmp/extreme"
		put_byte "$t_tmp/extreme" "$at" 255
		put_byte "$t_tmp/extreme" $((at + 1)) 255
		put_byte "$t_tmp/extreme" $((at + 2)) 255
		put_byte "$t_tmp/extreme" $((at + 3)) 127
		seal_save "$t_tmp/extreme" "$save"
		save_case "${field%:*} 2147483647, checksum fixed" \
		    "the save is damaged: .*bad"
	done

	# Bytes flipped across the payload, the checksum fixed each time:
	# refused or played, never a crash.  A flip can land on something
	# harmless (a remembered tile, a message), so playing on is allowed.
	k=1
	crashes=0
	played=0
	refused=0
	while [ "$k" -le 12 ]; do
		at=$(((payload - 1) * k / 13))
		cp "$t_tmp/payload" "$t_tmp/flipped"
		put_byte "$t_tmp/flipped" "$at" \
		    $((255 - $(byte_at "$t_tmp/flipped" "$at")))
		seal_save "$t_tmp/flipped" "$save"
		cp "$save" "$t_tmp/before.save"
		t_run "$ASTRAY" --headless --data "$DATA" --keys 'hjklyubn....'
		if [ "$t_status" -ge 2 ]; then
			crashes=$((crashes + 1))
			fail "save: byte $at flipped, checksum fixed" \
			    "exit status $t_status:" \
			    "$(t_first_line "$t_tmp/err")"
		elif [ "$t_status" -eq 1 ]; then
			refused=$((refused + 1))
			if ! cmp -s "$save" "$t_tmp/before.save"; then
				fail "save: byte $at flipped, checksum fixed" \
				    "refused, but the save was changed"
			fi
		else
			played=$((played + 1))
		fi
		k=$((k + 1))
	done
	if [ "$crashes" -eq 0 ]; then
		ok "save: 12 bytes flipped with the checksum fixed: no" \
		    "crash ($refused refused, $played played on)"
	fi
fi

# A new game never overwrites a save it could not read.
cp "$t_tmp/good.save" "$save"
put_byte "$save" "$middle" $((255 - $(byte_at "$save" "$middle")))
cp "$save" "$t_tmp/before.save"
t_run "$ASTRAY" --headless --data "$DATA" --seed 1 --keys 'hjS'
if [ "$t_status" -eq 1 ] && grep -q 'holds another saved game' \
    "$t_tmp/err" && cmp -s "$save" "$t_tmp/before.save"; then
	ok "save: a new game ending with 'S' leaves a damaged save alone"
else
	fail "save: new game over a damaged save" "status $t_status," \
	    "save $(cmp -s "$save" "$t_tmp/before.save" && echo kept ||
	    echo changed): $(t_first_line "$t_tmp/err")"
fi
rm -rf "$XDG_DATA_HOME" "$t_tmp/before.save"

# --- replays ---
for spec in \
    "unknown-line.replay|3:1|unknown line \"speed\"" \
    "bad-seed.replay|2:6|seed \"12ab\" is not a number" \
    "huge-seed.replay|2:6|is not a number" \
    "truncated.replay|2:1|expected a key and one value" \
    "wrong-version.replay|1:1|expected \"astray-replay 1\"" \
    "bad-depths.replay|3:8|depths \"0\" is not a number from 1 to 100" \
    "control-key.replay|3:9|x01 is not a game key" \
    "utf8-key.replay|3:10|xc3 is not a game key" \
    "non-game-key.replay|3:10|'?Z'? is not a (game )?key" \
    "no-seed.replay||has no seed line" \
    "empty.replay||empty file"; do
	f=${spec%%|*}
	rest=${spec#*|}
	at=${rest%%|*}
	words=${rest#*|}
	if [ -n "$at" ]; then
		where="$bad/$f:$at: "
	else
		where="$bad/$f: "
	fi
	expect "replay $f" "$where" "$words" \
	    "$ASTRAY" --headless --data "$DATA" --replay "$bad/$f"
done
# The replay names a dungeon relative to where astray runs.
expect "replay missing-dungeon.replay" "" \
    "no-such-dungeon\\.dun.*cannot open" \
    "$ASTRAY" --headless --data "$DATA" --replay "$bad/missing-dungeon.replay"
expect "replay file that does not exist" "$t_tmp/none.replay: " \
    "cannot open" "$ASTRAY" --headless --data "$DATA" --replay \
    "$t_tmp/none.replay"
expect "replay that is a directory" "$t_tmp: " "directory" \
    "$ASTRAY" --headless --data "$DATA" --replay "$t_tmp"

t_end
