#!/bin/sh
# chase-guard.sh: later changes must not quietly undo the planners' work.
#
# The chase benchmark's expansions per monster-turn and its cost
# differences from a from-scratch A* are deterministic (times are not, and
# are never checked here).  Every run of tests/data/chase/runs.txt must
# stay within the limits of tests/data/chase/thresholds.csv, for every
# planner both name: expansions at most the limit (5% above the figure
# measured when the file was made), cost differences at most theirs (0 for
# the optimal planners).  A planner the binary has but the file does not
# (one added since) is reported and not failed, as is a row whose planner
# the binary lacks; tests/tools/chase-thresholds.sh regenerates the file.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_begin
data="${top_srcdir:-.}/tests/data/chase"
limits="$data/thresholds.csv"
header="planner,monster_turns,expansions_per_turn,cpu_us_mean,turn_cpu_us_p99,ns_per_expansion,restarts,replans,peak_kib,cost_diffs,excess_mean,excess_max"

grep -v '^#' "$data/runs.txt" | grep -v '^[[:space:]]*$' >"$t_tmp/runs"
while read -r name args; do
	# shellcheck disable=SC2086
	t_run "$LAB" $args --planner all --csv
	if [ "$t_status" -ne 0 ] ||
	    [ "$(t_first_line "$t_tmp/out")" != "$header" ]; then
		t_fail "chase run $name" "exit status $t_status: $(t_first_line "$t_tmp/err")"
		continue
	fi
	# One verdict line per planner of the run, then one per row of the
	# limits the run did not produce.
	awk -F, -v run="$name" '
		FNR == NR {
			if (FNR > 1 && $1 == run) {
				maxexp[$2] = $4; maxdiff[$2] = $6; known[$2] = 1
			}
			next
		}
		FNR > 1 {
			seen[$1] = 1
			if (!($1 in known)) {
				printf "new %s: %s has no limits yet " \
				    "(tests/tools/chase-thresholds.sh adds them)\n",
				    run, $1
			} else if ($3 + 0 > maxexp[$1] + 0) {
				printf "fail %s: %s expands %s cells per " \
				    "monster-turn, over its limit %s\n",
				    run, $1, $3, maxexp[$1]
			} else if ($10 + 0 > maxdiff[$1] + 0) {
				printf "fail %s: %s differs from A* on %s " \
				    "monster-turns, over its limit %s\n",
				    run, $1, $10, maxdiff[$1]
			} else {
				printf "ok %s: %s %s expansions per monster-" \
				    "turn (limit %s), %s cost differences " \
				    "(limit %s)\n", run, $1, $3, maxexp[$1],
				    $10, maxdiff[$1]
			}
		}
		END {
			for (p in known)
				if (!(p in seen))
					printf "gone %s: %s has limits but did " \
					    "not run\n", run, p
		}' "$limits" "$t_tmp/out" >"$t_tmp/verdicts"
	if [ ! -s "$t_tmp/verdicts" ]; then
		t_fail "chase run $name" "no planner rows"
	fi
	while read -r verdict what; do
		case $verdict in
		ok) t_ok "$what" ;;
		fail) t_fail "chase guard" "$what" ;;
		*) echo "note - $what" ;;
		esac
	done <"$t_tmp/verdicts"
done <"$t_tmp/runs"

t_end
