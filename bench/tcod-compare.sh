#!/bin/sh
# tcod-compare.sh: astray's A* against libtcod 1.18's on the same Moving AI
# problems, as a ratio per map measured in the same run.
#
#   bench/tcod-compare.sh [-r ROUNDS] FILE.map.scen...
#
# Needs libtcod-dev (Debian: apt-get install libtcod-dev), which astray
# itself never uses: the harness bench/tcod-compare.c is compiled here,
# into a temporary folder.  Both engines time every query with the
# thread's CPU clock.  For each file the two run in turn ROUNDS times
# (default 3), alternating which goes first, so that both see the same
# machine; each round gives the ratio of libtcod's whole-file time to
# astray's on the same problems (the ratio of their means), and the table
# gives per map the medians over rounds of each one's mean microseconds
# per query and of that ratio.  The last line is the geometric mean of
# the per-map ratios and the smallest of them.  libtcod runs with a
# walk-cost callback that forbids corner cutting, the Moving AI rule, and
# every length it returns is checked against the optimal one ("wrong").
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
	sort -g | awk '{ v[NR] = $1 }
	    END { if (NR % 2) print v[(NR + 1) / 2];
	    else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# One round of astray on a file: its mean microseconds per query.
run_astray() {
	"$lab" scen "$1" | awk 'NR == 2 { print $5 }'
}

# One round of libtcod on a file: its mean, and how many lengths were wrong.
run_tcod() {
	"$tmp/tcod-compare" function "$1" | awk '{ print $3, $5 }'
}

printf '%-28s %10s %10s %8s %6s\n' map astray_us libtcod_us ratio wrong
: > "$tmp/ratios"
for f in "$@"; do
	: > "$tmp/a"
	: > "$tmp/t"
	: > "$tmp/r"
	wrong=0
	i=0
	while [ "$i" -lt "$rounds" ]; do
		if [ $((i % 2)) -eq 0 ]; then
			a=$(run_astray "$f")
			t=$(run_tcod "$f")
		else
			t=$(run_tcod "$f")
			a=$(run_astray "$f")
		fi
		wrong=${t#* }
		t=${t% *}
		echo "$a" >> "$tmp/a"
		echo "$t" >> "$tmp/t"
		echo "$t $a" | awk '{ print $1 / $2 }' >> "$tmp/r"
		i=$((i + 1))
	done
	r=$(median < "$tmp/r")
	echo "$r" >> "$tmp/ratios"
	printf '%-28s %10.1f %10.1f %8.2f %6s\n' "$(basename "$f" .map.scen)" \
	    "$(median < "$tmp/a")" "$(median < "$tmp/t")" "$r" "$wrong"
done
awk '{ s += log($1); n++; if (n == 1 || $1 < lo) lo = $1 }
    END { if (n) printf "%-28s %21s %8.2f  (smallest %.2f)\n",
    "geometric mean", "", exp(s / n), lo }' "$tmp/ratios"
