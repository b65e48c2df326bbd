#!/bin/sh
# regen-play.sh: rewrite tests/data/play/expected.csv, the short bot run
# tests/lab-play.sh holds astray-lab play to.
#
#     tests/tools/regen-play.sh [--lab BINARY] [--data DIR]
#
# It runs every bot over seeds 1 to 6 with a turn cap of 6000 (the same
# command lab-play.sh runs) and writes the CSV, rows and summary.  The
# bots are frozen, so the file changes only when the game does: its
# rules, its generation or its balance in data/.  After such a change,
# run this script and read "git diff tests/data/play/expected.csv"
# before committing; say in the commit what moved and why.  BINARY
# defaults to $LAB, else build/astray-lab, else ./astray-lab; DIR to
# $DATA, else the source tree's data folder.  Plain POSIX sh.

set -u

script_dir=$(cd "$(dirname "$0")" && pwd) || exit 2
lab=${LAB:-}
data=${DATA:-$script_dir/../../data}
out=$script_dir/../data/play/expected.csv

usage() {
	echo "usage: regen-play.sh [--lab BINARY] [--data DIR]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--lab)
		[ $# -ge 2 ] || usage
		lab=$2
		shift 2
		;;
	--data)
		[ $# -ge 2 ] || usage
		data=$2
		shift 2
		;;
	-h | --help)
		sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		usage
		;;
	esac
done
if [ -z "$lab" ]; then
	for try in "$script_dir/../../build/astray-lab" ./astray-lab; do
		if [ -x "$try" ]; then
			lab=$try
			break
		fi
	done
fi
if [ -z "$lab" ] || [ ! -x "$lab" ]; then
	echo "regen-play.sh: no astray-lab binary; give --lab PATH or set" \
	    "LAB" >&2
	exit 2
fi

tmp=$(mktemp "${TMPDIR:-/tmp}/regen-play.XXXXXX") || exit 2
trap 'rm -f "$tmp"' EXIT
"$lab" play --bot all --seeds 1-6 --turns 6000 --data "$data" --csv \
    >"$tmp" || exit 1
cp "$tmp" "$out" || exit 1
