#!/bin/sh
# lab-genmap.sh: astray-lab genmap writes benchmark maps that are what
# its options say, the same from the same seed, with problems whose
# lengths are the optimal ones.
#
# The files are read back by astray-lab scen, whose A* and jump point
# search must find every length (they check each against the file); the
# map's size and blocked share, the rooms' walls and doors, the order and
# buckets of the problems are checked here in awk from the text alone.
# Bad options are usage errors (status 2) and an unwritable NAME or a map
# without two joined cells is bad input (status 1), with nothing written.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_begin

# Runs genmap; the case NAME fails unless it exits 0 and is quiet.
gen() {
	g_name=$1
	shift
	t_run "$LAB" genmap "$@"
	if [ "$t_status" -ne 0 ] || [ -s "$t_tmp/err" ] || [ -s "$t_tmp/out" ]
	then
		t_fail "$g_name" "status $t_status: $(t_first_line "$t_tmp/err")"
		return 1
	fi
}

# The share of blocked cells of a map, in percent, and its size.
blocked() {
	awk 'NR == 2 { h = $2 } NR == 3 { w = $2 } NR > 4 {
		rows++; if (length($0) != w) bad = 1
		n += gsub(/@/, "@") }
	    END { if (bad || rows != h) print "bad"
		else printf "%dx%d %.3f\n", w, h, 100 * n / (w * h) }' "$1"
}

# --- a scatter map: size, density, the same from the same seed ----------
if gen "scatter" --size 160x90 --density 7 --block 1-5 --seed 3 \
    --problems 200 "$t_tmp/a"; then
	b=$(blocked "$t_tmp/a.map")
	case $b in
	"160x90 "7.*|"160x90 "8.*) t_ok "scatter: 160x90, 7% blocked ($b)" ;;
	*) t_fail "scatter size and density" "$b" ;;
	esac
	gen "again" --size 160x90 --density 7 --block 1-5 --seed 3 \
	    --problems 200 "$t_tmp/b" &&
	sed 's/	b\.map	/	a.map	/' "$t_tmp/b.map.scen" >"$t_tmp/b2" &&
	if cmp -s "$t_tmp/a.map" "$t_tmp/b.map" &&
	    cmp -s "$t_tmp/a.map.scen" "$t_tmp/b2"; then
		t_ok "the same options make the same files"
	else
		t_fail "same seed" "the files differ"
	fi
	gen "seed 4" --size 160x90 --density 7 --block 1-5 --seed 4 \
	    --problems 200 "$t_tmp/c" &&
	if cmp -s "$t_tmp/a.map" "$t_tmp/c.map"; then
		t_fail "another seed" "the same map"
	else
		t_ok "another seed, another map"
	fi
	# The problems: 200, sorted by length, bucket floor(length / 4),
	# the map's name and size, distinct ends on open cells.
	if awk -v w=160 -v h=90 'FNR == NR { if (FNR > 4) row[FNR - 5] = $0
		next }
	    FNR == 1 { if ($0 != "version 1") bad = "header " $0; next }
	    { n++
		if (NF != 9 || $2 != "a.map" || $3 != w || $4 != h) bad = $0
		if ($1 != int($9 / 4) || $9 + 0 < last) bad = $0
		if (substr(row[$6], $5 + 1, 1) != "." ||
		    substr(row[$8], $7 + 1, 1) != ".") bad = $0
		if ($5 == $7 && $6 == $8) bad = $0
		last = $9 + 0 }
	    END { if (bad != "" || n != 200) { print bad; exit 1 } }' \
	    "$t_tmp/a.map" "$t_tmp/a.map.scen" >"$t_tmp/why"; then
		t_ok "scatter: 200 problems, sorted, bucketed, on open cells"
	else
		t_fail "scatter problems" "$(cat "$t_tmp/why")"
	fi
	t_run "$LAB" scen --search astar,jps "$t_tmp/a.map.scen"
	if [ "$t_status" -eq 0 ] &&
	    awk '$2 == "astar" || $2 == "jps" { n++; if ($3 != 200 ||
		$4 != 0) bad = 1 } END { exit bad || n != 2 }' "$t_tmp/out"
	then
		t_ok "scatter: A* and jump point search find every length"
	else
		t_fail "scatter lengths" "status $t_status: $(cat "$t_tmp/err")"
	fi
fi

# --- rooms: walls every room + 1 cells, each broken by doors -------------
if gen "rooms" --kind rooms --size 100x70 --room 15 --seed 2 \
    --problems 50 "$t_tmp/r"; then
	# Columns 15, 31, ... and rows 15, 31, ... are wall but for doors:
	# one to three doors, a cell wide (room / 8), in each room's stretch.
	if awk 'NR > 4 { y = NR - 5; row[y] = $0 } END {
		for (x = 15; x < 99; x += 16) for (lo = 0; lo + 15 <= 70;
		    lo += 16) {
			open = 0
			for (y = lo; y < lo + 15; y++)
				open += substr(row[y], x + 1, 1) == "."
			if (open < 1 || open > 3) { print x, lo, open; exit 1 }
		}
		for (x = 0; x < 100; x++) if (x % 16 != 15 &&
		    substr(row[14], x + 1, 1) != ".") { print "room", x; exit 1 }
	    }' "$t_tmp/r.map" >"$t_tmp/why"; then
		t_ok "rooms: walls every 16 cells with one to three doors each"
	else
		t_fail "rooms walls" "$(cat "$t_tmp/why")"
	fi
	t_run "$LAB" scen --search astar,jps "$t_tmp/r.map.scen"
	if [ "$t_status" -eq 0 ]; then
		t_ok "rooms: A* and jump point search find every length"
	else
		t_fail "rooms lengths" "status $t_status: $(cat "$t_tmp/err")"
	fi
fi

# --- refusals --------------------------------------------------------------
usage() {
	t_run "$LAB" genmap "$@"
	if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ] &&
	    grep -q -e "$u_want" "$t_tmp/err"; then
		t_ok "genmap $*: a usage error"
	else
		t_fail "genmap $*" "status $t_status: $(t_first_line "$t_tmp/err")"
	fi
}
u_want='--kind wants scatter or rooms, not "maze"'
usage --kind maze "$t_tmp/x"
u_want='--size wants WxH'
usage --size 0x5 "$t_tmp/x"
usage --size 5x "$t_tmp/x"
usage --size 16385x2 "$t_tmp/x"
u_want='--block wants A-B'
usage --block 5-2 "$t_tmp/x"
u_want='--density wants a percentage from 0 to 90'
usage --density 91 "$t_tmp/x"
u_want='expected one NAME'
usage --seed 1
if [ -e "$t_tmp/x.map" ]; then
	t_fail "usage errors" "a map was written"
fi
t_run "$LAB" genmap --size 1x1 "$t_tmp/one"
if [ "$t_status" -eq 1 ] && grep -q "too few pairs" "$t_tmp/err" &&
    [ ! -e "$t_tmp/one.map" ]; then
	t_ok "genmap on a map of one cell: bad input, nothing written"
else
	t_fail "one cell" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$LAB" genmap --size 20x20 --problems 3 "$t_tmp/none/x"
if [ "$t_status" -eq 1 ] && grep -q "none/x.map: " "$t_tmp/err"; then
	t_ok "genmap into a missing folder: bad input, named"
else
	t_fail "missing folder" "status $t_status: $(t_first_line "$t_tmp/err")"
fi

t_end
