#!/bin/sh
# game-record.sh: every game can be shared (the headless game).
#
# A game that ends leaves a morgue file beside the high scores: checked
# here by what a player sharing it would look at, and against the game
# itself as the oracle (the morgue's replay, played with --replay, must
# end on the same line, digest included, as the game that wrote it):
#
# - a game given up: one file morgue-SEED-YYYYMMDD-HHMMSS.txt in
#   $XDG_DATA_HOME/astray, telling the seed, the result, the turns, the
#   depth and the last messages, and replaying to the same end;
# - a death in a hand-made dungeon named by its path from another folder:
#   "died: killed by a ..." and the replay plays from any folder (the
#   dungeon is kept as an absolute path);
# - --scores FILE: the morgue goes beside that table; two games of one
#   seed in one second take two names;
# - --hunted: no morgue (no replay reproduces such a game);
# - a file size limit the score table fits in but the morgue does not:
#   the table is written, the morgue is not, no temporary file is left,
#   the message says why and the exit status is 1;
# - a folder that cannot be written (skipped as root, who can write
#   anywhere): the same, for the table and the morgue.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA
home=$XDG_DATA_HOME/astray

# Runs the headless game with the data folder: game ARG...
game() {
	t_run "$ASTRAY" --headless --data "$DATA" "$@"
}

# Prints the "end" line of the last run's output.
end_line() {
	sed -n '/^end /p' "$t_tmp/out"
}

# Prints the morgue files in a folder, one a line.
morgues() {
	ls "$1" 2>/dev/null | grep '^morgue-' || true
}

# A room with a wolf in it, for a death; and an empty one.
cat >"$t_tmp/den.dun" <<'EOF'
name: The Wolf Den
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: d monster wolf

map
##########
#@......d#
#........#
##########
end
EOF
sed -e 's/^name: .*/name: The Empty Room/' -e '/^legend/d' -e 's/d#$/.#/' \
    "$t_tmp/den.dun" >"$t_tmp/empty.dun"

# --- a game given up ----------------------------------------------------
name="a game given up leaves morgue-SEED-DATE-TIME.txt beside the scores"
game --seed 42 --keys 'lll..Qy'
m=$(morgues "$home")
if [ "$t_status" -ne 0 ]; then
	t_fail "$name" "status $t_status: $(cat "$t_tmp/err")"
elif [ "$(echo "$m" | grep -c .)" != 1 ] ||
    ! echo "$m" | grep -q '^morgue-42-[0-9]\{8\}-[0-9]\{6\}\.txt$'; then
	t_fail "$name" "the folder holds '$m'"
elif [ ! -f "$home/scores" ]; then
	t_fail "$name" "no score table"
else
	t_ok "$name"
fi
morgue=$home/$m
end=$(end_line)
name="the morgue tells the seed, the result, turns, depth, last messages"
if grep -q '^# seed     42$' "$morgue" &&
    grep -q '^# result   gave up: gave up on depth 1' "$morgue" &&
    grep -q '^# turns    3$' "$morgue" &&
    grep -q '^# depth    1 of 10$' "$morgue" &&
    grep -q '^# the last [0-9]* messages' "$morgue" &&
    grep -q '^#  *0  You enter the dungeon' "$morgue" &&
    grep -q '^keys lll\.\.Qy$' "$morgue"; then
	t_ok "$name"
else
	t_fail "$name" "it reads: $(cat "$morgue")"
fi
name="astray --headless --replay MORGUE ends as the game did"
game --replay "$morgue"
if [ "$t_status" -eq 0 ] && [ -n "$end" ] && [ "$(end_line)" = "$end" ]
then
	t_ok "$name"
else
	t_fail "$name" "status $t_status, '$(end_line)', not '$end'"
fi
name="watching a replay headless scores and records nothing"
before=$(cat "$home/scores")
game --replay "$morgue"
game --replay "$morgue"
if [ "$(morgues "$home" | grep -c .)" = 1 ] &&
    [ "$(cat "$home/scores")" = "$before" ]; then
	t_ok "$name"
else
	t_fail "$name" "the folder holds '$(morgues "$home")'; scores:
$(cat "$home/scores")"
fi

# --- a death, the dungeon by a relative path, replayed from elsewhere ----
name="a death: 'died: killed by a wolf', replayed from another folder"
mkdir -p "$t_tmp/here" "$t_tmp/there" "$t_tmp/scores1"
cp "$t_tmp/den.dun" "$t_tmp/here/den.dun"
(
	cd "$t_tmp/here" &&
	    game --seed 3 --dungeon den.dun --scores "$t_tmp/scores1/table" \
	    --keys '..........................................'
	sed -n '/^end /p' "$t_tmp/out" >"$t_tmp/end1"
)
m=$(morgues "$t_tmp/scores1")
if ! grep -q 'status dead' "$t_tmp/end1"; then
	t_fail "$name" "the wolf did not kill: $(cat "$t_tmp/end1")"
elif [ "$(echo "$m" | grep -c .)" != 1 ]; then
	t_fail "$name" "beside --scores: '$m'"
elif ! grep -q '^# result   died: killed by a wolf' \
    "$t_tmp/scores1/$m" ||
    ! grep -q "^dungeon $t_tmp/here/den.dun\$" "$t_tmp/scores1/$m" ||
    ! grep -q '^# depth    1$' "$t_tmp/scores1/$m"; then
	t_fail "$name" "it reads: $(cat "$t_tmp/scores1/$m")"
else
	(cd "$t_tmp/there" && game --replay "$t_tmp/scores1/$m" &&
	    sed -n '/^end /p' "$t_tmp/out" >"$t_tmp/end2")
	if [ -s "$t_tmp/end2" ] && cmp -s "$t_tmp/end1" "$t_tmp/end2"; then
		t_ok "$name"
	else
		t_fail "$name" "replayed: '$(cat "$t_tmp/end2")'"
	fi
fi

# --- a campaign counts its levels ---------------------------------------
name="a campaign's morgue: '# depth    D (level 1 of 5)'"
mkdir -p "$t_tmp/scores9"
game --seed 5 --dungeon the-long-descent --scores "$t_tmp/scores9/t" \
    --keys 'Qy'
m=$(morgues "$t_tmp/scores9")
if [ "$(echo "$m" | grep -c .)" = 1 ] && grep -q \
    '^# depth    [0-9]* (level 1 of 5)$' "$t_tmp/scores9/$m"; then
	t_ok "$name"
else
	t_fail "$name" "'$m': $(cat "$t_tmp/scores9/$m" 2>/dev/null)"
fi

# --- names do not collide ------------------------------------------------
name="two games of one seed in one second: two morgue files"
mkdir -p "$t_tmp/scores2"
game --seed 5 --scores "$t_tmp/scores2/t" --keys 'Qy'
game --seed 5 --scores "$t_tmp/scores2/t" --keys 'Qy'
m=$(morgues "$t_tmp/scores2")
if [ "$(echo "$m" | grep -c '^morgue-5-')" = 2 ]; then
	t_ok "$name"
else
	t_fail "$name" "the folder holds '$m'"
fi

# --- study rules: nothing to replay --------------------------------------
name="--hunted: no morgue file (no replay reproduces the game)"
mkdir -p "$t_tmp/scores3"
game --seed 5 --hunted --scores "$t_tmp/scores3/t" --keys 'Qy'
if [ "$t_status" -eq 0 ] && [ -z "$(morgues "$t_tmp/scores3")" ]; then
	t_ok "$name"
else
	t_fail "$name" "status $t_status, files '$(morgues "$t_tmp/scores3")'"
fi

# --- a file size limit: the table written, the morgue refused ------------
name="a file size limit: scores kept, no morgue, said, exit 1"
mkdir -p "$t_tmp/scores4"
keys=$(awk 'BEGIN { for (i = 0; i < 3000; i++) printf "."; }')
(
	# Under valgrind the limit would stop valgrind's own files first.
	[ -n "${ASTRAY_UNDER_VALGRIND:-}" ] && exit 0
	ulimit -f 2 2>/dev/null || exit 0
	game --seed 5 --dungeon "$t_tmp/empty.dun" \
	    --scores "$t_tmp/scores4/t" --keys "${keys}Qy"
	echo "$t_status" >"$t_tmp/st4"
	cp "$t_tmp/err" "$t_tmp/err4"
)
if [ ! -f "$t_tmp/st4" ]; then
	t_ok "$name (skipped: ulimit -f is not available, or valgrind runs it)"
elif [ "$(cat "$t_tmp/st4")" != 1 ]; then
	t_fail "$name" "status $(cat "$t_tmp/st4")"
elif [ ! -s "$t_tmp/scores4/t" ]; then
	t_fail "$name" "the score table was not written"
elif [ "$(ls -A "$t_tmp/scores4")" != t ]; then
	t_fail "$name" "left behind: $(ls -A "$t_tmp/scores4")"
elif ! grep -q "^astray: $t_tmp/scores4: cannot write the morgue file there: File too large\$" \
    "$t_tmp/err4"; then
	t_fail "$name" "said: $(cat "$t_tmp/err4")"
else
	t_ok "$name"
fi

# --- a folder that cannot be written ---------------------------------------
name="a folder that cannot be written: both said, exit 1"
if [ "$(id -u)" = 0 ]; then
	t_ok "$name (skipped: root writes anywhere)"
else
	mkdir -p "$t_tmp/ro"
	chmod 500 "$t_tmp/ro"
	game --seed 5 --scores "$t_tmp/ro/t" --keys 'Qy'
	chmod 700 "$t_tmp/ro"
	if [ "$t_status" = 1 ] &&
	    grep -q 'cannot write the morgue file there: Permission denied' \
	    "$t_tmp/err" && grep -q "$t_tmp/ro/t" "$t_tmp/err" &&
	    [ -z "$(ls -A "$t_tmp/ro")" ]; then
		t_ok "$name"
	else
		t_fail "$name" "status $t_status: $(cat "$t_tmp/err")"
	fi
fi

t_end
