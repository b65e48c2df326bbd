#!/bin/sh
# valgrind.sh: astray's whole test suite under valgrind's memcheck.
#
# usage: tests/valgrind.sh [BUILD_DIR [MAKE_ARG...]]
#
# BUILD_DIR (default: the current folder) is a built build folder
# (configure --enable-debug, without --enable-sanitizers: the sanitizers
# and valgrind cannot share a process).  Arguments after it go to make
# check, to run some tests only:
#     tests/valgrind.sh build TESTS='tests/check_grid tests/game-cli.sh'
# By default every test runs but those that start no program valgrind
# watches here (UNWATCHED below: they read the sources, or build and run
# programs of their own), which would only do again what make check did.
# This is not one of the tests make check runs; CI runs it.
#
# The Check programs run under valgrind through automake's harness
# (LOG_COMPILER), their reports in their test logs.  Check forks each
# test and valgrind follows forks by itself, so every test is checked
# and leak-checked when its child exits; --trace-children is not needed,
# as the one Check program that runs astray runs $ASTRAY, the wrapper
# below.  Check does not fail a test whose child valgrind faulted after
# the test passed, which is why the reports are read again at the end.
# The shell tests get wrappers
# in place of $ASTRAY and $LAB that run the real programs under valgrind,
# with each report in a file of its own (the tests read the programs'
# standard error, which must stay theirs alone) and a memory error making
# the program exit 99, a status no test expects.  At the end every report
# is read again, so an error in a run whose exit status a test ignored
# still fails the run.  Failing: any memory error, a definite leak, a
# failed test.  Leaks still reachable at exit (ncurses keeps some) are
# not errors.
#
# Valgrind makes a program 20 to 50 times slower (and each run of a
# program costs over half a second of its start), so the random and
# repeated cases run a share of their number (ASTRAY_TEST_SCALE, default
# 0.05 here: whole chunks, stretches of a chase or a quarter of the
# movement and diagonal rules in the Check programs, tests/testutil.h;
# grids, problems and browser loads in the shell tests, t_scaled in
# tests/lib.sh; each cut says where it is made what still covers the
# rest), the shared Moving AI maps a sample of their problems
# (MOVINGAI_CAP, default 20 a file here), Check's time limits are
# stretched (CK_TIMEOUT_MULTIPLIER) and the terminal test waits longer
# for the screen (ASTRAY_UI_WAIT); ASTRAY_UNDER_VALGRIND=1 tells a test
# what it cannot ask of a program under valgrind (a file size limit:
# valgrind writes the command line and its report to files of its own).  Each may be set otherwise in the
# environment.  About 20 minutes of CPU time, 11 or so on 2 cores (tests
# that run many programs should sample them, see above: each valgrind
# start costs over half a second).  Exit status: 0 clean, 1
# errors or failed tests, 2 usage.

set -u

if [ "${1:-}" = "--help" ]; then
	echo "usage: tests/valgrind.sh [BUILD_DIR [MAKE_ARG...]]" >&2
	exit 2
fi
build=${1:-.}
[ $# -eq 0 ] || shift
if [ ! -f "$build/Makefile" ] || [ ! -x "$build/astray" ]; then
	echo "valgrind.sh: $build is not a built astray build folder" \
	    "(run configure and make there first)" >&2
	exit 2
fi
build=$(cd "$build" && pwd)
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind.sh: valgrind is not installed" \
	    "(Debian: apt-get install valgrind)" >&2
	exit 1
fi
if nm "$build/astray" 2>/dev/null | grep -q __asan_init; then
	echo "valgrind.sh: $build was built with --enable-sanitizers," \
	    "which valgrind cannot run; use a build without it" >&2
	exit 2
fi

# Wrappers and reports go where any user may reach them: the tests run
# one program as nobody (65534) when root runs them.
vg=$(mktemp -d "${TMPDIR:-/tmp}/astray-valgrind.XXXXXX") || exit 1
trap 'rm -rf "$vg"' EXIT
trap 'exit 1' HUP INT TERM
mkdir "$vg/bin" "$vg/reports"
chmod 0755 "$vg" "$vg/bin"
chmod 1777 "$vg/reports"

memcheck="--tool=memcheck --leak-check=full --errors-for-leak-kinds=definite"
memcheck="$memcheck --show-leak-kinds=definite --num-callers=30 --vgdb=no"

# The wrapped runs skip the debug information on inlined calls: reading
# it cost each of the 900-odd runs a sixth of its time (0.17 s of about
# 1), and a report then names the function a call was inlined into, not
# the inlined one (run that one command under valgrind again for those).
# The Check programs read it once for all their tests, so keep it.
for prog in astray astray-lab; do
	cat >"$vg/bin/$prog" <<EOF
#!/bin/sh
exec valgrind $memcheck --read-inline-info=no --error-exitcode=99 \\
    --log-file="$vg/reports/$prog.%p" "$build/$prog" "\$@"
EOF
	chmod 0755 "$vg/bin/$prog"
done

: "${ASTRAY_TEST_SCALE:=0.05}"
: "${CK_TIMEOUT_MULTIPLIER:=25}"
: "${ASTRAY_UI_WAIT:=60}"
: "${MOVINGAI_CAP:=20}"
ASTRAY_UNDER_VALGRIND=1
export ASTRAY_TEST_SCALE CK_TIMEOUT_MULTIPLIER ASTRAY_UI_WAIT MOVINGAI_CAP \
    ASTRAY_UNDER_VALGRIND
jobs=$(nproc 2>/dev/null || echo 2)

# The tests that start neither astray nor astray-lab nor a program of
# the build: layers.sh reads the sources, vim-syntax.sh runs vim,
# fuzz-regress.sh builds and runs the harnesses with the sanitizers,
# exports.sh and cxx-header.sh link and run programs of their own,
# man-pages.sh installs and reads the manual, install-clone.sh builds a
# clone of its own.
UNWATCHED="tests/layers.sh tests/vim-syntax.sh tests/fuzz-regress.sh
    tests/exports.sh tests/cxx-header.sh tests/man-pages.sh
    tests/install-clone.sh"
# shellcheck disable=SC2086 # one name a word
tests=$(make -s --no-print-directory -C "$build" list-tests |
    grep -v -x -F "$(printf '%s\n' $UNWATCHED)" | tr '\n' ' ')

echo "valgrind.sh: $(valgrind --version) on $build, $jobs jobs," \
    "ASTRAY_TEST_SCALE=$ASTRAY_TEST_SCALE"
start=$(date +%s)
cd "$build" || exit 1
rm -f tests/check_*.log	# read again below: only this run's
status=0
make -j"$jobs" check TESTS="$tests" \
    LOG_COMPILER=valgrind \
    LOG_FLAGS="$memcheck --error-exitcode=1" \
    TESTS_ENVIRONMENT="ASTRAY='$vg/bin/astray'; export ASTRAY; \
LAB='$vg/bin/astray-lab'; export LAB;" "$@" || status=$?
grep -h -E '^[0-9]+%: Checks' tests/check_*.log || true

# Every report again, the Check programs' and the wrapped runs'.
bad=0
runs=0
for f in tests/check_*.log "$vg"/reports/*; do
	[ -f "$f" ] || continue
	case $f in
	"$vg"/reports/*) runs=$((runs + 1)) ;;
	esac
	if grep -q -E 'ERROR SUMMARY: [1-9]|definitely lost: [1-9]' "$f"; then
		bad=$((bad + 1))
		echo "=== valgrind found errors: $f"
		cat "$f"
	fi
done
end=$(date +%s)
echo "valgrind.sh: $runs runs of astray and astray-lab checked," \
    "$bad reports with errors, make check status $status," \
    "$((end - start)) s"
if [ "$status" -ne 0 ]; then
	cat test-suite.log
	exit 1
fi
[ "$bad" -eq 0 ] || exit 1
echo "valgrind.sh: clean"
