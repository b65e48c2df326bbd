#!/bin/sh
# jps-compare.sh: astray's jump point search against its A*, its auto
# choice and (optionally) Warthog's online JPS, as ratios per map measured
# in the same run.
#
#   bench/jps-compare.sh [-r ROUNDS] [-p PASSES] [-w WARTHOG] FILE.map.scen...
#
# For each file every engine runs ROUNDS times (default 5), each run a
# process of its own on the whole file: astray-lab scen --search jps,
# --search astar and --search auto, and with -w the program WARTHOG
# ("WARTHOG jps MAP SCEN", the peer harness of ../shared/peers/warthog or
# one that prints the same line).  The engines take turns, and the one
# that goes first moves on by one each round, so that all of them see the
# same machine.  Each round gives per engine the mean microseconds per
# query over the file, and the ratios of that round: jps / warthog,
# astar / jps, and auto / the better of jps and astar.  The table gives
# per map the median over rounds of each mean and of each ratio, and the
# problems any engine got wrong (summed over rounds).
#
# astray-lab times each query by the thread's CPU clock, less the cost of
# reading it; the shared Warthog harness times by the wall clock, so on a
# busy machine give it a harness that reads the thread's CPU clock too
# (the README's "Jump point search figures" says how the quoted ones
# were made).
# Where a query takes less than a reading of that clock (a microsecond or
# two on a virtual machine: the small Dragon Age maps), per-query times
# are mostly the clock's noise; -p PASSES has astray-lab time PASSES
# whole passes over the file instead (scen --repeat), for astray's three
# searches only: Warthog's harness times each query.
set -eu

lab=${LAB:-./astray-lab}
rounds=5
passes=
warthog=
while [ $# -gt 0 ]; do
	case $1 in
	-r) rounds=$2; shift 2 ;;
	-p) passes="--repeat $2"; shift 2 ;;
	-w) warthog=$2; shift 2 ;;
	--) shift; break ;;
	-*) echo "$0: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -eq 0 ]; then
	echo "usage: $0 [-r ROUNDS] [-p PASSES] [-w WARTHOG] FILE.map.scen..." >&2
	exit 2
fi
if [ -n "$warthog" ] && [ ! -x "$warthog" ]; then
	echo "$0: $warthog is not a program" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() {
	sort -g | awk '{ v[NR] = $1 }
	    END { if (NR % 2) print v[(NR + 1) / 2];
	    else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# One run of an engine on a file: "MEAN_US WRONG" on standard output.
run() {
	case $1 in
	warthog)
		"$warthog" jps "${2%.scen}" "$2" | awk '{ print $10, $6 }' ;;
	*)
		# shellcheck disable=SC2086
		"$lab" scen --search "$1" $passes "$2" 2>/dev/null |
		    awk 'NR == 2 { print $5, $4 }' ;;
	esac
}

engines="jps astar auto"
if [ -n "$warthog" ]; then
	engines="$engines warthog"
fi
n=$(echo "$engines" | wc -w)

printf '%-22s %8s %8s %8s %8s %8s %8s %8s %5s\n' map jps_us astar_us \
    auto_us warthog jps/wart astar/jps auto/best wrong
for f in "$@"; do
	rm -f "$tmp"/*
	wrong=0
	i=0
	while [ "$i" -lt "$rounds" ]; do
		# This round's order: the engine list turned by i.
		k=0
		while [ "$k" -lt "$n" ]; do
			e=$(echo "$engines" | awk -v j=$(((i + k) % n + 1)) \
			    '{ print $j }')
			r=$(run "$e" "$f")
			if [ -z "$r" ]; then
				echo "$0: $e failed on $f" >&2
				exit 1
			fi
			echo "${r% *}" > "$tmp/$e.now"
			wrong=$((wrong + ${r#* }))
			k=$((k + 1))
		done
		for e in $engines; do
			cat "$tmp/$e.now" >> "$tmp/$e"
		done
		j=$(cat "$tmp/jps.now")
		a=$(cat "$tmp/astar.now")
		echo "$a $j" | awk '{ print $1 / $2 }' >> "$tmp/aj"
		echo "$(cat "$tmp/auto.now") $a $j" |
		    awk '{ print $1 / ($2 < $3 ? $2 : $3) }' >> "$tmp/ab"
		if [ -n "$warthog" ]; then
			echo "$j $(cat "$tmp/warthog.now")" |
			    awk '{ print $1 / $2 }' >> "$tmp/jw"
		fi
		i=$((i + 1))
	done
	if [ -n "$warthog" ]; then
		w=$(median < "$tmp/warthog" | awk '{ printf "%.2f", $1 }')
		jw=$(median < "$tmp/jw" | awk '{ printf "%.2f", $1 }')
	else
		w=-
		jw=-
	fi
	printf '%-22s %8.2f %8.2f %8.2f %8s %8s %8.2f %8.3f %5d\n' \
	    "$(basename "$f" .map.scen)" "$(median < "$tmp/jps")" \
	    "$(median < "$tmp/astar")" "$(median < "$tmp/auto")" "$w" "$jw" \
	    "$(median < "$tmp/aj")" "$(median < "$tmp/ab")" "$wrong"
done
