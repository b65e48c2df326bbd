#!/bin/sh
# bom.sh: a UTF-8 byte-order mark at the start of a text file is no error.
#
# Some editors (Notepad, among others) begin every file they save with
# the bytes EF BB BF.  For each kind of text file astray reads, the case
# runs the real program twice, on the file as shipped and on a copy with
# a byte-order mark put in front (and, for files read in pairs, on both
# with one), and wants the same output (but for timings) and exit status
# 0 both times:
# dungeon files, terrain.txt and monsters.txt, replays, Moving AI maps
# and scenarios, GPPC scenarios and their patch files, hand-typed grids.
# Key map files are read only by the terminal game: check_keymap tests
# them.
#
# Run by make check with ASTRAY, LAB, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

if [ -z "${ASTRAY:-}" ] || [ ! -x "$ASTRAY" ] || [ -z "${DATA:-}" ]; then
	echo "ERROR: ASTRAY and DATA must be set; run through make check" >&2
	exit 99
fi
t_need_lab
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA
plain=$t_tmp/plain
bom=$t_tmp/bom
mkdir -p "$plain" "$bom"

# Copies a file as it is into plain/ and with a BOM into bom/: mark FILE.
mark() {
	cp "$1" "$plain/$(basename "$1")"
	{ printf '\357\273\277'; cat "$1"; } >"$bom/$(basename "$1")"
}

# Runs the same command on plain/ and bom/ (the word DIR in the arguments
# stands for either) and compares: same CASE ARG...
same() {
	s_name=$1
	shift
	for s_dir in plain bom; do
		s_args=
		for s_arg in "$@"; do
			s_arg=$(printf '%s' "$s_arg" | sed "s|DIR|$t_tmp/$s_dir|g")
			s_args="$s_args '$s_arg'"
		done
		t_status=0
		eval "$s_args" >"$t_tmp/out.$s_dir" 2>"$t_tmp/err.$s_dir" \
		    </dev/null || t_status=$?
		# Timings (the last column of a CSV) differ from run to run.
		sed "s|$t_tmp/$s_dir|DIR|g" "$t_tmp/out.$s_dir" |
		    if [ -n "${drop_last:-}" ]; then
			sed 's/,[^,]*$//'
		    else
			cat
		    fi >"$t_tmp/cmp.$s_dir"
		eval "st_$s_dir=$t_status"
	done
	# shellcheck disable=SC2154
	if [ "$st_plain" -ne 0 ]; then
		t_fail "$s_name" "fails without a BOM: $(cat "$t_tmp/err.plain")"
	elif [ "$st_bom" -ne 0 ]; then
		t_fail "$s_name" "with a BOM: $(sed -n 1p "$t_tmp/err.bom")"
	elif ! cmp -s "$t_tmp/cmp.plain" "$t_tmp/cmp.bom"; then
		t_fail "$s_name" "the output differs with a BOM"
	else
		t_ok "$s_name with a BOM: the same"
	fi
}

mark "$DATA/dungeons/door-maze.dun"
same "dungeon file" "$ASTRAY" --headless --data "$DATA" --seed 3 \
    --dungeon DIR/door-maze.dun --keys lljj --show-level

mark "$DATA/terrain.txt"
mark "$DATA/monsters.txt"
same "terrain.txt and monsters.txt" "$ASTRAY" --headless --data DIR \
    --seed 3 --keys lljj --show-level

printf 'astray-replay 1\nseed 4\nkeys lljjhh\n' >"$t_tmp/game.replay"
mark "$t_tmp/game.replay"
same "replay file" "$ASTRAY" --headless --data "$DATA" \
    --replay DIR/game.replay

mark "$top/tests/data/movingai/dao/arena.map"
mark "$top/tests/data/movingai/dao/arena.map.scen"
drop_last=yes
same "Moving AI map and scenario" "$LAB" scen --csv DIR/arena.map.scen
same "Moving AI map as a dungeon" "$ASTRAY" --headless --data "$DATA" \
    --seed 1 --dungeon DIR/arena.map --keys ll

mark "$top/tests/data/dyn/rooms-32x24.scen"
mark "$top/tests/data/dyn/rooms-32x24.patch"
same "GPPC scenario and patch file" "$LAB" dyn --csv DIR/rooms-32x24.scen
drop_last=

mark "$top/tests/data/explain/tutorial.txt"
same "hand-typed grid" "$LAB" explain DIR/tutorial.txt --from 1,6 \
    --to 5,5 --one-based

t_end
