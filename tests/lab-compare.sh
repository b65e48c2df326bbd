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
for args in "--algorithms astar,frob" "--algorithms weighted:0.5" \
    "--algorithms astar:2" "--movement 6"; do
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
