#!/bin/sh
# chase-thresholds.sh: regenerates tests/data/chase/thresholds.csv, the
# limits tests/chase-guard.sh holds the chase benchmark's deterministic
# figures to.
#
# usage: tests/tools/chase-thresholds.sh [LAB]
#
# LAB is the astray-lab binary (default: build/astray-lab, else
# astray-lab in the current folder).  Run from anywhere; it runs every
# line of tests/data/chase/runs.txt with every planner the binary has
# (--planner all), then writes one row per run and planner:
#
#   run,planner,expansions_per_turn,max_expansions_per_turn,cost_diffs,max_cost_diffs
#
# The measured figures are kept beside the limits so that the headroom
# can be read off the file:
#   - expansions per monster-turn: 5% headroom (the limit is the figure
#     times 1.05, rounded up to 3 decimals), so that a change of tie-
#     breaking that moves a few expansions passes, and losing the reuse an
#     incremental planner was built for fails;
#   - cost differences from a from-scratch A*: none for a planner that
#     had none (an optimal planner stays optimal), 10% more (rounded up)
#     for one that had some (cached).
# Times are never guarded: they depend on the machine.  Read the diff
# before committing; a limit that goes up needs a reason in the commit.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
data="$here/../data/chase"
lab=${1:-}
if [ -z "$lab" ]; then
	for try in "$here/../../build/astray-lab" ./astray-lab; do
		if [ -x "$try" ]; then
			lab=$try
			break
		fi
	done
fi
if [ -z "$lab" ] || [ ! -x "$lab" ]; then
	echo "usage: $0 [LAB]: no astray-lab binary found" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/chase-thresholds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "run,planner,expansions_per_turn,max_expansions_per_turn,cost_diffs,max_cost_diffs" \
    >"$tmp/thresholds.csv"
grep -v '^#' "$data/runs.txt" | grep -v '^[[:space:]]*$' |
while read -r name args; do
	# The maps of the standard scenarios are found from the top of the
	# source tree, whatever the current folder.
	# shellcheck disable=SC2086
	(cd "$here/../.." && "$lab" $args --planner all --csv) >"$tmp/out"
	awk -F, -v run="$name" 'NR > 1 {
		lim = int($3 * 1.05 * 1000 + 0.999) / 1000
		d = $10 + 0
		dlim = d == 0 ? 0 : int(d * 1.10 + 0.999)
		printf "%s,%s,%.3f,%.3f,%d,%d\n", run, $1, $3, lim, d, dlim
	}' "$tmp/out" >>"$tmp/thresholds.csv"
done
cp "$tmp/thresholds.csv" "$data/thresholds.csv"
echo "wrote $data/thresholds.csv; read git diff before committing"
