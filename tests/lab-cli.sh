#!/bin/sh
# lab-cli.sh: astray-lab as a user runs it, end to end.
#
# The walkthrough must reproduce the textbook example (a 5-move path from
# (1,6) to (5,5), 1-based), its path must be legal on the map, the SVG must
# be written, and scen and dyn must solve the bundled benchmarks with no
# mismatch and emit CSV with one row per problem.  A scenario with a
# wrong optimal length must make scen fail, so the benchmark runner cannot
# pass by not checking.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_begin
data="${top_srcdir:-.}/tests/data"

# --- explain: the textbook example, 1-based, 4-connected, Manhattan ---
t_run "$LAB" explain "$data/explain/tutorial.txt" --from 1,6 --to 5,5 \
    --one-based --movement 4 --heuristic manhattan --svg "$t_tmp/walk.svg"
if [ "$t_status" -ne 0 ]; then
	t_fail "explain tutorial" "exit status $t_status: $(t_first_line "$t_tmp/err")"
else
	t_ok "explain tutorial runs"
fi
if grep -q '^Path: 5 moves, cost 5$' "$t_tmp/out"; then
	t_ok "explain tutorial: 5 moves, cost 5"
else
	t_fail "explain tutorial" "no 'Path: 5 moves, cost 5' line"
fi
# The path line: six points from (1,6) to (5,5), each a step to an open
# 4-neighbour of the previous (walls of the tutorial map: (4,2) (4,3) (4,4)
# (2,5)).
path=$(sed -n '/^Path: /{n;p;}' "$t_tmp/out")
ok=$(echo "$path" | tr -d '()' | awk '
	BEGIN { wall["4,2"]; wall["4,3"]; wall["4,4"]; wall["2,5"] }
	{
		if (NF != 6 || $1 != "1,6" || $NF != "5,5") { print "bad ends"; exit }
		for (i = 1; i <= NF; i++) {
			split($i, p, ",")
			if ($i in wall) { print "wall " $i; exit }
			if (i > 1) {
				d = (p[1] - px) * (p[1] - px) + (p[2] - py) * (p[2] - py)
				if (d != 1) { print "not a 4-step " $i; exit }
			}
			px = p[1]; py = p[2]
		}
		print "ok"
	}')
if [ "$ok" = ok ]; then
	t_ok "explain tutorial: the path is legal ($path)"
else
	t_fail "explain tutorial path" "$ok: $path"
fi
for want in '^Start: (1,6) g=0 h=5 f=5' '^Step 1: take (1,6)' \
    'is the goal: the search stops' '^  open: ' '^  closed: (1,6)'; do
	if grep -q "$want" "$t_tmp/out"; then
		t_ok "explain narrates: $want"
	else
		t_fail "explain narrates" "no line matching $want"
	fi
done
if grep -q '<svg' "$t_tmp/walk.svg" 2>/dev/null &&
    grep -q '</svg>' "$t_tmp/walk.svg"; then
	t_ok "explain --svg writes a drawing"
else
	t_fail "explain --svg" "no SVG in $t_tmp/walk.svg"
fi

# --- explain: the second example, 0-based, both connectivities ---
t_run "$LAB" explain "$data/explain/second.txt" --from 0,0 --to 4,4
if grep -q '^Path: 8 moves, cost 8$' "$t_tmp/out"; then
	t_ok "explain second example, 4-connected: cost 8"
else
	t_fail "explain second 4" "$(grep '^Path' "$t_tmp/out")"
fi
t_run "$LAB" explain "$data/explain/second.txt" --from 0,0 --to 4,4 \
    --movement 8-octile
if grep -q '^Path: 7 moves, cost 7.414$' "$t_tmp/out"; then
	t_ok "explain second example, octile: cost 7.414"
else
	t_fail "explain second 8" "$(grep '^Path' "$t_tmp/out")"
fi
t_run "$LAB" explain "$data/explain/second.txt" --from 0,0 --to 4,4 \
    --movement 8-octile --heuristic manhattan
if grep -q '^Warning: this heuristic can overestimate' "$t_tmp/out"; then
	t_ok "explain warns about an inadmissible heuristic"
else
	t_fail "explain warning" "no warning for manhattan on 8-octile"
fi

# --- explain: its own textbook search, narrated exactly ---
# Every step takes the cell printed first in the open list after the step
# before (least f, larger g, lower cell number), on 60 random 7x5 grids
# under 4- and 8-way movement; and its costs are the optimal lengths the
# Moving AI scenario of arena gives (an independent oracle).  Each grid
# and each problem runs explain's same paths on other data, so a slow run
# (ASTRAY_TEST_SCALE, see lib.sh: under valgrind or the sanitizers) takes
# the first of them, both movement rules still (at least 2 grids); make
# check's full run takes them all.
grids=$(t_scaled 60 2)
problems=$(t_scaled 40)
bad=0
i=0
while [ "$i" -lt "$grids" ]; do
	awk -v seed="$i" 'BEGIN { srand(seed); for (y = 0; y < 5; y++) {
		row = ""; for (x = 0; x < 7; x++)
			row = row (rand() < 0.25 ? "#" : ".")
		print row } }' > "$t_tmp/r.txt"
	# Open the corners the search runs between.
	sed -i '1s/^./S/; 5s/.$/G/; s/S/./; s/G/./' "$t_tmp/r.txt"
	mv_rule=4
	[ $((i % 2)) -eq 1 ] && mv_rule=8-octile
	t_run "$LAB" explain "$t_tmp/r.txt" --from 0,0 --to 6,4 \
	    --movement "$mv_rule"
	if [ "$t_status" -ne 0 ] || ! awk '
		/^  open:/ { split($0, a, " "); first = a[2]; next }
		/^Step [0-9]+: take/ {
			if (first != "" && $4 != first) bad = 1
		}
		END { exit bad }' "$t_tmp/out"; then
		bad=$((bad + 1))
		cp "$t_tmp/out" "$t_tmp/bad-explain.txt"
	fi
	i=$((i + 1))
done
if [ "$bad" -eq 0 ]; then
	t_ok "explain: $grids random grids, every step takes the cell printed first"
else
	t_fail "explain order" "$bad grids where a step took another cell:" \
	    "$(grep -m 3 -E '^Step|^  open' "$t_tmp/bad-explain.txt")"
fi
bad=$(awk -v last=$((problems + 1)) 'NR > 1 && NR <= last {
	print $5, $6, $7, $8, $9 }' \
    "$data/movingai/dao/arena.map.scen" | while read -r sx sy gx gy opt; do
	"$LAB" explain "$data/movingai/dao/arena.map" --from "$sx,$sy" \
	    --to "$gx,$gy" --movement 8-octile --steps 0 |
	    awk -v opt="$opt" '/^Path:/ { c = $NF; d = c - opt; if (d < 0) d = -d
		if (d > 0.011) print "bad" }
		/there is no path/ { print "bad" }'
done | grep -c bad)
if [ "$bad" -eq 0 ]; then
	t_ok "explain: $problems arena problems at their Moving AI optimal lengths"
else
	t_fail "explain costs" "$bad of $problems arena problems off their optimum"
fi

# --- explain: unreachable goal and bad points ---
printf '.#.\n.#.\n.#.\n' > "$t_tmp/split.txt"
t_run "$LAB" explain "$t_tmp/split.txt" --from 0,0 --to 2,2
if [ "$t_status" -eq 0 ] && grep -q 'there is no path' "$t_tmp/out"; then
	t_ok "explain reports an unreachable goal"
else
	t_fail "explain unreachable" "status $t_status"
fi
t_run "$LAB" explain "$t_tmp/split.txt" --from 1,1 --to 2,2
if [ "$t_status" -eq 1 ] && grep -q 'is a wall' "$t_tmp/err"; then
	t_ok "explain refuses a start on a wall"
else
	t_fail "explain wall" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$LAB" explain "$t_tmp/split.txt" --from 0,0 --to 9,9
if [ "$t_status" -eq 1 ] && grep -q 'is outside' "$t_tmp/err"; then
	t_ok "explain refuses a goal outside the map"
else
	t_fail "explain outside" "status $t_status: $(t_first_line "$t_tmp/err")"
fi

# --- usage errors exit 2 ---
for args in "" "frobnicate" "explain" "explain $t_tmp/split.txt --from 0,0" \
    "explain $t_tmp/split.txt --from x --to 1,1" \
    "explain $t_tmp/split.txt --from 0,0 --to 2,2 --movement 6" \
    "scen" "scen --bogus x" "dyn" "dyn a b"; do
	# shellcheck disable=SC2086
	t_run "$LAB" $args
	if [ "$t_status" -eq 2 ]; then
		t_ok "usage error exits 2: astray-lab $args"
	else
		t_fail "usage error: astray-lab $args" "exit status $t_status"
	fi
done
for cmd in "--help" "explain --help" "compare --help" "scen --help" "dyn --help" \
    "--version"; do
	# shellcheck disable=SC2086
	t_run "$LAB" $cmd
	if [ "$t_status" -eq 0 ] && [ -s "$t_tmp/out" ]; then
		t_ok "astray-lab $cmd"
	else
		t_fail "astray-lab $cmd" "exit status $t_status or no output"
	fi
done

# --- scen: the bundled Dragon Age maps, table and CSV ---
dao="$data/movingai/dao"
t_run "$LAB" scen "$dao/arena.map.scen" "$dao/den101d.map.scen" \
    "$dao/den312d.map.scen"
if [ "$t_status" -eq 0 ] && grep -q '^total ' "$t_tmp/out" &&
    awk '$1 != "file" && $4 != 0 { bad = 1 } END { exit bad }' "$t_tmp/out"; then
	t_ok "scen: 700 Dragon Age problems, no mismatch"
else
	t_fail "scen table" "status $t_status: $(cat "$t_tmp/out" "$t_tmp/err")"
fi
t_run "$LAB" scen --csv "$dao/den312d.map.scen"
header=$(t_first_line "$t_tmp/out")
rows=$(($(t_lines "$t_tmp/out") - 1))
if [ "$header" = "file,search,index,sx,sy,gx,gy,optimal,cost,expansions,micros" ] &&
    [ "$rows" -eq 320 ]; then
	t_ok "scen --csv: header and 320 rows"
else
	t_fail "scen --csv" "header '$header', $rows rows"
fi
bad=$(awk -F, 'NR > 1 { t = 2e-5 * $8; if (t < 0.011) t = 0.011;
	d = $9 - $8; if (d < 0) d = -d; if (d > t) n++ } END { print n + 0 }' \
    "$t_tmp/out")
if [ "$bad" -eq 0 ]; then
	t_ok "scen --csv: every cost matches its optimal length"
else
	t_fail "scen --csv costs" "$bad rows differ"
fi
# --- scen --search: jump point search beside A*, and auto ---
t_run "$LAB" scen --search astar,jps,auto "$dao/den312d.map.scen"
if [ "$t_status" -eq 0 ] &&
    awk 'NR == 1 && $NF != "ratio" { bad = 1 }
	NR > 1 { seen[$2] = 1; if ($3 != 320 || $4 != 0) bad = 1 }
	NR == 2 && ($2 != "astar" || $NF != "1.000") { bad = 1 }
	NR == 3 && ($2 != "jps" || $NF >= 1) { bad = 1 }
	END { exit bad || !seen["auto"] }' "$t_tmp/out"; then
	t_ok "scen --search astar,jps,auto: three rows, jps faster than astar"
else
	t_fail "scen --search" "status $t_status: $(cat "$t_tmp/out" "$t_tmp/err")"
fi
# --repeat: whole passes timed, for queries shorter than the clock's cost.
t_run "$LAB" scen --search jps,astar --repeat 3 "$dao/arena.map.scen"
if [ "$t_status" -eq 0 ] &&
    awk 'NR > 1 { n++; if ($3 != 160 || $4 != 0 || $5 + 0 <= 0) bad = 1 }
	NR == 3 && ($2 != "astar" || $NF <= 1) { bad = 1 }
	END { exit bad || n != 2 }' "$t_tmp/out"; then
	t_ok "scen --repeat 3: two rows, timed, jps faster than astar"
else
	t_fail "scen --repeat" "status $t_status: $(cat "$t_tmp/out" "$t_tmp/err")"
fi
t_run "$LAB" scen --csv --search jps "$dao/den312d.map.scen"
bad=$(awk -F, 'NR > 1 { if ($2 != "jps") n++; t = 2e-5 * $8;
	if (t < 0.011) t = 0.011; d = $9 - $8; if (d < 0) d = -d;
	if (d > t) n++ } END { print n + 0 }' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ "$bad" -eq 0 ] &&
    [ "$(($(t_lines "$t_tmp/out") - 1))" -eq 320 ]; then
	t_ok "scen --search jps --csv: 320 optimal rows"
else
	t_fail "scen --search jps --csv" "status $t_status, $bad bad rows"
fi
for bad_search in "dijkstra" "astar,astar" "jps," ""; do
	t_run "$LAB" scen --search "$bad_search" "$dao/den312d.map.scen"
	if [ "$t_status" -eq 2 ] && grep -q -- '--search' "$t_tmp/err"; then
		t_ok "scen --search '$bad_search' is refused"
	else
		t_fail "scen --search '$bad_search'" "status $t_status"
	fi
done
cp "$dao/arena.map" "$t_tmp/other-name.map"
t_run "$LAB" scen --map "$t_tmp/other-name.map" "$dao/arena.map.scen"
if [ "$t_status" -eq 0 ]; then
	t_ok "scen --map names the map"
else
	t_fail "scen --map" "status $t_status: $(t_first_line "$t_tmp/err")"
fi

# A wrong optimal length must be caught: exit 1 and a mismatch line.
cp "$dao/arena.map" "$t_tmp/liar.map"
awk 'NR == 3 { $9 = $9 + 1 } { print }' OFS='\t' "$dao/arena.map.scen" \
    > "$t_tmp/liar.map.scen"
t_run "$LAB" scen "$t_tmp/liar.map.scen"
if [ "$t_status" -eq 1 ] && grep -q 'liar.map.scen:3: mismatch' "$t_tmp/err"; then
	t_ok "scen catches a wrong optimal length"
else
	t_fail "scen mismatch" "status $t_status: $(cat "$t_tmp/err")"
fi

# --- dyn: the GPPC dynamic-track fixtures ---
for f in rooms-32x24 den312d; do
	t_run "$LAB" dyn "$data/dyn/$f.scen"
	if [ "$t_status" -eq 0 ] && awk 'NR == 1 { for (i = 1; i <= NF; i++)
	    if ($i == "wrong") col = i } NR == 2 && col && $col == 0 { ok = 1 }
	    END { exit !ok }' "$t_tmp/out"; then
		t_ok "dyn $f: every query matches its reference"
	else
		t_fail "dyn $f" "status $t_status: $(cat "$t_tmp/out" "$t_tmp/err")"
	fi
done
for f in rooms-32x24 den312d; do
	for s in jps auto; do
		t_run "$LAB" dyn --search "$s" --csv "$data/dyn/$f.scen"
		bad=$(awk -F, 'NR > 1 { if (($6 < 0) != ($7 < 0)) n++
		    t = 2e-5 * $6; if (t < 0.011) t = 0.011; d = $7 - $6
		    if (d < 0) d = -d; if ($6 >= 0 && d > t) n++ }
		    END { print n + 0 }' "$t_tmp/out")
		if [ "$t_status" -eq 0 ] && [ "$bad" -eq 0 ] &&
		    [ "$(($(t_lines "$t_tmp/out") - 1))" -eq \
		    "$(grep -c '^Q ' "$data/dyn/$f.scen")" ]; then
			t_ok "dyn --search $s $f: every query matches"
		else
			t_fail "dyn --search $s $f" "status $t_status, $bad wrong"
		fi
	done
done
t_run "$LAB" dyn --search jps --planner mtdstar "$data/dyn/den312d.scen"
if [ "$t_status" -eq 2 ]; then
	t_ok "dyn: --search and --planner exclude each other"
else
	t_fail "dyn --search --planner" "status $t_status"
fi
t_run "$LAB" dyn --csv "$data/dyn/rooms-32x24.scen"
header=$(t_first_line "$t_tmp/out")
queries=$(grep -c '^Q ' "$data/dyn/rooms-32x24.scen")
rows=$(($(t_lines "$t_tmp/out") - 1))
if [ "$header" = "index,sx,sy,gx,gy,reference,cost,micros" ] &&
    [ "$rows" -eq "$queries" ]; then
	t_ok "dyn --csv: header and one row per query ($rows)"
else
	t_fail "dyn --csv" "header '$header', $rows rows for $queries queries"
fi
if awk -F, 'NR > 1 && ($6 < 0) != ($7 < 0) { bad = 1 } END { exit bad }' \
    "$t_tmp/out"; then
	t_ok "dyn --csv: -1 exactly where the reference has no path"
else
	t_fail "dyn --csv none" "a -1 disagrees"
fi

# --- dyn --planner: every planner kept across queries and patches ---
for pl in astar cached dstar mtdstar field crowd adaptive; do
	t_run "$LAB" dyn --planner "$pl" "$data/dyn/den312d.scen"
	if [ "$pl" = cached ]; then
		# cached may be dear but must agree on which queries have a path
		t_run "$LAB" dyn --planner cached --csv "$data/dyn/den312d.scen"
		if awk -F, 'NR > 1 && ($6 < 0) != ($7 < 0) { bad = 1 }
		    NR > 1 && $6 >= 0 && $7 < $6 - 0.011 { bad = 1 }
		    END { exit bad }' "$t_tmp/out"; then
			t_ok "dyn --planner cached: never cheaper than optimal"
		else
			t_fail "dyn --planner cached" "a cost below the reference"
		fi
		continue
	fi
	if [ "$t_status" -eq 0 ] && grep -q " $pl " "$t_tmp/out"; then
		t_ok "dyn --planner $pl: every query matches"
	else
		t_fail "dyn --planner $pl" "status $t_status: $(cat "$t_tmp/err")"
	fi
done
t_run "$LAB" dyn --planner nosuch "$data/dyn/den312d.scen"
if [ "$t_status" -eq 2 ]; then
	t_ok "dyn refuses an unknown planner"
else
	t_fail "dyn unknown planner" "exit status $t_status"
fi

# --- chase: every planner on one scenario, exact where it must be ---
# The planners the binary has, from its own list (others may be added).
"$LAB" chase --scenario chase-small --planner nosuch 2>"$t_tmp/names" || :
nplanners=$(sed -n 's/.*all or some of: //p' "$t_tmp/names" | tr ',' '\n' |
    grep -c .)
t_run "$LAB" chase --scenario chase-small --turns 150 --csv
header=$(t_first_line "$t_tmp/out")
want="planner,monster_turns,expansions_per_turn,cpu_us_mean,turn_cpu_us_p99,ns_per_expansion,restarts,replans,peak_kib,cost_diffs,excess_mean,excess_max"
if [ "$t_status" -eq 0 ] && [ "$header" = "$want" ] &&
    [ "$nplanners" -ge 7 ] &&
    [ "$(t_lines "$t_tmp/out")" -eq $((nplanners + 1)) ] &&
    [ -z "$(awk -F, 'NF != 12' "$t_tmp/out")" ]; then
	t_ok "chase --csv: header and a row of 12 fields per planner ($nplanners)"
else
	t_fail "chase --csv" "status $t_status, header '$header', $nplanners planners"
fi
bad=$(awk -F, 'NR > 1 && $1 != "cached" && $10 != 0 { print $1 }' "$t_tmp/out")
turns=$(awk -F, 'NR > 1 && $2 != 1500 { print $1 }' "$t_tmp/out")
if [ -z "$bad" ] && [ -z "$turns" ]; then
	t_ok "chase: optimal planners never differ from A* (1500 monster-turns)"
else
	t_fail "chase diffs" "planners with cost differences or short runs: $bad $turns"
fi
# Every A* call searches from scratch, so its restarts are its replans;
# cached searches on a minority of turns; shares lie in [0,1]; CPU time
# and ns per expansion are positive wherever there were expansions.
bad=$(awk -F, 'NR > 1 {
	if ($7 < 0 || $7 > 1 || $4 <= 0 || ($3 > 0 && $6 <= 0)) print $1
	if ($1 == "astar" && ($7 * $2 < $8 - 0.5 || $7 * $2 > $8 + 0.5)) print "astar"
	if ($1 == "cached" && $7 >= 0.5) print "cached"
}' "$t_tmp/out")
if [ -z "$bad" ]; then
	t_ok "chase --csv: restarts, CPU time and ns per expansion are sane"
else
	t_fail "chase restarts" "$bad"
fi
t_run "$LAB" chase --scenario chase-small --turns 150
if [ "$t_status" -eq 0 ] && grep -q 'one clock pair per planner-turn' "$t_tmp/out" &&
    grep -q 'a reading costs [0-9.]* us' "$t_tmp/out" &&
    grep -q '^astar .* 1\.000 *1\.000$' "$t_tmp/out" &&
    grep -q 'interleaved in one process' "$t_tmp/out"; then
	t_ok "chase table: interleaved, clock cost, ratios to astar"
else
	t_fail "chase table" "status $t_status: $(head -5 "$t_tmp/out")"
fi
# The scenario is the seed's: the same figures however the planners are
# grouped (interleaved with the others or alone), and with --crowding
# monsters wait for each other: fewer steps, other figures.
t_run "$LAB" chase --scenario chase-small --turns 150 --csv --planner mtdstar
cut -d, -f1-3,7,8,10 "$t_tmp/out" | sed 1d >"$t_tmp/alone"
t_run "$LAB" chase --scenario chase-small --turns 150 --csv
grep '^mtdstar,' "$t_tmp/out" | cut -d, -f1-3,7,8,10 >"$t_tmp/together"
if [ -s "$t_tmp/alone" ] && cmp -s "$t_tmp/alone" "$t_tmp/together"; then
	t_ok "chase: a planner's figures do not depend on the others running"
else
	t_fail "chase interleaving" "$(cat "$t_tmp/alone") vs $(cat "$t_tmp/together")"
fi
t_run "$LAB" chase --scenario chase-small --turns 150 --crowding
waits=$(sed -n 's/^crowding: .*astar \([0-9]*\).*/\1/p' "$t_tmp/out")
if [ "$t_status" -eq 0 ] && [ -n "$waits" ] && [ "$waits" -gt 0 ] &&
    grep -q ', crowding$' "$t_tmp/out"; then
	t_ok "chase --crowding: monsters wait for each other ($waits refused steps)"
else
	t_fail "chase --crowding" "status $t_status: $(tail -2 "$t_tmp/out")"
fi
t_run "$LAB" chase --scenario chase-small --turns 100 --isolate
if [ "$t_status" -eq 0 ] && grep -q '^memory (KiB), one planner per process' "$t_tmp/out" &&
    [ "$(grep -c -E '^[a-z]+ +[0-9]+ .*(ok|over|not judged|unknown)' "$t_tmp/out")" -eq "$nplanners" ] &&
    grep -q 'costs were not compared' "$t_tmp/out"; then
	t_ok "chase --isolate: a memory line per planner"
else
	t_fail "chase --isolate" "status $t_status: $(tail -3 "$t_tmp/out")"
fi
for sc in chase-std chase-big chase-far; do
	t_run "$LAB" chase --scenario "$sc" --monsters 2 --turns 2 --planner astar \
	    --csv
	if [ "$t_status" -eq 0 ] && [ "$(t_lines "$t_tmp/out")" -eq 2 ]; then
		t_ok "chase --scenario $sc finds its map in a fresh clone"
	else
		t_fail "chase $sc" "status $t_status: $(cat "$t_tmp/err")"
	fi
done
t_run "$LAB" chase --generate caves:60x30 --monsters 8 --turns 80 --doors 10 \
    --toggle 0.1 --seed 3 --planner mtdstar,dstar --budget 7
if [ "$t_status" -eq 0 ] && grep -q '^mtdstar ' "$t_tmp/out" &&
    grep -q '^dstar ' "$t_tmp/out" && ! grep -q '^astar ' "$t_tmp/out"; then
	t_ok "chase --planner picks planners, --budget runs"
else
	t_fail "chase --planner" "status $t_status: $(cat "$t_tmp/err")"
fi
for args in "--scenario nosuch" "--generate blob:10x10" "--generate rooms:3x3" \
    "--scenario chase-small --planner nosuch" "--scenario chase-small --toggle 2" \
    "--monsters 3" "--scenario chase-small --crowding=1"; do
	# shellcheck disable=SC2086
	t_run "$LAB" chase $args
	if [ "$t_status" -eq 2 ]; then
		t_ok "chase usage error exits 2: $args"
	else
		t_fail "chase usage: $args" "exit status $t_status"
	fi
done
# Sizes out of range are refused as written, never wrapped (issue 12).
for size in 4294967376x21 99999999999999999999x21 80x4294967317 80x21x \
    x21 80x; do
	t_run "$LAB" chase --generate "rooms:$size"
	if [ "$t_status" -eq 2 ] && grep -q "\"\(rooms:\)*$size\"" \
	    "$t_tmp/err"; then
		t_ok "chase --generate rooms:$size: refused, named as written"
	else
		t_fail "chase --generate rooms:$size" "status $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
	fi
done
t_run "$LAB" chase --map "$t_tmp/missing.map"
if [ "$t_status" -eq 1 ] && grep -q 'missing.map' "$t_tmp/err"; then
	t_ok "chase reports a missing map"
else
	t_fail "chase missing map" "status $t_status: $(cat "$t_tmp/err")"
fi

# safety: the map a fleeing monster runs down.  Every arrow points to a
# neighbour that is safer, the second pass lowers cells below -1.2 times
# their distance (the way on counts), and the pursuer is where --from says.
printf '##########\n#........#\n#.####..##\n#.#..#...#\n#.#.##.#.#\n#...#..#.#\n#########.\n' >"$t_tmp/safe.txt"
t_run "$LAB" safety "$t_tmp/safe.txt" --from 1,1 --csv
if [ "$t_status" -eq 0 ] && [ "$(sed 1d "$t_tmp/out" | wc -l)" -eq 28 ] &&
    awk -F, 'NR > 1 { s[$1 "," $2] = $4; st[NR] = $5 "," $6; me[NR] = $1 "," $2
	d[NR] = $3 }
    END { bad = 0; low = 0
	for (r in st) {
		if (st[r] != me[r] && !(s[st[r]] + 0 < s[me[r]] + 0)) bad++
		if (s[me[r]] + 0 < -1.2 * d[r] - 0.001) low++
	}
	exit !(bad == 0 && low > 0) }' "$t_tmp/out"; then
	t_ok "safety --csv: every step goes somewhere safer; the way on counts"
else
	t_fail "safety --csv" "status $t_status: $(head -3 "$t_tmp/out")"
fi
t_run "$LAB" safety "$t_tmp/safe.txt" --from 1,1
if [ "$t_status" -eq 0 ] && [ "$(sed -n 2p "$t_tmp/out" | cut -c2)" = @ ] &&
    [ "$(sed -n 1p "$t_tmp/out")" = '##########' ] &&
    [ "$(grep -c '[o]' "$t_tmp/out")" -ge 1 ]; then
	t_ok "safety: the map with the pursuer, walls and a refuge"
else
	t_fail "safety map" "status $t_status: $(cat "$t_tmp/out")"
fi
t_run "$LAB" safety "$t_tmp/safe.txt" --from 0,0
t_run2=$t_status
t_run "$LAB" safety "$t_tmp/safe.txt"
if [ "$t_run2" -eq 1 ] && [ "$t_status" -eq 2 ]; then
	t_ok "safety: a wall for --from is bad input, no --from bad usage"
else
	t_fail "safety errors" "statuses $t_run2 and $t_status"
fi

# Results that cannot be written are a failure, not a success.
if [ -w /dev/full ]; then
	t_status=0
	"$LAB" scen --csv "$dao/den312d.map.scen" >/dev/full 2>"$t_tmp/err" ||
	    t_status=$?
	if [ "$t_status" -eq 1 ] && grep -q '^astray-lab: standard output: ' \
	    "$t_tmp/err"; then
		t_ok "scen --csv > /dev/full: exit 1 with a message"
	else
		t_fail "scen > /dev/full" "status $t_status: $(cat "$t_tmp/err")"
	fi
fi

t_end
