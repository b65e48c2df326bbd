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
    'A\* from scratch would take'; do
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
