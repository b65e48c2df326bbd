#!/bin/sh
# fuzz-regress.sh: every fuzz harness on its kept inputs, without libFuzzer.
#
# Each harness in tests/fuzz/fuzz-*.c is built with tests/fuzz/driver.c
# (a main() that feeds it files) and "${CC:-cc}", straight from the
# sources in this test's scratch folder, with AddressSanitizer and UBSan
# when the compiler can use them here.  It then reads every input that
# once crashed it (tests/fuzz/crashes/HARNESS/, each kept beside the fix
# in src/) and its seed corpus (tests/fuzz/corpus/HARNESS/); each must go
# through with exit status 0.  A crash, a sanitizer report, a leak or a
# broken promise of the parser (the harness aborts) fails the case and
# the end of its output is printed.  So make check guards the fixed bugs
# without clang; tests/fuzz/run.sh (make fuzz) is what finds new ones.
#
# Run by make check with top_srcdir set; CC and CFLAGS are honoured.

# The -D string macros carry their quotes into the compiler's arguments
# on purpose.
# shellcheck disable=SC2089,SC2090
. "${top_srcdir:-.}/tests/lib.sh"

t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
fuzz="$top/tests/fuzz"
cc=${CC:-cc}
build="$t_tmp/build"
mkdir -p "$build/obj" || exit 99
cat > "$build/config.h" <<EOF
#define PACKAGE_VERSION "fuzz"
EOF

# The sanitizers, if this compiler and system can build and run with them.
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
printf 'int main(void) { return (0); }\n' > "$build/probe.c"
# shellcheck disable=SC2086
if [ "${FUZZ_REGRESS_SANITIZE:-yes}" = no ] ||
    ! $cc $san "$build/probe.c" -o "$build/probe" >/dev/null 2>&1 ||
    ! "$build/probe" >/dev/null 2>&1; then
	san=
	echo "# no sanitizers: the inputs run without AddressSanitizer and UBSan"
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

flags="-std=c11 -O0 -g -D_XOPEN_SOURCE=700 -I$top/src/base -I$top/src/path -I$top/src/lab/search -I$top/src/game/data -I$top/src/game/model -I$top/src/game/rules \
-I$top/src/game/gen -I$top/src/game/play \
-I$top/src/driver -I$top/src/ui -I$fuzz -I$build -DFUZZ_DATA=\"$top/data\" \
-Werror=implicit-function-declaration ${CFLAGS:-} $san"
cli="-Wno-missing-prototypes -Dmain=astray_main -Dheadless_run=fuzz_cli_headless -Dui_run=fuzz_cli_ui -Dchecker_run=fuzz_cli_check \
-DASTRAY_DATADIR=\"/nonexistent/astray\" -DASTRAY_SRCDATADIR=\"$top/data\""

# Compiles the library, the driver and the harnesses, two at a time per
# processor; a file that does not compile is a hard error.
jobs=$(( $(nproc 2>/dev/null || echo 1) * 2 ))
n=0
for src in "$top"/src/base/*.c "$top"/src/path/*.c "$top"/src/lab/search/*.c \
    "$top"/src/game/*/*.c \
    "$top"/src/driver/*.c "$top"/src/ui/keymap.c \
    "$top"/src/ui/main.c "$fuzz"/*.c; do
	rel=${src#"$top"/}
	obj="$build/obj/$(echo "$rel" | tr / -).o"
	extra=
	[ "$rel" = src/ui/main.c ] && extra=$cli
	# shellcheck disable=SC2086
	{ $cc $flags $extra -c "$src" -o "$obj" 2>&1 ||
	    echo "$rel" >> "$build/failed"; } >> "$build/compile.log" &
	n=$((n + 1))
	if [ "$n" -ge "$jobs" ]; then
		wait
		n=0
	fi
done
wait
if [ -s "$build/failed" ]; then
	cat "$build/compile.log"
	echo "ERROR: cannot compile: $(cat "$build/failed")" >&2
	exit 99
fi
lib="$build/obj/libastray.a"
ar rcs "$lib" "$build"/obj/src-base-*.o "$build"/obj/src-path-*.o \
    "$build"/obj/src-lab-search-*.o "$build"/obj/src-game-*.o "$build"/obj/src-driver-*.o || exit 99

for f in "$fuzz"/fuzz-*.c; do
	h=${f##*/fuzz-}
	h=${h%.c}
	case $h in
	keymap) extra="$build/obj/src-ui-keymap.c.o" ;;
	cli) extra="$build/obj/src-ui-main.c.o $build/obj/src-ui-keymap.c.o" ;;
	*) extra= ;;
	esac
	# shellcheck disable=SC2086
	if ! $cc $san -o "$build/$h" "$build/obj/tests-fuzz-fuzz-$h.c.o" \
	    "$build/obj/tests-fuzz-driver.c.o" "$build/obj/tests-fuzz-util.c.o" \
	    $extra "$lib" -lm > "$build/link-$h.log" 2>&1; then
		t_fail "harness $h" "does not link: $(t_first_line "$build/link-$h.log")"
		continue
	fi
	for kind in crashes corpus; do
		dir="$fuzz/$kind/$h"
		[ -d "$dir" ] || continue
		count=$(find "$dir" -type f ! -name '.*' | wc -l)
		[ "$count" -gt 0 ] || continue
		status=0
		FUZZ_SCRATCH="$t_tmp/scratch-$h" "$build/$h" "$dir" \
		    > "$t_tmp/out" 2>&1 || status=$?
		if [ "$status" -eq 0 ]; then
			t_ok "$h: $count $kind input(s)"
		else
			t_fail "$h: $kind" "exit status $status on $(grep '^driver: ' "$t_tmp/out" | tail -n 1)"
			grep -v '^driver: .*: ok$' "$t_tmp/out" | tail -n 40
		fi
	done
done

t_end
