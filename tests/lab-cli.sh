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
for cmd in "--help" "explain --help" "scen --help" "dyn --help" "--version"; do
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
    awk '$1 != "file" && $3 != 0 { bad = 1 } END { exit bad }' "$t_tmp/out"; then
	t_ok "scen: 700 Dragon Age problems, no mismatch"
else
	t_fail "scen table" "status $t_status: $(cat "$t_tmp/out" "$t_tmp/err")"
fi
t_run "$LAB" scen --csv "$dao/den312d.map.scen"
header=$(t_first_line "$t_tmp/out")
rows=$(($(t_lines "$t_tmp/out") - 1))
if [ "$header" = "file,index,sx,sy,gx,gy,optimal,cost,expansions,micros" ] &&
    [ "$rows" -eq 320 ]; then
	t_ok "scen --csv: header and 320 rows"
else
	t_fail "scen --csv" "header '$header', $rows rows"
fi
bad=$(awk -F, 'NR > 1 { t = 2e-5 * $7; if (t < 0.011) t = 0.011;
	d = $8 - $7; if (d < 0) d = -d; if (d > t) n++ } END { print n + 0 }' \
    "$t_tmp/out")
if [ "$bad" -eq 0 ]; then
	t_ok "scen --csv: every cost matches its optimal length"
else
	t_fail "scen --csv costs" "$bad rows differ"
fi
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
for pl in astar cached dstar mtdstar field; do
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
t_run "$LAB" chase --scenario chase-small --turns 150 --csv
header=$(t_first_line "$t_tmp/out")
want="planner,monster_turns,expansions_per_turn,micros_mean,micros_p99,replans,peak_kib,cost_diffs,excess_mean,excess_max"
if [ "$t_status" -eq 0 ] && [ "$header" = "$want" ] &&
    [ "$(t_lines "$t_tmp/out")" -eq 6 ]; then
	t_ok "chase --csv: header and a row per planner"
else
	t_fail "chase --csv" "status $t_status, header '$header'"
fi
bad=$(awk -F, 'NR > 1 && $1 != "cached" && $8 != 0 { print $1 }' "$t_tmp/out")
turns=$(awk -F, 'NR > 1 && $2 != 1500 { print $1 }' "$t_tmp/out")
if [ -z "$bad" ] && [ -z "$turns" ]; then
	t_ok "chase: optimal planners never differ from A* (1500 monster-turns)"
else
	t_fail "chase diffs" "planners with cost differences or short runs: $bad $turns"
fi
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
    "--monsters 3"; do
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
