#!/bin/sh
# tcod-compare.sh: astray's A* against libtcod 1.18's on the same Moving AI
# problems, as a ratio measured in the same run.
#
#   bench/tcod-compare.sh [-r ROUNDS] FILE.map.scen...
#
# Needs libtcod-dev (Debian: apt-get install libtcod-dev), which astray
# itself never uses: the harness bench/tcod-compare.c is compiled here,
# into a temporary folder.  For each file, astray-lab scen and the libtcod
# harness run in turn ROUNDS times (default 3), alternating so that both
# see the same machine; the table gives the median over rounds of each
# one's mean microseconds per query and their ratio.  libtcod runs with a
# walk-cost callback that forbids corner cutting, the Moving AI rule, and
# every length it returns is checked against the optimal one.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
lab=${LAB:-./astray-lab}
rounds=3
if [ "${1:-}" = "-r" ]; then
	rounds=$2
	shift 2
fi
if [ $# -eq 0 ]; then
	echo "usage: $0 [-r ROUNDS] FILE.map.scen..." >&2
	exit 2
fi
if ! pkg-config --exists libtcod; then
	echo "$0: libtcod-dev is not installed (apt-get install libtcod-dev)" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/tcod-compare" "$here/tcod-compare.c" \
    $(pkg-config --cflags --libs libtcod) -lm

median() {
	sort -n | awk '{ v[NR] = $1 }
	    END { if (NR % 2) print v[(NR + 1) / 2];
	    else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf '%-28s %10s %10s %8s %6s\n' file astray_us libtcod_us ratio wrong
for f in "$@"; do
	: > "$tmp/a"
	: > "$tmp/t"
	wrong=0
	i=0
	while [ "$i" -lt "$rounds" ]; do
		"$lab" scen "$f" | awk 'NR == 2 { print $4 }' >> "$tmp/a"
		"$tmp/tcod-compare" function "$f" > "$tmp/line"
		awk '{ print $3 }' "$tmp/line" >> "$tmp/t"
		wrong=$(awk '{ print $5 }' "$tmp/line")
		i=$((i + 1))
	done
	a=$(median < "$tmp/a")
	t=$(median < "$tmp/t")
	printf '%-28s %10.1f %10.1f %8.2f %6s\n' "$(basename "$f")" "$a" "$t" \
	    "$(echo "$t $a" | awk '{ print $1 / $2 }')" "$wrong"
done
