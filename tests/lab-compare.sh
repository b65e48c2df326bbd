#!/bin/sh
# lab-compare.sh: astray-lab compare against Moving AI's optimal lengths.
#
# On arena's scenario problems (8-octile, no corner cutting, the optimal
# length in the file: an independent oracle), Dijkstra, A* and JPS must
# find the optimum and say so, BFS, greedy and weighted A* never beat it,
# and A* never expands more cells than Dijkstra.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
t_begin
dao="${top_srcdir:-.}/tests/data/movingai/dao"

bad=$(awk 'NR > 1 && NR <= 31 && NR % 3 == 0 { print $5, $6, $7, $8, $9 }' \
    "$dao/arena.map.scen" | while read -r sx sy gx gy opt; do
	"$LAB" compare "$dao/arena.map" --from "$sx,$sy" --to "$gx,$gy" \
	    --movement 8-octile --csv | awk -F, -v opt="$opt" '
	NR == 1 { next }
	{ d = $3 - opt; ad = d < 0 ? -d : d }
	$1 ~ /^(dijkstra|astar|jps)$/ && (ad > 0.011 || $4 != "yes") {
		print "bad " $1 " " $3 " vs " opt }
	$1 ~ /^(bfs|greedy|weighted)/ && d < -0.011 { print "bad " $1 " beats the optimum" }
	$1 == "dijkstra" { dij = $2 }
	$1 == "astar" && $2 > dij { print "bad astar expands more than dijkstra" }'
done)
if [ -z "$bad" ]; then
	t_ok "compare: 10 arena problems, every optimal search at the optimum"
else
	t_fail "compare on arena" "$(echo "$bad" | head -3)"
fi

t_run "$LAB" compare "$dao/arena.map" --from 4,4 --to 45,45 \
    --movement 8-octile --algorithms astar,weighted:2,jps --html "$t_tmp/c.html"
if [ "$t_status" -eq 0 ] && [ "$(grep -c '<canvas' "$t_tmp/c.html")" -eq 3 ] &&
    [ "$(grep -Ec '^(astar|weighted:2|jps) ' "$t_tmp/out")" -eq 3 ]; then
	t_ok "compare --algorithms and --html: three searches side by side"
else
	t_fail "compare --html" "status $t_status"
fi
printf '.3.\n...\n' > "$t_tmp/w.txt"
t_run "$LAB" compare "$t_tmp/w.txt" --from 0,0 --to 2,0 --algorithms jps,astar
if grep -q '^jps .*needs an unweighted' "$t_tmp/out" &&
    grep -q '^astar .* 4  *yes' "$t_tmp/out"; then
	t_ok "compare: JPS declines a weighted grid, A* walks round the 3"
else
	t_fail "compare weighted" "$(cat "$t_tmp/out")"
fi
# A warm-up: no search pays the program's one-off costs, so the first of
# two identical searches takes about as long as the second (it took
# several times longer before).  CPU times, the median of three runs.
ratios=$(for run in 1 2 3; do
	: "$run"
	"$LAB" compare "$dao/arena.map" --from 4,4 --to 45,45 \
	    --movement 8-octile --algorithms astar,astar --csv |
	    awk -F, 'NR == 2 { a = $5 } NR == 3 { printf "%.2f\n", a / ($5 > 0 ? $5 : 0.1) }'
done | sort -n | tr '\n' ' ')
median=$(echo "$ratios" | awk '{ print $2 }')
if awk -v m="$median" 'BEGIN { exit !(m < 2.5) }'; then
	t_ok "compare: the first A* takes about as long as the second (ratios $ratios)"
else
	t_fail "compare warm-up" "the first A* took $median times the second's time ($ratios)"
fi
t_run "$LAB" compare "$dao/arena.map" --from 4,4 --to 45,45 --algorithms astar
if grep -q '^Times: the least of 3 runs of each search, after one untimed run\.$' "$t_tmp/out"; then
	t_ok "compare says how it times"
else
	t_fail "compare timing note" "$(tail -1 "$t_tmp/out")"
fi

# --costs and --heuristic: Lester's 10/14 map costs 68, not 6.828; JPS,
# which needs the library's costs, says so in the table and the page
# with the same words.
classic="${top_srcdir:-.}/tests/data/explain/classic-10-14.txt"
t_run "$LAB" compare "$classic" --from 1,2 --to 5,2 --movement 8-octile \
    --costs 10,14 --heuristic manhattan --html "$t_tmp/k.html"
bad=$(awk 'NR > 1 && $1 ~ /^(bfs|dijkstra|greedy|astar|weighted:1.5|bidirectional)$/ &&
    !($3 == 68 && $4 == "yes") { print }' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ -z "$bad" ] &&
    grep -q "^jps .*(needs the library's step costs, not --costs)$" "$t_tmp/out" &&
    grep -q "needs the library's step costs, not --costs</td>" "$t_tmp/k.html"; then
	t_ok "compare --costs 10,14 --heuristic manhattan: 68, and JPS's reason in both outputs"
else
	t_fail "compare --costs" "status $t_status: $bad $(grep jps "$t_tmp/out")"
fi
t_run "$LAB" compare "$classic" --from 1,2 --to 5,2 --movement 8-octile \
    --algorithms astar,dijkstra --heuristic zero --csv
astar=$(awk -F, '$1 == "astar" { print $2 }' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ -n "$astar" ] &&
    [ "$astar" = "$(awk -F, '$1 == "dijkstra" { print $2 }' "$t_tmp/out")" ]; then
	t_ok "compare --heuristic zero: A* expands what Dijkstra does"
else
	t_fail "compare --heuristic zero" "$(cat "$t_tmp/out")"
fi

# The page: weighted tiles drawn, start and goal apart, JPS's reason.
printf '.33\n.3.\n...\n' > "$t_tmp/w3.txt"
t_run "$LAB" compare "$t_tmp/w3.txt" --from 0,0 --to 2,0 \
    --algorithms astar,jps --html "$t_tmp/w.html"
cells=$(sed -n 's/.*data-cells="\([^"]*\)".*/\1/p' "$t_tmp/w.html" | head -1)
start=$(sed -n 's/.* S: \[\([0-9, ]*\)\].*/\1/p' "$t_tmp/w.html")
goal=$(sed -n 's/.* G: \[\([0-9, ]*\)\].*/\1/p' "$t_tmp/w.html")
# (1,0), (2,0) and (1,1) weigh 3: the path over (1,0) and the cell (1,1)
# it opened are drawn in the weighted tiles' letters (capitals).
case $cells in
S[UOCP]G?[UOCP]*)
	if [ -n "$start" ] && [ -n "$goal" ] && [ "$start" != "$goal" ] &&
	    echo "$cells" | grep -q '[UOCP]' &&
	    grep -q 'needs an unweighted 8-way grid without corner cutting</td>' "$t_tmp/w.html" &&
	    grep -q '^jps .*(needs an unweighted 8-way grid without corner cutting)$' "$t_tmp/out"; then
		t_ok "compare --html: weighted tiles drawn ($cells), start and goal in two colours, JPS's reason as in the table"
	else
		t_fail "compare page" "cells $cells, start '$start', goal '$goal'"
	fi ;;
*) t_fail "compare page" "cells '$cells'" ;;
esac

for args in "--algorithms astar,frob" "--algorithms weighted:0.5" \
    "--algorithms astar:2" "--movement 6" "--costs 0,14" "--costs 10" \
    "--heuristic taxi"; do
	# shellcheck disable=SC2086
	t_run "$LAB" compare "$t_tmp/w.txt" --from 0,0 --to 2,0 $args
	if [ "$t_status" -eq 2 ]; then
		t_ok "compare usage error: $args"
	else
		t_fail "compare usage error: $args" "status $t_status"
	fi
done
t_run "$LAB" compare "$t_tmp/w.txt" --from 0,0 --to 9,9
if [ "$t_status" -eq 1 ]; then
	t_ok "compare refuses a goal outside the map"
else
	t_fail "compare outside" "status $t_status"
fi
t_end
