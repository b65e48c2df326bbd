#!/bin/sh
# lab-options.sh: every subcommand's command line, as a user mistypes it.
#
# Each subcommand reads its options by a table (src/lab/lab-opt.c), so
# each way to get an option wrong is tried on each table: an unknown
# option or letter, an option without its argument, an abbreviation that
# names two options, a bad value of every kind (a count, a point, a
# movement, a diagonal rule, a planner, and the values a subcommand
# checks itself), arguments too few or too many, and the checks between
# options.  Each must exit 2 and print on stderr exactly: getopt's own
# line where there is one, then "astray-lab: MESSAGE", then the usage as
# the subcommand's --help prints it.  Abbreviations, --name=value and the
# short letters must be read as the options they stand for, and --help
# and -h must print the same help with status 0.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_begin
data="${top_srcdir:-.}/tests/data"
map="$data/explain/tutorial.txt"
scen="$data/dyn/rooms-32x24.scen"
movements="4, 8-octile, 8-chebyshev, 8-euclid"
diagonals="never, no-corner-cut, one-side, always"
planners="astar, cached, dstar, mtdstar, field, crowd, adaptive"

# A usage error: usage_case CMD GETOPT MESSAGE ARG...: astray-lab CMD
# ARG... must exit 2 with stderr exactly GETOPT (a line of getopt's own,
# or empty for none), "astray-lab: MESSAGE" and CMD's usage.
usage_case() {
	u_cmd=$1
	u_getopt=$2
	u_msg=$3
	shift 3
	# The usage is read once per subcommand, not once per case: running
	# the same --help again would only repeat a path (slowly under
	# valgrind); the --help section below runs each one and checks it.
	if [ ! -f "$t_tmp/usage.$u_cmd" ]; then
		"$LAB" "$u_cmd" --help </dev/null | sed -n '/^$/q;p' \
		    >"$t_tmp/usage.$u_cmd"
	fi
	{
		if [ -n "$u_getopt" ]; then
			printf '%s\n' "$u_getopt"
		fi
		printf 'astray-lab: %s\n' "$u_msg"
		cat "$t_tmp/usage.$u_cmd"
	} >"$t_tmp/want"
	t_run "$LAB" "$u_cmd" "$@"
	if [ "$t_status" -ne 2 ]; then
		t_fail "$u_cmd $*" "exit status $t_status, expected 2" \
		    "($(t_first_line "$t_tmp/err"))"
	elif [ -s "$t_tmp/out" ]; then
		t_fail "$u_cmd $*" "wrote to stdout: $(t_first_line "$t_tmp/out")"
	elif ! cmp -s "$t_tmp/want" "$t_tmp/err"; then
		t_fail "$u_cmd $*" "stderr differs: $(diff "$t_tmp/want" \
		    "$t_tmp/err" | sed -n '2,4p' | tr '\n' ' ')"
	else
		t_ok "$u_cmd $*: $u_msg"
	fi
}

# Keeps the first LINES lines (0: all) of astray-lab ARG...'s output in
# FILE: keep NAME FILE LINES ARG...; the case NAME fails (status 1) unless
# it exits 0 with nothing on stderr.
keep() {
	k_name=$1
	k_file=$2
	k_lines=$3
	shift 3
	t_run "$LAB" "$@"
	if [ "$t_status" -ne 0 ] || [ -s "$t_tmp/err" ] ||
	    [ ! -s "$t_tmp/out" ]; then
		t_fail "$k_name" "astray-lab $*: exit status $t_status," \
		    "$(t_first_line "$t_tmp/err")"
		return 1
	fi
	if [ "$k_lines" -eq 0 ]; then
		cp "$t_tmp/out" "$k_file"
	else
		sed -n "1,${k_lines}p" "$t_tmp/out" >"$k_file"
	fi
}

# The case NAME passes if the outputs kept in $t_tmp/a and $t_tmp/b agree.
same() {
	if cmp -s "$t_tmp/a" "$t_tmp/b"; then
		t_ok "$1"
	else
		t_fail "$1" "$(diff "$t_tmp/a" "$t_tmp/b" | sed -n '2,3p' |
		    tr '\n' ' ')"
	fi
}

# --- unknown options, missing arguments, ambiguous abbreviations --------
for cmd in chase dyn scen explain compare safety play genmap; do
	usage_case "$cmd" "$cmd: unrecognized option '--bogus'" "bad option" \
	    --bogus
	usage_case "$cmd" "$cmd: invalid option -- 'z'" "bad option" -z
done
usage_case chase "chase: option '--monsters' requires an argument" \
    "bad option" --monsters
usage_case dyn "dyn: option '--planner' requires an argument" \
    "bad option" --planner
usage_case scen "scen: option '--search' requires an argument" \
    "bad option" --search
usage_case explain "explain: option '--steps' requires an argument" \
    "bad option" "$map" --from 0,0 --to 1,1 --steps
usage_case compare "compare: option requires an argument -- 'f'" \
    "bad option" "$map" -f
usage_case safety "safety: option '--from' requires an argument" \
    "bad option" "$map" --from
usage_case play "play: option '--bot' requires an argument" \
    "bad option" --bot
usage_case explain "explain: option '--h' is ambiguous; possibilities:\
 '--heuristic' '--html' '--help'" "bad option" --h
usage_case chase "chase: option '--s' is ambiguous; possibilities:\
 '--scenario' '--seed' '--still'" "bad option" --s x

# --- counts ---------------------------------------------------------------
usage_case chase "" "--monsters wants 1 to 100000" --monsters 0
usage_case chase "" "--monsters wants 1 to 100000" --monsters 100001
usage_case chase "" "--turns wants a count" --turns x
usage_case chase "" "--turns wants a count" --turns -1
usage_case chase "" "--doors wants a count" --doors 1x
usage_case chase "" "--seed wants a non-negative number" --seed 2147483648
usage_case chase "" "--budget wants a count (0: no limit)" --budget ""
usage_case explain "" "--steps wants a count, not \"x\"" \
    "$map" --from 0,0 --to 1,1 --steps x
usage_case play "" "--turns wants a number from 1 to 100000000, not \"0\"" \
    --bot baseline --seeds 1 --turns 0

# --- points, movements, diagonal rules, planners -------------------------
usage_case explain "" "--from wants X,Y, not \"x\"" "$map" --from x --to 1,1
usage_case explain "" "--to wants X,Y, not \"5,\"" "$map" --from 0,0 --to 5,
usage_case compare "" "--to wants X,Y, not \"y\"" "$map" --from 0,0 --to y
usage_case safety "" "--from wants X,Y, not \"1\"" "$map" --from 1
usage_case chase "" "unknown movement \"6\" ($movements)" --movement 6
usage_case explain "" "unknown movement \"6\" (one of $movements)" \
    "$map" --from 0,0 --to 1,1 --movement 6
usage_case compare "" "unknown movement \"6\"" "$map" --from 0,0 --to 1,1 \
    --movement 6
usage_case chase "" "unknown diagonal rule \"x\" ($diagonals)" --diagonal x
usage_case explain "" "unknown diagonal rule \"x\" (one of $diagonals)" \
    "$map" --from 0,0 --to 1,1 --diagonal x
usage_case safety "" "unknown diagonal rule \"x\"" "$map" --from 0,0 \
    --diagonal x
usage_case dyn "" "unknown planner \"bogus\" (one of $planners)" \
    --planner bogus "$scen"

# --- values a subcommand checks itself -----------------------------------
usage_case chase "" "--toggle wants a probability from 0 to 1" --toggle 2
usage_case chase "" "--toggle wants a probability from 0 to 1" --toggle nan
usage_case chase "" "--planner wants all or some of: $planners" \
    --planner astar,bogus
usage_case chase "" "unknown scenario \"nope\" (chase-small, chase-std,\
 chase-big or chase-far)" --scenario=nope --csv
usage_case dyn "" "--search wants astar, jps or auto" --search dijkstra \
    "$scen"
usage_case scen "" "--search wants astar, jps, auto or callback, or several\
 apart by commas, each once" --search astar,astar "$scen"
usage_case explain "" "--costs wants two integer step costs ORTH,DIAG from\
 1 to 100000, not \"0,1\"" "$map" --from 0,0 --to 1,1 --costs 0,1
usage_case explain "" "--goal-test wants expand or generate, not \"x\"" \
    "$map" --from 0,0 --to 1,1 --goal-test x
usage_case explain "" "unknown preset \"x\" (one of library, linear-scan,\
 classic-10-14, classic-10-14-generate, redblob)" "$map" --from 0,0 --to 1,1 \
    --preset x
events=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \
    25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 \
    47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65; do
	events="$events --event e$i"
done
# shellcheck disable=SC2086
usage_case explain "" "at most 64 --event" "$map" --from 0,0 --to 1,1 \
    $events
usage_case compare "" "--algorithms wants names out of bfs, dijkstra,\
 greedy, astar, weighted:W, jps, bidirectional, not \"bogus\"" \
    "$map" --from 0,0 --to 1,1 --algorithms bogus
usage_case play "" "unknown bot in \"bogus\" (baseline, careful, greedy or all)" \
    --bot bogus --seeds 1
usage_case play "" "--seeds 5-1: the first seed is after the last" \
    --bot baseline --seeds 5-1
usage_case play "" "--watch wants a seed from 0 to 999999999999999999,\
 not \"1-2\"" --bot baseline --watch 1-2

# --- arguments too few or too many; checks between options ---------------
usage_case chase "" "unexpected argument \"extra\"" --generate rooms:9x9 \
    extra
usage_case chase "" "give --map, --generate or --scenario"
usage_case dyn "" "expected one scenario file"
usage_case dyn "" "expected one scenario file" a b
usage_case dyn "" "--planner and --search exclude each other" \
    --search jps --planner astar "$scen"
usage_case scen "" "no scenario file given" --csv
usage_case scen "" "--repeat wants 1 to 100000" --repeat 0 x.map.scen
usage_case explain "" "expected one map file" "$map" "$map" --from 0,0 \
    --to 1,1
usage_case explain "" "--from and --to are needed" "$map" --to 1,1
usage_case compare "" "--from and --to are needed" "$map" --from 1,1
usage_case safety "" "expected one map file"
usage_case safety "" "--from is needed" "$map"
usage_case play "" "--bot is needed"
usage_case play "" "unexpected argument \"extra\"" --bot baseline \
    --seeds 1 extra
usage_case play "" "give either --seeds or --watch, once" --bot baseline \
    --seeds 1 --seeds 2
usage_case play "" "--out goes with --watch" --bot baseline --seeds 1 \
    --out x

# --- other spellings: abbreviations, --name=value, letters; --help, -h ---
keep "explain spellings" "$t_tmp/a" 0 explain "$map" --from 1,6 --to 5,5 \
    --one-based --neighbours N,E,S,W --steps 2 &&
keep "explain spellings" "$t_tmp/b" 0 explain --from=1,6 "$map" -t 5,5 \
    -1 --neighb N,E,S,W --steps=2 &&
same "explain: --from=, -t, -1, --neighb and --steps= read in full"
keep "chase spellings" "$t_tmp/a" 2 chase --generate rooms:40x15 \
    --monsters 2 --turns 3 --planner astar --no-check &&
keep "chase spellings" "$t_tmp/b" 2 chase -g rooms:40x15 --mon=2 -t 3 \
    -P astar -N &&
same "chase: -g, --mon=, -t, -P and -N read in full"
keep "safety spellings" "$t_tmp/a" 0 safety "$map" --from 1,1 --one-based \
    --csv --movement 4 &&
keep "safety spellings" "$t_tmp/b" 0 safety -f 1,1 -1 -x --mov=4 "$map" &&
same "safety: -f, -1, -x and --mov= read in full"
keep "play spellings" "$t_tmp/a" 0 play --bot baseline --seeds 1 \
    --turns 30 --csv &&
keep "play spellings" "$t_tmp/b" 0 play --bo=baseline --se 1 -t 30 -c &&
same "play: --bo=, --se, -t and -c read in full"
for cmd in chase dyn scen explain compare safety play genmap; do
	keep "$cmd --help" "$t_tmp/a" 0 "$cmd" --help &&
	keep "$cmd -h" "$t_tmp/b" 0 "$cmd" -h &&
	same "$cmd: -h prints --help's help"
	if head -n 1 "$t_tmp/a" | grep -q "^usage: astray-lab $cmd "; then
		t_ok "$cmd --help starts with its usage"
	else
		t_fail "$cmd --help" "first line: $(t_first_line "$t_tmp/a")"
	fi
done

t_end
