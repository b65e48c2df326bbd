#!/bin/sh
# run.sh: build astray's fuzz harnesses with clang and libFuzzer, and run
# each for a while.
#
#   tests/fuzz/run.sh [-t SECONDS] [-j N] [-b DIR] [-T SECONDS] [-c] [-k]
#                     [HARNESS...]
#
#   -t SECONDS  how long each harness runs (default 60)
#   -j N        run N harnesses at a time (default 1)
#   -b DIR      the build folder (default build-fuzz at the top of the
#               source tree); corpora, logs and crash inputs stay there
#   -T SECONDS  the longest one input may take before it counts as a
#               hang (default 10)
#   -c          also report line coverage of the parser's own source
#               files over the final corpus (needs llvm-profdata and
#               llvm-cov)
#   -k          go on from the corpus the last run left in DIR (by
#               default each run starts from the seeds alone)
#
# HARNESS names tests/fuzz/fuzz-HARNESS.c (default: every one).  Each
# harness is built straight from the sources, without automake, with
# -fsanitize=fuzzer,address,undefined, and run on a copy of its seed corpus
# (tests/fuzz/corpus/HARNESS) with its dictionary (tests/fuzz/dict/) if it
# has one.  The seed corpus is never written to.  Per harness it prints
# the inputs run, the crashes found and the coverage libFuzzer reached
# (edges, "cov:", and features, "ft:").  Exit status: 0 when no harness
# crashed, leaked, hung or hit undefined behaviour; 1 when one did (the
# input is kept in DIR/artifacts/HARNESS/; fix the bug, then copy the
# input to tests/fuzz/crashes/HARNESS/ so make check replays it); 2 on
# bad usage or a failed build.
#
# Environment: CC (default clang), FUZZ_CFLAGS (added to the compile
# flags), FUZZ_ARGS (added to libFuzzer's arguments, e.g. -use_value_profile=1).
# The -D string macros carry their quotes into the compiler's arguments
# on purpose (SC2089, SC2090); flags_KIND and link_KIND are read through
# eval (SC2034, SC2154).
# shellcheck disable=SC2089,SC2090,SC2034,SC2154
set -eu

usage() {
	sed -n '4,19p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=60
hang=10
build="$top/build-fuzz"
linecov=0
parallel=1
keep=0
while getopts t:j:b:T:ckh opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	j) parallel=$OPTARG ;;
	b) build=$OPTARG ;;
	T) hang=$OPTARG ;;
	c) linecov=1 ;;
	k) keep=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
case $seconds$hang$parallel in
*[!0-9]*|'') echo "run.sh: -t, -T and -j want whole numbers" >&2; exit 2 ;;
esac

cc=${CC:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
	echo "run.sh: $cc not found (on Debian: apt-get install clang)" >&2
	exit 2
fi

if [ $# -eq 0 ]; then
	for f in "$here"/fuzz-*.c; do
		h=${f##*/fuzz-}
		set -- "$@" "${h%.c}"
	done
fi
for h in "$@"; do
	if [ ! -f "$here/fuzz-$h.c" ]; then
		echo "run.sh: no harness $h (no tests/fuzz/fuzz-$h.c)" >&2
		exit 2
	fi
done

mkdir -p "$build"
build=$(cd "$build" && pwd)
scratch=$(mktemp -d /dev/shm/astray-fuzz.XXXXXX 2>/dev/null ||
    mktemp -d "${TMPDIR:-/tmp}/astray-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM

# --- build ---------------------------------------------------------------
# Objects are compiled in parallel into $build/obj-KIND; KIND is "fuzz"
# (libFuzzer, ASan, UBSan) or "cov" (clang's source coverage).
cat > "$build/config.h" <<EOF
#define PACKAGE_VERSION "fuzz"
#define PACKAGE_STRING "astray fuzz"
#define PACKAGE "astray"
#define VERSION "fuzz"
EOF
common="-std=c11 -g -D_XOPEN_SOURCE=700 -I$top/src/base -I$top/src/path -I$top/src/lab/search -I$top/src/game/data -I$top/src/game/model -I$top/src/game/rules \
-I$top/src/game/gen -I$top/src/game/play \
-I$top/src/driver -I$top/src/ui -I$here -I$build -DFUZZ_DATA=\"$top/data\" \
-Wall -Wextra -Wno-unused-parameter ${FUZZ_CFLAGS:-}"
flags_fuzz="-O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
link_fuzz="-fsanitize=fuzzer,address,undefined"
flags_cov="-O0 -fprofile-instr-generate -fcoverage-mapping"
link_cov="-fprofile-instr-generate"
# The command line's main(), renamed and cut off from the terminal: see
# fuzz-cli.c.
cli_defs="-Wno-missing-prototypes -Dmain=astray_main -Dheadless_run=fuzz_cli_headless \
-Dui_run=fuzz_cli_ui -Dchecker_run=fuzz_cli_check -DASTRAY_DATADIR=\"/nonexistent/astray\" \
-DASTRAY_SRCDATADIR=\"$top/data\""

# build_objects KIND: compiles the library sources, util.c and the special
# objects for KIND; leaves them in $build/obj-KIND.
build_objects() {
	kind=$1
	eval "flags=\$flags_$kind"
	obj="$build/obj-$kind"
	rm -rf "$obj"
	mkdir -p "$obj"
	{
		for f in "$top"/src/base/*.c "$top"/src/path/*.c \
		    "$top"/src/lab/search/*.c "$top"/src/game/*/*.c "$top"/src/driver/*.c; do
			n=${f#"$top"/src/}
			echo "$f $obj/$(echo "$n" | tr / -).o"
		done
		echo "$top/src/ui/keymap.c $obj/ui-keymap.o"
		echo "$here/util.c $obj/util.o"
		echo "$here/driver.c $obj/driver.o"
	} > "$obj/list"
	jobs=$(nproc 2>/dev/null || echo 2)
	n=0
	: > "$obj/errors"
	while read -r src out; do
		# clang 14 spends minutes optimising astar.c under UBSan:
		# that one file is built without optimisation.
		opt=
		case $src in */astar.c) [ "$kind" = fuzz ] && opt=-O0 ;; esac
		# shellcheck disable=SC2086
		{ $cc $common $flags $opt -c "$src" -o "$out" ||
		    echo "$src" >> "$obj/failed"; } 2>> "$obj/errors" &
		n=$((n + 1))
		if [ "$n" -ge "$jobs" ]; then
			wait
			n=0
		fi
	done < "$obj/list"
	wait
	if [ -s "$obj/failed" ]; then
		cat "$obj/errors" >&2
		echo "run.sh: building the $kind objects failed" >&2
		exit 2
	fi
	# shellcheck disable=SC2086
	if ! $cc $common $flags $cli_defs -c "$top/src/ui/main.c" \
	    -o "$obj/ui-main-cli.o"; then
		echo "run.sh: building src/ui/main.c for fuzz-cli failed" >&2
		exit 2
	fi
	rm -f "$obj/libastray.a"
	ar rcs "$obj/libastray.a" "$obj"/base-*.o "$obj"/path-*.o \
	    "$obj"/lab-search-*.o "$obj"/game-*.o "$obj"/driver-*.o
}

# extra_objects HARNESS KIND: the objects beyond the library a harness
# links with.
extra_objects() {
	case $1 in
	keymap) echo "$build/obj-$2/ui-keymap.o" ;;
	cli) echo "$build/obj-$2/ui-main-cli.o $build/obj-$2/ui-keymap.o" ;;
	esac
}

# link HARNESS KIND: builds $build/KIND/HARNESS.
link_harness() {
	h=$1
	kind=$2
	eval "flags=\$flags_$kind; lflags=\$link_$kind"
	obj="$build/obj-$kind"
	mkdir -p "$build/$kind"
	driver=
	[ "$kind" = fuzz ] || driver="$obj/driver.o"
	# shellcheck disable=SC2086,SC2046
	$cc $common $flags -c "$here/fuzz-$h.c" -o "$obj/fuzz-$h.o" &&
	    $cc $lflags -o "$build/$kind/$h" "$obj/fuzz-$h.o" $driver \
	    "$obj/util.o" $(extra_objects "$h" "$kind") "$obj/libastray.a" -lm
}

echo "=== building $* with $cc in $build"
build_objects fuzz
for h in "$@"; do
	link_harness "$h" fuzz || { echo "run.sh: linking $h failed" >&2; exit 2; }
done
if [ "$linecov" -eq 1 ]; then
	profdata=$(command -v llvm-profdata || ls /usr/lib/llvm-*/bin/llvm-profdata 2>/dev/null | tail -n 1 || true)
	llvmcov=$(command -v llvm-cov || ls /usr/lib/llvm-*/bin/llvm-cov 2>/dev/null | tail -n 1 || true)
	if [ -z "$profdata" ] || [ -z "$llvmcov" ]; then
		echo "run.sh: no llvm-profdata/llvm-cov (apt-get install llvm): no line coverage" >&2
		linecov=0
	else
		build_objects cov
		for h in "$@"; do
			link_harness "$h" cov || { echo "run.sh: linking $h (coverage) failed" >&2; exit 2; }
		done
	fi
fi

# sources HARNESS: the files whose line coverage a harness reports.
sources() {
	case $1 in
	dungeon) echo src/game/data/dungeon.c src/game/data/dungeon-reach.c \
	    src/game/data/campaign.c src/game/play/stage.c ;;
	terrain) echo src/game/data/terrain.c src/game/data/blockfile.c ;;
	monster) echo src/game/data/monster.c src/game/data/blockfile.c ;;
	item) echo src/game/data/item.c src/game/data/blockfile.c \
	    src/game/rules/inventory.c ;;
	movingai-map) echo src/path/movingai.c ;;
	movingai-scen) echo src/lab/search/scen.c ;;
	gppc) echo src/lab/search/gppc.c ;;
	save) echo src/game/play/save.c src/base/serial.c ;;
	replay) echo src/game/play/replay.c ;;
	keymap) echo src/ui/keymap.c ;;
	cli) echo src/ui/main.c src/driver/driver.c src/driver/headless.c \
	    src/driver/record.c src/driver/checker.c src/ui/keymap.c ;;
	scores) echo src/game/play/scores.c ;;
	textgrid) echo src/path/textgrid.c ;;
	tilemap) echo src/lab/search/tilemap.c src/lab/search/textbook.c ;;
	planner) echo src/path/savebuf.c src/path/planner.c \
	    src/path/plan-*.c src/path/field.c src/path/dlite.c ;;
	esac
}

# --- run -------------------------------------------------------------------
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
mkdir -p "$build/logs" "$build/results"

# run_one HARNESS: fuzzes one harness on a fresh copy of its seed corpus;
# leaves its summary line in $build/results/HARNESS.line and, if it
# failed, what to show in $build/results/HARNESS.failed.
run_one() {
	h=$1
	corpus="$build/corpus/$h"
	art="$build/artifacts/$h"
	log="$build/logs/$h.log"
	result="$build/results/$h"
	rm -f "$result.line" "$result.failed"
	[ "$keep" -eq 1 ] || rm -rf "$corpus"
	mkdir -p "$corpus" "$art"
	if [ -d "$here/corpus/$h" ]; then
		cp "$here/corpus/$h"/* "$corpus"/ 2>/dev/null || true
	fi
	dict=
	[ -f "$here/dict/$h.dict" ] && dict="-dict=$here/dict/$h.dict"
	echo "=== $h: $seconds s on $(find "$corpus" -type f | wc -l) seed inputs"
	status=0
	# shellcheck disable=SC2086
	FUZZ_SCRATCH="$scratch/$h" "$build/fuzz/$h" -max_total_time="$seconds" \
	    -timeout="$hang" -print_final_stats=1 -close_fd_mask=3 \
	    -artifact_prefix="$art/" $dict ${FUZZ_ARGS:-} "$corpus" \
	    > "$log" 2>&1 || status=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1 |
	    awk '{ print $2 " edges, " $4 " features" }')
	crashes=$(grep -c 'Test unit written to' "$log" || true)
	if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then
		crashes=1
	fi
	line="$h: ${execs:-0} inputs, $crashes crashes, ${cov:-no coverage}, $(find "$corpus" -type f | wc -l) in corpus"
	if [ "$linecov" -eq 1 ]; then
		rm -rf "$build/profile/$h"
		mkdir -p "$build/profile/$h"
		FUZZ_SCRATCH="$scratch/$h-cov" \
		    LLVM_PROFILE_FILE="$build/profile/$h/%p.profraw" \
		    "$build/cov/$h" "$corpus" > "$build/logs/$h-cov.log" 2>&1 || true
		"$profdata" merge -sparse -o "$build/profile/$h.profdata" \
		    "$build/profile/$h"/*.profraw 2>/dev/null || true
		lines=
		for s in $(sources "$h"); do
			pct=$("$llvmcov" report "$build/cov/$h" \
			    -instr-profile="$build/profile/$h.profdata" "$top/$s" \
			    2>/dev/null | awk '$1 == "TOTAL" { print $(NF - 3) }')
			lines="$lines ${s##*/} ${pct:-?}"
		done
		line="$line, lines:$lines"
	fi
	echo "$line" > "$result.line"
	echo "$line"
	if [ "$status" -ne 0 ]; then
		{
			echo "--- $h failed (exit status $status); the end of $log:"
			grep -a -v -E '^#[0-9]+' "$log" | tail -n 60
			echo "--- inputs kept in $art:"
			ls -l "$art"
		} > "$result.failed"
	fi
}

n=0
for h in "$@"; do
	run_one "$h" &
	n=$((n + 1))
	if [ "$n" -ge "$parallel" ]; then
		wait
		n=0
	fi
done
wait

echo "=== summary (${seconds} s per harness)"
failed=
for h in "$@"; do
	cat "$build/results/$h.line" 2>/dev/null || echo "$h: did not run"
	if [ -f "$build/results/$h.failed" ] || [ ! -f "$build/results/$h.line" ]; then
		failed="$failed $h"
	fi
done
for h in $failed; do
	cat "$build/results/$h.failed" 2>/dev/null || true
done
if [ -n "$failed" ]; then
	echo "run.sh: FAILED:$failed" >&2
	exit 1
fi
echo "run.sh: no crashes"
