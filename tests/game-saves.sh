#!/bin/sh
# game-saves.sh: a player's game is never lost (issue 12), headless.
#
# What each case stands for, as a player would meet it:
# - scores: the table lives in $XDG_DATA_HOME/astray/scores or the file
#   --scores names, never beside --save (a "scores" file there, or in the
#   folder a relative --save name is in, is left byte for byte); a file
#   that is not a score table is never rewritten and the game says so
#   with exit 1;
# - the save follows a restored game: a headless run that restores a
#   save and stops while playing leaves its state in the save, so the
#   next run cannot start again from the older one;
# - special files: a FIFO or a device as --save, --scores or --dungeon is
#   refused at once (the run is given 10 s and takes milliseconds);
# - a full disk: with "ulimit -f" too small for a save, 'S' fails with
#   exit 1 and "File too large", the old save is byte for byte and no
#   temporary file is left (SIGXFSZ would otherwise kill the game);
# - SIGXFSZ and the save's lock file are not left behind.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA
save=$XDG_DATA_HOME/astray/astray.save
scores=$XDG_DATA_HOME/astray/scores

# Runs astray --headless with the shipped data: game ARG...
game() {
	t_run "$ASTRAY" --headless --data "$DATA" "$@"
}

# Prints a field of the "end" line of the last run: end_field NAME.
end_field() {
	awk -v f="$1" '$1 == "end" { for (i = 2; i < NF; i++)
		if ($i == f) print $(i + 1) }' "$t_tmp/out"
}

# Runs a command with at most 10 seconds, times Check's slow-run factor
# (CK_TIMEOUT_MULTIPLIER, which tests/valgrind.sh sets): a guard against
# a hang, not a measure of speed.  bounded CMD [ARG...].
bounded() {
	b_factor=${CK_TIMEOUT_MULTIPLIER:-1}
	case $b_factor in *[!0-9]*|'') b_factor=1 ;; esac
	if command -v timeout >/dev/null 2>&1; then
		t_run timeout $((10 * b_factor)) "$@"
	else
		t_run "$@"
	fi
}

# --- scores -------------------------------------------------------------
mkdir -p "$t_tmp/docs"
printf 'my notes: do not lose\n' >"$t_tmp/docs/scores"
cp "$t_tmp/docs/scores" "$t_tmp/notes"
game --seed 3 --keys lllS --save "$t_tmp/docs/astray.save"
game --keys Qy --save "$t_tmp/docs/astray.save"
if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/docs/scores" "$t_tmp/notes" &&
    grep -q "	quit	gave up" "$scores"; then
	t_ok "scores: --save DIR/F leaves DIR/scores alone, the table is in XDG"
else
	t_fail "scores beside --save" "status $t_status, docs/scores" \
	    "$(cmp -s "$t_tmp/docs/scores" "$t_tmp/notes" && echo kept ||
	    echo changed), table: $(cat "$scores" 2>/dev/null)"
fi

mkdir -p "$t_tmp/rel"
(cd "$t_tmp/rel" && "$ASTRAY" --headless --data "$DATA" --seed 3 \
    --keys lllS --save my.save >/dev/null 2>&1 &&
    "$ASTRAY" --headless --data "$DATA" --keys Qy --save my.save \
    >/dev/null 2>&1)
if [ ! -e "$t_tmp/rel/scores" ] && [ ! -e "$t_tmp/rel/my.save" ]; then
	t_ok "scores: a relative --save name writes no ./scores"
else
	t_fail "relative --save" "$(ls "$t_tmp/rel")"
fi

printf 'not a table\n' >"$t_tmp/mine.txt"
cp "$t_tmp/mine.txt" "$t_tmp/mine.orig"
game --seed 3 --keys Qy --scores "$t_tmp/mine.txt"
if [ "$t_status" -eq 1 ] && cmp -s "$t_tmp/mine.txt" "$t_tmp/mine.orig" &&
    grep -q "^astray: $t_tmp/mine.txt:1: not a line of an astray score" \
    "$t_tmp/err"; then
	t_ok "scores: --scores naming a file that is not a table: exit 1, the file byte for byte"
else
	t_fail "--scores, not a table" "status $t_status: $(cat "$t_tmp/err")"
fi
game --seed 3 --keys Qy --scores "$t_tmp/table"
if [ "$t_status" -eq 0 ] && grep -q "	quit	gave up" "$t_tmp/table"; then
	t_ok "scores: --scores FILE is where the game is entered"
else
	t_fail "--scores FILE" "status $t_status: $(cat "$t_tmp/err")"
fi
# A table an editor saved with a byte-order mark is still a table.
{ printf '\357\273\277'; cat "$t_tmp/table"; } >"$t_tmp/bom-table"
game --seed 3 --keys Qy --scores "$t_tmp/bom-table"
if [ "$t_status" -eq 0 ] && [ "$(grep -c "	quit	gave up" \
    "$t_tmp/bom-table")" -eq 2 ]; then
	t_ok "scores: a table with a UTF-8 byte-order mark is read and added to"
else
	t_fail "--scores with a BOM" "status $t_status: $(cat "$t_tmp/err")"
fi

# --- the save follows a restored game -----------------------------------
rm -rf "$XDG_DATA_HOME"
game --seed 7 --keys lllS
first=$(end_field turn)
game --keys '.........'
want="$(end_field turn) $(end_field digest)"
game --keys ''
got="$(end_field turn) $(end_field digest)"
if [ "$got" = "$want" ] && [ "${want% *}" -gt "$first" ]; then
	t_ok "a restored game's save follows it: turn ${want% *}, no going back to turn $first"
else
	t_fail "save follows" "restored at '$got', not '$want':" \
	    "$(cat "$t_tmp/err")"
fi
if [ ! -e "$save.lock" ]; then
	t_ok "the save's lock file goes with the game"
else
	t_fail "lock file" "$save.lock is left behind"
fi

# --- the data files a save depends on: their rules, not their bytes ------
rm -rf "$XDG_DATA_HOME" "$t_tmp/crlf" "$t_tmp/rat"
game --seed 7 --keys lllS
cp "$save" "$t_tmp/sig.save"
cp "$t_tmp/sig.save" "$t_tmp/a.save"
game --keys 'jj' --save "$t_tmp/a.save"
want=$(end_field digest)
mkdir -p "$t_tmp/crlf" "$t_tmp/rat"
for f in terrain.txt monsters.txt items.txt; do
	{ printf '# edited by hand, with DOS line endings\n'; cat "$DATA/$f"; } |
	    sed 's/$/\r/' >"$t_tmp/crlf/$f"
done
cp "$t_tmp/sig.save" "$t_tmp/b.save"
t_run "$ASTRAY" --headless --data "$t_tmp/crlf" --keys 'jj' \
    --save "$t_tmp/b.save"
if [ "$t_status" -eq 0 ] && [ "$(end_field digest)" = "$want" ]; then
	t_ok "a comment and CRLF line endings in the data files: the save still plays, the same game"
else
	t_fail "data files edited, rules kept" "status $t_status:" \
	    "$(cat "$t_tmp/err")"
fi
cp "$DATA/terrain.txt" "$t_tmp/rat/"
awk '/^monster / { name = $2 }
	name == "rat" && $1 == "hp" && !done { $0 = "\thp " $2 + 1; done = 1 }
	{ print }' "$DATA/monsters.txt" >"$t_tmp/rat/monsters.txt"
cp "$t_tmp/sig.save" "$t_tmp/c.save"
t_run "$ASTRAY" --headless --data "$t_tmp/rat" --keys 'jj' \
    --save "$t_tmp/c.save"
if [ "$t_status" -eq 1 ] && grep -q \
    'monsters.txt changed: "rat" has other rules now' "$t_tmp/err" &&
    cmp -s "$t_tmp/c.save" "$t_tmp/sig.save"; then
	t_ok "a rat's hit points changed: refused, naming monsters.txt and the rat, the save kept"
else
	t_fail "rat changed" "status $t_status: $(cat "$t_tmp/err")"
fi
{ cat "$DATA/terrain.txt"; printf '\nterrain moss\n\tglyph m\n\tcolour green\n\tcost walk=2\n\tdescribe Soft moss.\n'; } >"$t_tmp/rat/terrain.txt"
cp "$DATA/monsters.txt" "$t_tmp/rat/monsters.txt"
cp "$t_tmp/sig.save" "$t_tmp/d.save"
t_run "$ASTRAY" --headless --data "$t_tmp/rat" --keys 'jj' \
    --save "$t_tmp/d.save"
if [ "$t_status" -eq 1 ] && grep -q 'terrain.txt changed: ' "$t_tmp/err"
then
	t_ok "a terrain added: refused, naming terrain.txt: $(sed 's/.*terrain.txt changed: //' "$t_tmp/err")"
else
	t_fail "terrain added" "status $t_status: $(cat "$t_tmp/err")"
fi

# --- special files --------------------------------------------------------
if mkfifo "$t_tmp/fifo" 2>/dev/null; then
	# 'S' for --save (a new game only reads the save to save)...
	for opt in --save --dungeon; do
		bounded "$ASTRAY" --headless --data "$DATA" --seed 3 --keys lS \
		    "$opt" "$t_tmp/fifo"
		if [ "$t_status" -eq 1 ] && grep -q "$t_tmp/fifo: .*FIFO" \
		    "$t_tmp/err"; then
			t_ok "$opt FIFO: refused at once, exit 1"
		else
			t_fail "$opt FIFO" "status $t_status:" \
			    "$(cat "$t_tmp/err")"
		fi
	done
	# ... and Q y for the score table.
	bounded "$ASTRAY" --headless --data "$DATA" --seed 3 --keys Qy \
	    --scores "$t_tmp/fifo"
	if [ "$t_status" -eq 1 ] && grep -q "$t_tmp/fifo: .*FIFO" "$t_tmp/err"
	then
		t_ok "--scores FIFO: refused at once, exit 1"
	else
		t_fail "--scores FIFO" "status $t_status: $(cat "$t_tmp/err")"
	fi
	# Restoring from a FIFO (the issue's case): no --seed.
	bounded "$ASTRAY" --headless --data "$DATA" --keys '' --save \
	    "$t_tmp/fifo"
	if [ "$t_status" -eq 1 ] && grep -q "a FIFO, so not a save" \
	    "$t_tmp/err"; then
		t_ok "restoring from a FIFO: refused at once, exit 1"
	else
		t_fail "restore FIFO" "status $t_status: $(cat "$t_tmp/err")"
	fi
else
	t_ok "# SKIP no mkfifo here"
fi
if [ -c /dev/zero ]; then
	bounded "$ASTRAY" --headless --data "$DATA" --keys '' --save /dev/zero
	if [ "$t_status" -eq 1 ] && grep -q "/dev/zero: a device" \
	    "$t_tmp/err"; then
		t_ok "--save /dev/zero: refused before reading, exit 1"
	else
		t_fail "--save /dev/zero" "status $t_status: $(cat "$t_tmp/err")"
	fi
fi

# --- a file size limit (SIGXFSZ) ------------------------------------------
rm -rf "$XDG_DATA_HOME"
game --seed 7 --keys lS
cp "$save" "$t_tmp/small.save"
t_status=0
(ulimit -f 4 && exec "$ASTRAY" --headless --data "$DATA" --keys lS) \
    >"$t_tmp/out" 2>"$t_tmp/err" || t_status=$?
left=$(find "$XDG_DATA_HOME/astray" -name 'astray.save.tmp.*' | wc -l)
if [ "$t_status" -eq 1 ] && grep -q "cannot write: File too large" \
    "$t_tmp/err" && cmp -s "$save" "$t_tmp/small.save" && [ "$left" -eq 0 ]
then
	t_ok "ulimit -f 4: 'S' fails with exit 1 and a message, the old save kept, no temporary file"
else
	t_fail "ulimit -f" "status $t_status, $left temporary files," \
	    "save $(cmp -s "$save" "$t_tmp/small.save" && echo kept ||
	    echo changed): $(cat "$t_tmp/err")"
fi

# --- one size limit, stated as documented (docs/modding.md: 1 MiB) -------
mkdir -p "$t_tmp/big"
cp "$DATA/terrain.txt" "$t_tmp/big/"
{ cat "$DATA/monsters.txt"; head -c 1100000 /dev/zero | tr '\0' '#'; } \
    >"$t_tmp/big/monsters.txt"
game --data "$t_tmp/big" --seed 1 --keys l
if [ "$t_status" -eq 1 ] && grep -q \
    "big/monsters.txt: file is larger than 1 MiB, the limit for it" \
    "$t_tmp/err"; then
	t_ok "a monsters.txt over 1 MiB: the documented limit in the message"
else
	t_fail "big monsters.txt" "status $t_status: $(cat "$t_tmp/err")"
fi

# --- output that cannot be written ---------------------------------------
if [ -w /dev/full ]; then
	t_status=0
	"$ASTRAY" --headless --data "$DATA" --seed 1 --keys lll --each-turn \
	    >/dev/full 2>"$t_tmp/err" || t_status=$?
	if [ "$t_status" -eq 1 ] && grep -q '^astray: standard output: ' \
	    "$t_tmp/err"; then
		t_ok "> /dev/full: exit 1, $(cat "$t_tmp/err")"
	else
		t_fail "> /dev/full" "status $t_status: $(cat "$t_tmp/err")"
	fi
	t_status=0
	"$ASTRAY" --help >/dev/full 2>"$t_tmp/err" || t_status=$?
	if [ "$t_status" -eq 1 ]; then
		t_ok "--help > /dev/full: exit 1"
	else
		t_fail "--help > /dev/full" "status $t_status"
	fi
else
	t_ok "# SKIP no /dev/full"
fi
game --seed 3 --keys Qy --scores "$t_tmp/no/such/folder/scores"
if [ "$t_status" -eq 1 ] && grep -q \
    "$t_tmp/no/such/folder/scores: cannot write" "$t_tmp/err"; then
	t_ok "a score table that cannot be written: exit 1 and why"
else
	t_fail "unwritable scores" "status $t_status: $(cat "$t_tmp/err")"
fi

t_end
