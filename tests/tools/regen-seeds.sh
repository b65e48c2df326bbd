#!/bin/sh
# regen-seeds.sh: rewrite the seed catalogue, tests/data/seeds.txt.
#
# The catalogue is the first level of the generated games with seeds 1 to
# 20, as "astray --headless --seed N --show-level" prints it (the map, its
# monsters and the closing digest line), one block per seed under a
# "seed N" line.  tests/game-cli.sh makes the same text again and fails
# when the two differ, so any change to generation, monster placement or
# the digest shows up as a diff to read.  After an intentional change, run
# this script and read "git diff tests/data/seeds.txt" before committing.
#
#     tests/tools/regen-seeds.sh [--astray BINARY] [--data DIR] [--out FILE]
#
# BINARY defaults to $ASTRAY, else ./astray (run it from the build
# folder, or name the binary); DIR to $DATA, else the source tree's data
# folder; FILE to tests/data/seeds.txt beside this script.  Nothing but
# the seeds and the binary's gameplay decides the output: no timings,
# no paths, no clock.  Plain POSIX sh.

set -u

script_dir=$(cd "$(dirname "$0")" && pwd) || exit 2
astray=${ASTRAY:-./astray}
data=${DATA:-$script_dir/../../data}
out=$script_dir/../data/seeds.txt
first=1
last=20

usage() {
	echo "usage: regen-seeds.sh [--astray BINARY] [--data DIR]" \
	    "[--out FILE]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--astray)
		[ $# -ge 2 ] || usage
		astray=$2
		shift 2
		;;
	--data)
		[ $# -ge 2 ] || usage
		data=$2
		shift 2
		;;
	--out)
		[ $# -ge 2 ] || usage
		out=$2
		shift 2
		;;
	-h | --help)
		sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		usage
		;;
	esac
done

if [ ! -x "$astray" ]; then
	echo "regen-seeds.sh: no astray binary at \"$astray\"; give" \
	    "--astray PATH or set ASTRAY" >&2
	exit 2
fi
if [ ! -f "$data/terrain.txt" ]; then
	echo "regen-seeds.sh: no terrain.txt in \"$data\"; give --data DIR" >&2
	exit 2
fi

# The game makes its save folder on start; keep that out of $HOME.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/astray-seeds.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 2' HUP INT TERM

{
	echo "# The first level of seeds $first to $last: astray --headless" \
	    "--seed N --show-level."
	echo "# Made by tests/tools/regen-seeds.sh; do not edit by hand."
	seed=$first
	while [ "$seed" -le "$last" ]; do
		echo
		echo "seed $seed"
		if ! XDG_DATA_HOME=$scratch/xdg ASTRAY_DATA='' "$astray" \
		    --headless --seed "$seed" --data "$data" --show-level \
		    </dev/null 2>"$scratch/err"; then
			echo "regen-seeds.sh: seed $seed failed:" \
			    "$(sed -n 1p "$scratch/err")" >&2
			exit 1
		fi
		if [ -s "$scratch/err" ]; then
			echo "regen-seeds.sh: seed $seed wrote to stderr:" \
			    "$(sed -n 1p "$scratch/err")" >&2
			exit 1
		fi
		seed=$((seed + 1))
	done
} >"$scratch/seeds.txt" || exit 1
cp "$scratch/seeds.txt" "$out" || exit 1
