#!/bin/sh
# cxx-header.sh: a C++ program includes <astray/path.h> and links
# libastray-path, shared and static.
#
# The public headers wrap their declarations in extern "C", and nothing
# in them is C-only (no designated initializers, no restrict, no
# implicit void * conversions).  The case builds tests/cxx-header.cpp
# with the C++ compiler configure found, against the headers as they are
# installed (the build tree's include/astray) and against the static
# archive, then the shared library, and runs each.  Skipped when there is
# no C++ compiler.  First, path.h's list of what is here names every
# installed header (it once left out flank.h and safety.h).
#
# Run by make check with top_srcdir, top_builddir and HEADER_CXX set, and
# HEADER_CXXFLAGS to the build's sanitizer flags when it has them (a
# library built with them needs their runtime).

. "${top_srcdir:-.}/tests/lib.sh"

if [ -z "${HEADER_CXX:-}" ] || ! command -v "$HEADER_CXX" >/dev/null 2>&1
then
	echo "SKIP: no C++ compiler (configure looks for g++, clang++, c++)"
	exit 77
fi
t_begin
src=${top_srcdir:-.}/tests/cxx-header.cpp
build=${top_builddir:-.}
unlisted=
for h in "$build"/include/astray/*.h; do
	h=${h##*/}
	[ "$h" = path.h ] && continue
	grep -q "^ \*   $h " "$build/include/astray/path.h" ||
	    unlisted="$unlisted $h"
done
if [ -n "$unlisted" ]; then
	t_fail "path.h lists every header" "not listed:$unlisted"
else
	t_ok "path.h lists every header"
fi
libs=$build/.libs
for kind in static shared; do
	if [ "$kind" = static ]; then
		[ -f "$libs/libastray-path.a" ] || continue
		link="$libs/libastray-path.a -lm"
	else
		[ -f "$libs/libastray-path.so" ] || continue
		link="-L$libs -lastray-path"
	fi
	# shellcheck disable=SC2086
	if ! "$HEADER_CXX" ${HEADER_CXXFLAGS:-} -Wall -Wextra -Werror \
	    -I"$build/include" \
	    -o "$t_tmp/cxx-$kind" "$src" $link >"$t_tmp/err" 2>&1; then
		t_fail "C++ against the $kind library" "$(head -5 "$t_tmp/err")"
		continue
	fi
	if out=$(LD_LIBRARY_PATH=$libs "$t_tmp/cxx-$kind" 2>&1) &&
	    [ "$out" = "cost 5.000" ]; then
		t_ok "C++ against the $kind library"
	else
		t_fail "C++ against the $kind library" "printed '$out'"
	fi
done
t_end
