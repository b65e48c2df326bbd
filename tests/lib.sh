# lib.sh: small helpers shared by astray's shell tests (sourced, not run).
#
# A test script sources this file, calls t_begin, checks its cases, and
# ends with t_end.  Each case prints one line, "ok - NAME" or
# "FAIL - NAME: why", so a failure in the test log says what broke without
# rerunning anything; t_end exits 1 if any case failed.  Scratch files go
# in one temporary folder that is removed however the script ends.  Plain
# POSIX sh: no "local", no arrays, so every helper's variables carry a t_
# prefix to stay out of the caller's way.
#
# Exit statuses follow automake's test harness: 0 pass, 1 fail, 77 skip,
# 99 hard error (the test could not run at all).

t_passed=0
t_failed=0
t_tmp=

# Starts a test script: makes the scratch folder and arranges its removal.
t_begin() {
	t_tmp=$(mktemp -d "${TMPDIR:-/tmp}/astray-test.XXXXXX") || {
		echo "ERROR: cannot make a temporary folder" >&2
		exit 99
	}
	trap 'rm -rf "$t_tmp"' EXIT
	trap 'exit 99' HUP INT TERM
	# A bad ASTRAY_TEST_SCALE stops the test here, not in a $(t_scaled).
	t_scaled 1 >/dev/null
}

# Records a passing case: t_ok NAME.
t_ok() {
	t_passed=$((t_passed + 1))
	echo "ok - $1"
}

# Records a failing case: t_fail NAME WHY.
t_fail() {
	t_failed=$((t_failed + 1))
	echo "FAIL - $1: $2"
}

# Ends a test script with a summary; exits 1 if any case failed.
t_end() {
	echo "$t_passed passed, $t_failed failed"
	if [ "$t_failed" -ne 0 ]; then
		exit 1
	fi
	exit 0
}

# Stops with a hard error unless $LAB names an executable astray-lab.
t_need_lab() {
	if [ -z "${LAB:-}" ] || [ ! -x "$LAB" ]; then
		echo "ERROR: LAB must name the astray-lab binary" \
		    "(LAB='${LAB:-}'); run through make check" >&2
		exit 99
	fi
}

# Stops with a hard error unless ASTRAY names the game and DATA its data.
t_need_astray() {
	if [ -z "${ASTRAY:-}" ] || [ ! -x "$ASTRAY" ] || [ -z "${DATA:-}" ]
	then
		echo "ERROR: ASTRAY must name the astray binary and DATA its" \
		    "data folder (ASTRAY='${ASTRAY:-}', DATA='${DATA:-}');" \
		    "run through make check" >&2
		exit 99
	fi
}

# Runs a command with stdout in $t_tmp/out and stderr in $t_tmp/err,
# leaving its exit status in t_status: t_run CMD [ARG...].
t_run() {
	t_status=0
	"$@" >"$t_tmp/out" 2>"$t_tmp/err" </dev/null || t_status=$?
}

# Gives the game a data home of its own under $t_tmp, no ASTRAY_DATA and
# the C locale, so nothing of the machine's reaches what a test compares.
t_game_env() {
	XDG_DATA_HOME=$t_tmp/xdg
	export XDG_DATA_HOME
	unset ASTRAY_DATA
	LC_ALL=C
	export LC_ALL
}

# Runs astray's checker (astray --check --data DATA ARG...) and compares
# its standard output with standard input; the case passes with the
# wanted exit status, nothing on standard error and that very output:
# t_check_same CASE STATUS ARG... <<'OUT'
t_check_same() {
	s_case=$1
	s_want=$2
	shift 2
	cat >"$t_tmp/want"
	t_run "$ASTRAY" --check --data "$DATA" "$@"
	if [ "$t_status" -ne "$s_want" ]; then
		t_fail "$s_case" "exit status $t_status, expected $s_want" \
		    "($(t_first_line "$t_tmp/err"))"
	elif [ -s "$t_tmp/err" ]; then
		t_fail "$s_case" "wrote to stderr: $(t_first_line "$t_tmp/err")"
	elif ! cmp -s "$t_tmp/want" "$t_tmp/out"; then
		t_fail "$s_case" "output differs: $(diff "$t_tmp/want" \
		    "$t_tmp/out" | sed -n 2,3p | tr '\n' ' ')"
	else
		t_ok "$s_case"
	fi
}

# Prints how many of N repeated cases to run: N scaled by
# ASTRAY_TEST_SCALE (a number in (0, 1], default 1; tests/valgrind.sh and
# .ci/run's sanitizer stage set it), rounded up, and at least MIN
# (default 1), as test_scaled does for the Check programs (tests/runner.c):
# t_scaled N [MIN].  Only cases that run the same program paths again on
# other data are scaled, never the one case of a path: a full run (the
# plain make check) runs every one.  The first cases remain, so a failure
# in a scaled run is one a full run finds too.
t_scaled() {
	awk -v n="$1" -v min="${2:-1}" -v s="${ASTRAY_TEST_SCALE:-1}" 'BEGIN {
		if (s !~ /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ ||
		    s + 0 <= 0 || s + 0 > 1) {
			printf "ASTRAY_TEST_SCALE=%s is not a number in (0, 1]\n", s \
			    >"/dev/stderr"
			exit 2
		}
		v = n * s
		c = int(v)
		if (c < v)
			c++
		if (c < min)
			c = min
		if (c > n)
			c = n
		print c
	}' || exit 99
}

# Prints the number of lines in a file, counting an unterminated last one.
t_lines() {
	awk 'END { print NR }' "$1"
}

# Prints the first line of a file, or nothing if it is empty.
t_first_line() {
	sed -n 1p "$1"
}
