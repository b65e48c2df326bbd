#!/bin/sh
# explain-incremental.sh: LPA*, D* Lite and MT-D* Lite narrated event by
# event.
#
# The map: 7x5, one wall at (3,2), the hunter at (0,2), the target at
# (6,2).  Worked by hand: the first path goes round the wall, 8 steps;
# closing (3,1) leaves the way below, still 8; the hunter stepping to
# (1,2) leaves 7; the target stepping down to (6,3) leaves 6.  Every
# algorithm must give these costs after every event, whatever it reuses,
# and explain itself checks each answer against A* from scratch.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
t_begin
map="${top_srcdir:-.}/tests/data/explain/door.txt"

for p in lpa dstar mtdstar; do
	t_run "$LAB" explain "$map" --planner "$p" --from 0,2 --to 6,2 \
	    --event 'close 3,1' --event 'hunter 1,2' --event 'target 6,3' --csv
	costs=$(awk -F, '$3 == "path" { printf "%s ", $6 }' "$t_tmp/out")
	if [ "$t_status" -eq 0 ] && [ "$costs" = "8 8 7 6 " ]; then
		t_ok "$p: costs 8 8 7 6 after each event"
	else
		t_fail "$p costs" "status $t_status, costs '$costs'"
	fi
	if [ "$(sed -n 1p "$t_tmp/out")" = \
	    "event,step,action,x,y,g,rhs,k1,k2,note" ] &&
	    awk -F, 'NR > 1 && NF != 10 { exit 1 }' "$t_tmp/out"; then
		t_ok "$p: CSV rows of ten fields"
	else
		t_fail "$p CSV" "$(sed -n 1,2p "$t_tmp/out")"
	fi
done

# The guide's example (docs/learning.md): a door shuts in front of a
# chasing monster.  By hand: 6 through the door at (4,2); 12 round by
# the door at (4,5); 11 after the monster steps to (1,3); 10 after the
# player steps to (6,2).
doors="${top_srcdir:-.}/tests/data/explain/doors.txt"
for p in lpa dstar mtdstar; do
	t_run "$LAB" explain "$doors" --planner "$p" --from 1,2 --to 7,2 \
	    --event 'close 4,2' --event 'hunter 1,3' --event 'target 6,2' --csv
	costs=$(awk -F, '$3 == "path" { printf "%s ", $6 }' "$t_tmp/out")
	if [ "$t_status" -eq 0 ] && [ "$costs" = "6 12 11 10 " ]; then
		t_ok "$p, the closing door: costs 6 12 11 10"
	else
		t_fail "$p closing door" "status $t_status, costs '$costs'"
	fi
done

# What each algorithm does with each kind of move.
t_run "$LAB" explain "$map" --planner mtdstar --from 0,2 --to 6,2 \
    --event 'close 3,1' --event 'hunter 1,2'
for want in '^Event 1: close 3,1$' \
    '^  inconsistent (3,1): rhs 4 -> inf, g 4$' \
    '^  step 1: take (3,1) key \[8; 4\]: g < rhs = inf, underconsistent' \
    '^  delete (0,2) from the search tree' \
    '^  Path, cost 7: (1,2) (2,2) (2,3) (3,3) (4,3) (5,3) (6,3) (6,2)$' \
    'A\* from scratch (ties: \[f; g\], then cell) would take'; do
	if grep -q "$want" "$t_tmp/out"; then
		t_ok "mtdstar narrates: $want"
	else
		t_fail "mtdstar narration" "no line matching $want"
	fi
done
t_run "$LAB" explain "$map" --planner dstar --from 0,2 --to 6,2 \
    --event 'target 6,3'
if grep -q 'starts over from scratch' "$t_tmp/out"; then
	t_ok "dstar starts over when the target moves"
else
	t_fail "dstar target" "no restart narrated"
fi
t_run "$LAB" explain "$map" --planner dstar --from 0,2 --to 6,2 \
    --event 'hunter 1,2'
if grep -q 'km grows' "$t_tmp/out" && ! grep -q 'starts over' "$t_tmp/out"
then
	t_ok "dstar follows the hunter with km"
else
	t_fail "dstar hunter" "$(grep -c . "$t_tmp/out") lines"
fi

# --- hwbehrens/DStarLite's LPA*, step for step ---
# tests/data/explain/dstarlite-lpa.trace is what that public code does
# on the examples of its own tests, made by running it
# (tests/tools/dstarlite-trace.py).  Its queue breaks ties among equal
# keys by the order cells were pushed, and its neighbours are N, E, S,
# W: with --tie-break fifo, explain must take the same cells in the same
# order, each over- or underconsistent with the same key, and find the
# same paths, in the first search and after each wall found.
trace="${top_srcdir:-.}/tests/data/explain/dstarlite-lpa.trace"
# Writes example NAME's map and prints its explain arguments.
example() {
	awk -v n="$1" '$1 == "example" && $2 == n' "$trace" |
	    while read -r _ e_name e_w e_h e_s e_g e_before e_after; do
		awk -v w="$e_w" -v h="$e_h" -v b="$e_before" 'BEGIN {
		    n = split(b == "-" ? "" : b, c, ";")
		    for (i = 1; i <= n; i++) { split(c[i], p, ":"); wall[p[1] "," p[2]] = 1 }
		    for (y = 0; y < h; y++) { r = ""
			for (x = 0; x < w; x++) r = r ((x "," y) in wall ? "#" : ".")
			print r } }' > "$t_tmp/map-$e_name.txt"
		printf '%s --planner lpa --from %s --to %s' \
		    "$t_tmp/map-$e_name.txt" "$e_s" "$e_g"
		if [ "$e_after" != "-" ]; then
			for e in $(echo "$e_after" | tr ';' ' '); do
				printf " --event close_%s" "$(echo "$e" | tr : ,)"
			done
		fi
		echo
	    done
}
# Prints explain's CSV as the trace's rows: the cells taken and the paths.
as_trace() {
	awk -F, '$3 == "overconsistent" || $3 == "underconsistent" {
		print $1 "," $2 "," $3 "," $4 "," $5 "," $8 "," $9 }
	    $3 == "path" { n = split($10, a, "; "); p = a[3]
		print $1 ",path," (p == "" ? "none" : p) }' "$1"
}
for ex in a b d e; do
	awk -v n="$ex" '$1 == "example" { on = ($2 == n); next } on' \
	    "$trace" > "$t_tmp/want"
	args=$(example "$ex")
	# shellcheck disable=SC2086
	set -- $args
	for a in "$@"; do
		shift
		case $a in
		close_*) set -- "$@" "close ${a#close_}" ;;
		*) set -- "$@" "$a" ;;
		esac
	done
	t_run "$LAB" explain "$@" --tie-break fifo --csv
	as_trace "$t_tmp/out" > "$t_tmp/got"
	if [ "$t_status" -eq 0 ] && [ -s "$t_tmp/want" ] &&
	    cmp -s "$t_tmp/want" "$t_tmp/got"; then
		t_ok "dstarlite example $ex, fifo: the cells its code takes ($(grep -c consistent "$t_tmp/want")), in order, and its paths"
	else
		t_fail "dstarlite example $ex" "status $t_status: $(diff "$t_tmp/want" "$t_tmp/got" | sed -n 2,5p | tr '\n' ' ') $(t_first_line "$t_tmp/err")"
	fi
	if [ "$ex" = e ]; then
		# The default tie, the cell number, takes (1,0) before (3,0)
		# at step 3 of the repair; so does fifo with W before E.
		for opts in "" "--tie-break fifo --neighbours N,W,S,E" \
		    "--tie-break fifo --neighbours E,N,W,S --parity-reverse even"; do
			# shellcheck disable=SC2086
			t_run "$LAB" explain "$@" $opts --csv
			as_trace "$t_tmp/out" > "$t_tmp/got"
			row=$(awk -F, '$1 == 1 && $2 == 3 { print $4 ":" $5 }' "$t_tmp/got")
			if [ "$row" = 1:0 ] && ! cmp -s "$t_tmp/want" "$t_tmp/got"; then
				t_ok "dstarlite example e, ${opts:-default ties}: step 3 of the repair takes (1,0)"
			else
				t_fail "dstarlite example e ($opts)" "step 3 takes '$row'"
			fi
		done
	fi
done

# The A* from scratch each search is compared with breaks ties as the
# keys do, so LPA*'s first search takes as many cells as it (the two
# are the same search); --scratch-tie larger-g is A*'s usual rule.
for opts in "" "--tie-break xy" "--tie-break yx --movement 8-octile"; do
	# shellcheck disable=SC2086
	t_run "$LAB" explain "$doors" --planner lpa --from 1,2 --to 7,5 $opts \
	    --event 'close 4,2' --csv
	note=$(awk -F, '$1 == 0 && $3 == "path" { print $10 }' "$t_tmp/out")
	case $note in
	"$(echo "$note" | sed 's/ cells.*//') cells taken; A* from scratch $(echo "$note" | sed 's/ cells.*//');"*)
		t_ok "lpa ${opts:-default}: the first search takes as many cells as A* from scratch ($note)" ;;
	*) t_fail "lpa first search against A* (${opts:-default})" "$note" ;;
	esac
done
t_run "$LAB" explain "$doors" --planner lpa --from 1,2 --to 7,5
if grep -q '^Ties among equal keys: the smaller cell number (row by row: y, then x)\.$' "$t_tmp/out" &&
    grep -q 'the smaller g first,$' "$t_tmp/out"; then
	t_ok "the default tie rule and A*'s are written out"
else
	t_fail "tie rule named" "$(grep -i tie "$t_tmp/out" | head -2)"
fi
t_run "$LAB" explain "$doors" --planner lpa --from 1,2 --to 7,5 \
    --scratch-tie larger-g
if grep -q 'A\* from scratch (ties: larger-g) would take' "$t_tmp/out"; then
	t_ok "--scratch-tie larger-g: A*'s own rule, named"
else
	t_fail "--scratch-tie" "$(grep 'from scratch' "$t_tmp/out" | head -1)"
fi

# Small words: one cell is "1 cell"; a wall on a 4-way map says nothing
# of diagonal steps, on an 8-way map without corner cutting it does.
t_run "$LAB" explain "$t_tmp/map-b.txt" --planner lpa --from 0,0 --to 2,2 \
    --event 'close 2,0'
if grep -q '^  1 cell taken here;' "$t_tmp/out" &&
    ! grep -q '1 cells' "$t_tmp/out" && ! grep -q 'diagonal' "$t_tmp/out"; then
	t_ok "a repair of one cell says '1 cell taken'; no diagonal steps on a 4-way map"
else
	t_fail "small words" "$(grep -E 'taken here|diagonal' "$t_tmp/out" | head -3)"
fi
t_run "$LAB" explain "$t_tmp/map-b.txt" --planner lpa --from 0,0 --to 2,2 \
    --event 'close 2,0' --csv
if grep -q ',1 cell taken; A\* from scratch' "$t_tmp/out"; then
	t_ok "the CSV says '1 cell taken' too"
else
	t_fail "CSV small words" "$(grep ',path,' "$t_tmp/out" | sed -n 2p)"
fi
t_run "$LAB" explain "$t_tmp/map-b.txt" --planner lpa --from 0,0 --to 2,2 \
    --event 'close 1,1' --movement 8-octile
if grep -q 'the diagonal steps past its corners' "$t_tmp/out"; then
	t_ok "an 8-way map without corner cutting tells of the diagonal steps"
else
	t_fail "diagonal words" "$(grep -A1 '^Event 1' "$t_tmp/out")"
fi

# A* walkthrough conventions that mean nothing here are refused.
for opt in "--goal-test generate" "--close-start no" "--list-order insertion" \
    "--preset classic-10-14" "--duplicates keep" "--tie-break larger-g" \
    "--tie-break smaller-h" "--scratch-tie newest"; do
	# shellcheck disable=SC2086
	t_run "$LAB" explain "$map" --planner lpa --from 0,2 --to 6,2 $opt
	if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ] &&
	    grep -q -e "${opt%% *}" "$t_tmp/err"; then
		t_ok "refused with --planner: $opt"
	else
		t_fail "with --planner: $opt" "status $t_status: $(t_first_line "$t_tmp/err")"
	fi
done
t_run "$LAB" explain "$map" --from 0,2 --to 6,2 --scratch-tie larger-g
if [ "$t_status" -eq 2 ]; then
	t_ok "--scratch-tie without --planner is refused"
else
	t_fail "--scratch-tie alone" "status $t_status"
fi

# Bad events are usage errors; closing the hunter's cell is bad input.
for ev in 'shut 1,1' 'close 9,9' 'cost 1,1' 'cost 1,1,0' 'open x'; do
	t_run "$LAB" explain "$map" --planner lpa --from 0,2 --to 6,2 \
	    --event "$ev"
	if [ "$t_status" -eq 2 ]; then
		t_ok "bad event refused: $ev"
	else
		t_fail "bad event $ev" "status $t_status"
	fi
done
t_run "$LAB" explain "$map" --planner lpa --from 0,2 --to 6,2 \
    --event 'close 0,2'
if [ "$t_status" -eq 1 ] && grep -q 'open cells' "$t_tmp/err"; then
	t_ok "closing the hunter's cell is refused"
else
	t_fail "close hunter" "status $t_status"
fi
t_end
