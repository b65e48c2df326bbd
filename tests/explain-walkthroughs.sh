#!/bin/sh
# explain-walkthroughs.sh: two published A* walkthroughs, step for step.
#
# The expected values below were typed from the tutorials' own rules
# and figures (worked by hand from their text), never copied from
# astray-lab's output: if explain and a tutorial disagree, explain is
# wrong.
#
# 1. The linear-scan tutorial: 7x6, 1-based, 1 = wall, from (1,6) to
#    (5,5), 4-connected, Manhattan, steps of 1; neighbours x+1, y-1,
#    x-1, y+1 (E,N,W,S); the first cell of the open list with the
#    smallest f is taken (insertion order); the search stops as soon as
#    the goal is generated; lists printed in insertion order; the start
#    is never listed as closed; the goal goes on the closed list at the
#    end.
# 2. The classic 10/14 tutorial (Patrick Lester, "A* Pathfinding for
#    Beginners"): 7x5, wall x=3, y=1..3, A (1,2), B (5,2), 10 and 14 per
#    step, H = 10 x Manhattan, no corner cutting, ties to the square
#    added last, and, as the article's summary says, "stop when you add
#    the target square to the closed list": C right of A first with F=40
#    (G=10, H=30), "the square below C has G=14; through C it would be
#    10+10=20, which is higher, so nothing is done", then the tie at
#    F=54 goes to the square below, whose step adds the two squares under
#    it and ignores the one past the wall's corner; B goes on the open
#    list from the square above it with G=68, H=0, the lowest F, so the
#    next step takes it onto the closed list and the search stops; the
#    path costs 68.  The preset classic-10-14-generate stops one step
#    earlier, as soon as B goes on the open list.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
t_begin
data="${top_srcdir:-.}/tests/data/explain"

# --- 1. the linear-scan tutorial, row for row ---
cat > "$t_tmp/want1.csv" <<'END'
step,x,y,g,h,f,added,improved,rejected,open,closed
0,1,6,0,5,5,1:6,,,1:6,
1,1,6,0,5,5,2:6 1:5,,,2:6 1:5,
2,2,6,1,4,5,3:6,,2:5:wall 1:6:start,1:5 3:6,2:6
3,1,5,1,4,5,1:4,,2:5:wall 1:6:start,3:6 1:4,2:6 1:5
4,3,6,2,3,5,4:6 3:5,,2:6:closed,1:4 4:6 3:5,2:6 1:5 3:6
5,4,6,3,2,5,5:6 4:5,,3:6:closed,1:4 3:5 5:6 4:5,2:6 1:5 3:6 4:6
6,3,5,3,2,5,3:4,,4:5:not-better 2:5:wall 3:6:closed,1:4 5:6 4:5 3:4,2:6 1:5 3:6 4:6 3:5
7,5,6,4,1,5,6:6 5:5,,,1:4 4:5 3:4 6:6,2:6 1:5 3:6 4:6 3:5 5:6 5:5
END
# The same conventions spelled out, and as the preset.
for args in "--preset linear-scan" \
    "--neighbours E,N,W,S --tie-break fifo --goal-test generate --costs 1,1 --list-order insertion --close-start no"; do
	# shellcheck disable=SC2086
	t_run "$LAB" explain "$data/tutorial.txt" --one-based --from 1,6 \
	    --to 5,5 $args --csv
	if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/want1.csv" "$t_tmp/out"
	then
		t_ok "linear-scan walkthrough, every row ($args)"
	else
		t_fail "linear-scan walkthrough ($args)" \
		    "$(diff "$t_tmp/want1.csv" "$t_tmp/out" | sed -n 2,6p)"
	fi
done
t_run "$LAB" explain "$data/tutorial.txt" --one-based --from 1,6 --to 5,5 \
    --preset linear-scan
for want in '^Step 1: take (1,6) .* do not list it as closed' \
    '^  reject  (4,5): not better: g via (3,5) would be 4, it has 4$' \
    '^  reject  (1,6): the start' \
    '^  open:   (1,4) f=7 g=2 h=5 | (4,5) f=5 g=4 h=1 | (3,4) f=7 g=4 h=3 | (6,6) f=7 g=5 h=2$' \
    '(5,5) is the goal and has just gone on the open list' \
    '^Path: 5 moves, cost 5$' '^  (1,6) (2,6) (3,6) (4,6) (5,6) (5,5)$' \
    'printed in insertion order'; do
	if grep -q "$want" "$t_tmp/out"; then
		t_ok "linear-scan narration: $want"
	else
		t_fail "linear-scan narration" "no line matching $want"
	fi
done

# --- 2. the classic 10/14 tutorial ---
t_run "$LAB" explain "$data/classic-10-14.txt" --from 1,2 --to 5,2 \
    --preset classic-10-14 --csv
csv="$t_tmp/out"
cp "$csv" "$t_tmp/classic.csv"
# The cells taken, each with g, h and f: worked from the rules above.
cut -d, -f1-6 "$csv" > "$t_tmp/taken"
cat > "$t_tmp/want2" <<'END'
step,x,y,g,h,f
0,1,2,0,40,40
1,1,2,0,40,40
2,2,2,10,30,40
3,2,3,14,40,54
4,2,1,14,40,54
5,0,2,10,50,60
6,1,3,10,50,60
7,1,1,10,50,60
8,2,0,24,50,74
9,3,0,34,40,74
10,4,0,44,30,74
11,5,1,58,10,68
12,5,2,68,0,68
END
if cmp -s "$t_tmp/want2" "$t_tmp/taken"; then
	t_ok "classic 10/14: C first at F=40, the square below at F=54, every cell taken, B last"
else
	t_fail "classic 10/14 cells taken" \
	    "$(diff "$t_tmp/want2" "$t_tmp/taken" | sed -n 2,6p)"
fi
row() { awk -F, -v s="$1" -v c="$2" '$1 == s { print $c }' "$t_tmp/classic.csv"; }
case " $(row 2 9) " in
*" 2:3:not-better "*) t_ok "classic 10/14: C leaves the square below alone" ;;
*) t_fail "classic 10/14 step 2 rejected" "$(row 2 9)" ;;
esac
if [ "$(row 3 7)" = "2:4 1:4" ] && case " $(row 3 9) " in
    *" 3:4:corner "*) true ;; *) false ;; esac; then
	t_ok "classic 10/14: the square below adds the two under it, not the corner"
else
	t_fail "classic 10/14 step 3" "added $(row 3 7), rejected $(row 3 9)"
fi
case " $(row 11 7) " in
*" 5:2 "*) t_ok "classic 10/14: (5,1) puts B on the open list and the search goes on" ;;
*) t_fail "classic 10/14 B generated" "step 11 added $(row 11 7)" ;;
esac
if [ "$(row 12 11 | awk '{ print $NF }')" = 5:2 ] &&
    [ "$(t_lines "$t_tmp/classic.csv")" -eq 14 ]; then
	t_ok "classic 10/14: the search stops when B is added to the closed list"
else
	t_fail "classic 10/14 stop" "closed after step 12: $(row 12 11)"
fi

# The variant that stops as soon as B goes on the open list: the same
# steps up to 11, which ends with B, and no step 12.
t_run "$LAB" explain "$data/classic-10-14.txt" --from 1,2 --to 5,2 \
    --preset classic-10-14-generate --csv
cut -d, -f1-6 "$t_tmp/out" > "$t_tmp/taken"
sed '$d' "$t_tmp/want2" > "$t_tmp/want2g"
if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/want2g" "$t_tmp/taken" &&
    [ "$(awk -F, '$1 == 11 { print $7 }' "$t_tmp/out" | awk '{ print $NF }')" = 5:2 ]
then
	t_ok "classic-10-14-generate: step 11 puts B on the open list and the search stops there"
else
	t_fail "classic-10-14-generate" "status $t_status, $(diff "$t_tmp/want2g" "$t_tmp/taken" | sed -n 2,4p)"
fi
t_run "$LAB" explain "$data/classic-10-14.txt" --from 1,2 --to 5,2 \
    --preset classic-10-14
for want in '^Step 2: take (2,2) .*g=10 h=30 f=40' \
    '^  reject  (2,3): not better: g via (2,2) would be 20, it has 14$' \
    '^  reject  (3,4): the diagonal step would cut' \
    '^  add     (2,4) g=24 h=50 f=74, parent (2,3)$' \
    '^  add     (1,4) g=28 h=60 f=88, parent (2,3)$' \
    '^Step 12: take (5,2) .*g=68 h=0 f=68' '^  (5,2) is the goal: the search stops.$' \
    'The search stops when the goal is taken from the open list' \
    '^Path: 6 moves, cost 68$'; do
	if grep -q "$want" "$t_tmp/out"; then
		t_ok "classic 10/14 narration: $want"
	else
		t_fail "classic 10/14 narration" "no line matching $want"
	fi
done
t_end
