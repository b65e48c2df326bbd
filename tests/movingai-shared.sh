#!/bin/sh
# movingai-shared.sh: astray-lab against the Moving AI benchmark set.
#
# The benchmark files live outside the source tree, in ../shared/movingai
# (see tests/data/movingai/README.md for their origin and licence); when
# that folder is absent the test is skipped (status 77), never passed.
# Every scenario file there is solved with "astray-lab scen --csv
# --search astar,jps", by A* and by jump point search, and each found
# length is compared, here in awk, with the optimal length the file
# gives, within max(0.011, 2e-5 * length): the lab's own verdict is not
# trusted, and every problem must come back as a row from each search.
#
# The whole set takes minutes (the 512x512 maze alone holds 11,960
# problems), so files with more than MOVINGAI_CAP problems (300 unless
# set) are thinned to every k-th problem, which keeps every length bucket
# and brings the run near ten seconds.  MOVINGAI_ALL=1 runs everything.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

shared="${top_srcdir:-.}/../shared/movingai"
if [ ! -d "$shared" ]; then
	echo "SKIP: ../shared/movingai not found; the Moving AI tests over" \
	    "the full set were skipped"
	exit 77
fi
t_need_lab
t_begin

cap=${MOVINGAI_CAP:-300}
if [ -n "${MOVINGAI_ALL:-}" ]; then
	cap=0
fi
planned=0
available=0
sampled=0
files=0
started=$(date +%s)

for scen in "$shared"/*/*.map.scen; do
	[ -f "$scen" ] || continue
	map=${scen%.scen}
	name=${scen#"$shared"/}
	total=$(awk 'NR > 1 && NF > 0 { n++ } END { print n + 0 }' "$scen")
	available=$((available + total))
	files=$((files + 1))
	run=$scen
	what="$total problems"
	if [ "$cap" -gt 0 ] && [ "$total" -gt "$cap" ]; then
		step=$(((total + cap - 1) / cap))
		run="$t_tmp/$(basename "$scen")"
		awk -v step="$step" '
			NR == 1 { print; next }
			NF > 0 { if (n % step == 0) print; n++ }
		' "$scen" >"$run"
		what="1 in $step of $total problems"
		sampled=1
	fi
	want=$(awk 'NR > 1 && NF > 0 { n++ } END { print n + 0 }' "$run")
	planned=$((planned + want))

	t_run "$LAB" scen --csv --search astar,jps --map "$map" "$run"
	if [ "$t_status" -ne 0 ] && [ ! -s "$t_tmp/out" ]; then
		t_fail "$name" "astray-lab exited $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
		continue
	fi
	# Columns from the end, so a comma in a path cannot shift them:
	# ...,search,index,sx,sy,gx,gy,optimal,cost,expansions,micros.  A
	# row whose cost is not a number (no path found) is a mismatch.
	awk -F, -v details="$t_tmp/details" '
		$(NF - 8) !~ /^[0-9]+$/ { next }	# a header, if any
		{
			rows++
			by[$(NF - 9)]++
			opt = $(NF - 3) + 0
			cost = $(NF - 2)
			tol = 2e-5 * opt
			if (tol < 0.011)
				tol = 0.011
			d = cost - opt
			if (d < 0)
				d = -d
			if (cost !~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ ||
			    d > tol) {
				bad++
				if (bad <= 3)
					printf "    %s, problem %s: (%s,%s)->" \
					    "(%s,%s) found %s, optimal %s\n",
					    $(NF - 9), $(NF - 8), $(NF - 7), $(NF - 6),
					    $(NF - 5), $(NF - 4), cost,
					    $(NF - 3) >details
			}
		}
		END {
			# Both searches must have answered every problem.
			if (by["astar"] != by["jps"])
				rows = -1
			print rows + 0, bad + 0
		}
	' "$t_tmp/out" >"$t_tmp/counts"
	read -r rows bad <"$t_tmp/counts"
	if [ "$rows" -ne $((2 * want)) ]; then
		t_fail "$name" "$rows rows for $want problems by two searches" \
		    "($what)"
	elif [ "$bad" -ne 0 ]; then
		t_fail "$name" "$bad of $rows lengths differ from the optimal"
		cat "$t_tmp/details"
	elif [ "$t_status" -ne 0 ]; then
		t_fail "$name" "lengths match but astray-lab exited" \
		    "$t_status: $(t_first_line "$t_tmp/err")"
	else
		t_ok "$name: $what, A* and jump point search, 0 mismatches"
	fi
	rm -f "$t_tmp/details"
done

if [ "$files" -eq 0 ]; then
	t_fail "scenario files" "none found in $shared"
fi
elapsed=$(($(date +%s) - started))
if [ "$sampled" -ne 0 ]; then
	echo "sampled: ran $planned of $available problems in $files files" \
	    "in ${elapsed}s (files over $cap problems thinned; set" \
	    "MOVINGAI_ALL=1 to run all of them)"
else
	echo "ran all $planned problems in $files files in ${elapsed}s"
fi
t_end
