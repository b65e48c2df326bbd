#!/bin/sh
# quickstart.sh: install what astray needs (Debian), build it, then run it.
#
#   ./quickstart.sh play [ARGS]  build and play astray (ARGS go to astray)
#   ./quickstart.sh test         build with warnings as errors, run every
#                                test (tmux drives the terminal tests)
#
# Missing Debian packages are installed with apt-get (through sudo when not
# root).  Builds happen out of the source tree: build/ for play,
# build-test/ for test, so the two never disturb each other.  play builds
# quietly (its output in build/quickstart.log, shown only when the build
# fails) so the game starts on a clear screen; test shows everything.
set -eu

top=$(cd "$(dirname "$0")" && pwd)
mode=${1:-}
case "$mode" in
play|test) shift ;;
*)
	echo "usage: $0 play [astray options] | $0 test" >&2
	exit 2
	;;
esac

packages="build-essential autoconf automake libtool pkg-config libncurses-dev check"
[ "$mode" = test ] && packages="$packages tmux"

# Installs the packages that are missing, if any.
install_missing() {
	missing=
	for p in $packages; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		    grep -q "install ok installed"; then
			missing="$missing $p"
		fi
	done
	[ -z "$missing" ] && return 0
	echo "quickstart: installing$missing"
	if [ "$(id -u)" -eq 0 ]; then
		sudo=
	elif command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		echo "quickstart: please install as root:$missing" >&2
		exit 1
	fi
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
	# shellcheck disable=SC2086
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	    --no-install-recommends $missing
}

# Configures (once) and builds in the given directory; returns non-zero
# at the first step that fails.
build() {
	dir=$1
	shift
	if [ ! -x "$top/configure" ] || [ "$top/configure.ac" -nt "$top/configure" ] ||
	    [ "$top/Makefile.am" -nt "$top/configure" ]; then
		# libtoolize puts its macros in m4/, which a clone has not
		# got: made first, aclocal does not warn that it is missing.
		mkdir -p "$top/m4"
		(cd "$top" && autoreconf -fi) || return 1
	fi
	mkdir -p "$top/$dir" && cd "$top/$dir" || return 1
	if [ ! -f Makefile ]; then
		"$top/configure" "$@" || return 1
	fi
	make -j"$(nproc 2>/dev/null || echo 2)"
}

install_missing
case "$mode" in
play)
	# Built in a subshell, so astray starts in the caller's folder and
	# relative paths among ARGS (--dungeon data/...) mean what they say.
	# Quietly: the build's output goes to a log, shown only if it fails.
	mkdir -p "$top/build"
	log=$top/build/quickstart.log
	echo "quickstart: building astray in build/ (its log: build/quickstart.log)"
	if ! (build build) >"$log" 2>&1; then
		cat "$log" >&2
		echo "quickstart: the build failed: its log is above, and in $log" >&2
		exit 1
	fi
	exec "$top/build/astray" "$@"
	;;
test)
	build build-test --enable-debug
	status=0
	make -j"$(nproc 2>/dev/null || echo 2)" check || status=$?
	echo
	echo "Check's summaries:"
	for log in tests/check_*.log; do
		[ -f "$log" ] || continue
		printf '  %-28s %s\n' "$(basename "$log" .log)" \
		    "$(grep -E '^[0-9]+%: Checks' "$log" || echo 'no summary')"
	done
	for log in tests/*.log; do
		grep -h '^SKIP: ' "$log" 2>/dev/null | sed 's/^/  /' || true
	done
	if [ "$status" -ne 0 ]; then
		for log in tests/*.log; do
			[ "$log" = test-suite.log ] && continue
			if grep -q '^FAIL\|^ERROR' "${log%.log}.trs" 2>/dev/null; then
				echo "=== $log"
				cat "$log"
			fi
		done
	fi
	exit "$status"
	;;
esac
