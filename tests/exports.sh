#!/bin/sh
# exports.sh: libastray-path exports only names with the library's prefix.
#
# A program linking the library, shared or static, must be free to define
# its own xmalloc, scan_line or ser_u8: the library's helpers and the base
# layer under it stay inside.  The case lists the global symbols each
# library defines with nm (the shared library's dynamic symbols, the
# static archive's external ones) and fails on any that does not begin
# with path_; it wants the names a program uses today to be there; and a
# program with its own xmalloc, ser_u8 and scan_line must link with
# the static archive and run.
#
#   sh tests/exports.sh [LIBDIR]
#
# LIBDIR holds libastray-path.so and libastray-path.a: the build tree's
# .libs by default (make check), the installed libdir for installcheck.

. "${top_srcdir:-.}/tests/lib.sh"

libdir=${1:-${top_builddir:-.}/.libs}
if ! command -v nm >/dev/null 2>&1; then
	echo "SKIP: nm is not installed"
	exit 77
fi
t_begin

# The global symbols a library defines, one name a line, sorted.
ex_symbols() {
	case "$1" in
	*.a) nm -g --defined-only "$1" ;;
	*) nm -D --defined-only "$1" ;;
	esac | awk 'NF == 3 { print $3 }' | sort -u
}

# Checks one library file: only path_ names, the usual ones among them.
ex_check() {
	ex_file=$1
	ex_what=$2
	if [ ! -f "$ex_file" ]; then
		t_fail "$ex_what" "$ex_file is missing"
		return
	fi
	ex_symbols "$ex_file" >"$t_tmp/syms" || {
		t_fail "$ex_what" "nm failed on $ex_file"
		return
	}
	# Symbols the linker itself defines in every shared object, and
	# AddressSanitizer's companions of the library's own globals.
	grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$' "$t_tmp/syms" |
	    grep -v -E '^(__odr_asan\.)?path_' >"$t_tmp/bad"
	if [ -s "$t_tmp/bad" ]; then
		t_fail "$ex_what: only path_ names" "$(wc -l <"$t_tmp/bad") \
unprefixed: $(head -10 "$t_tmp/bad" | tr '\n' ' ')"
	else
		t_ok "$ex_what: only path_ names ($(wc -l <"$t_tmp/syms") symbols)"
	fi
	ex_missing=
	for ex_name in path_grid_new path_context_new path_planner_new \
	    path_planner_plan path_planner_next path_planner_cost \
	    path_rules_movingai path_astar_search path_field_compute \
	    path_movingai_read_map path_movingai_parse_map path_set_oom_handler path_set_error_handler \
	    path_grid_new_callback path_grid_is_callback \
	    path_planner_save_buffer; do
		grep -q -x "$ex_name" "$t_tmp/syms" ||
		    ex_missing="$ex_missing $ex_name"
	done
	if [ -n "$ex_missing" ]; then
		t_fail "$ex_what: public names" "missing:$ex_missing"
	else
		t_ok "$ex_what: public names"
	fi
}

shared=
for f in "$libdir"/libastray-path.so "$libdir"/libastray-path.so.* \
    "$libdir"/libastray-path.dylib; do
	if [ -f "$f" ] && [ -z "$shared" ]; then
		shared=$f
	fi
done
# The lab's own code (src/lab/search: the teaching searches, the maps
# with legends, the Moving AI scenario and GPPC readers) stays out: a program linking the library carries
# only the engine.  Read from the whole symbol table, hidden names too,
# when the library has one (an installed library may be stripped).
ex_lab_code() {
	nm "$1" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	    grep -E '^(path_textbook_|path_tbdl_|path_tilemap_|lab_)' >"$t_tmp/lab"
	if ! nm "$1" >/dev/null 2>&1 || [ -z "$(nm "$1" 2>/dev/null)" ]; then
		echo "# $2: no symbol table to look for the lab's code in"
	elif [ -s "$t_tmp/lab" ]; then
		t_fail "$2: no lab code" "$(wc -l <"$t_tmp/lab") names: $(head -5 "$t_tmp/lab" | tr '\n' ' ')"
	else
		t_ok "$2: no teaching search, legend map or benchmark reader in it"
	fi
}

if [ -n "$shared" ]; then
	ex_check "$shared" "shared library"
	ex_lab_code "$shared" "shared library"
else
	echo "# no shared library in $libdir (configured --disable-shared?)"
fi
# A program whose own helpers have the base layer's names.
cat >"$t_tmp/own.c" <<'EOF'
#include <stddef.h>
#include <stdlib.h>

struct path_grid;
struct path_grid *path_grid_new(int, int, unsigned char, size_t);
int	path_grid_width(const struct path_grid *);
void	path_grid_free(struct path_grid *);
void	*xmalloc(size_t);
void	ser_u8(void *, unsigned char);
int	scan_line(void);

void *xmalloc(size_t n) { return (malloc(n)); }
void ser_u8(void *s, unsigned char c) { (void)s; (void)c; }
int scan_line(void) { return (7); }

int
main(void)
{
	struct path_grid *g = path_grid_new(5, 4, 1, 8);
	int ok = path_grid_width(g) == 5 && scan_line() == 7;

	free(xmalloc(1));
	ser_u8(NULL, 0);
	path_grid_free(g);
	return (ok ? 0 : 1);
}
EOF

if [ -f "$libdir/libastray-path.a" ]; then
	ex_check "$libdir/libastray-path.a" "static archive"
	ex_lab_code "$libdir/libastray-path.a" "static archive"
	# shellcheck disable=SC2086
	if ${CC:-cc} ${HEADER_CXXFLAGS:-} -o "$t_tmp/own" "$t_tmp/own.c" \
	    "$libdir/libastray-path.a" -lm >"$t_tmp/err" 2>&1 &&
	    "$t_tmp/own"; then
		t_ok "a program with its own xmalloc, ser_u8, scan_line links"
	else
		t_fail "a program with its own xmalloc, ser_u8, scan_line" \
		    "$(head -3 "$t_tmp/err")"
	fi
else
	echo "# no static archive in $libdir (configured --disable-static?)"
fi
if [ -z "$shared" ] && [ ! -f "$libdir/libastray-path.a" ]; then
	t_fail "libraries" "neither libastray-path.so nor .a in $libdir"
fi
t_end
