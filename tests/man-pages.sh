#!/bin/sh
# man-pages.sh: libastray-path's manual covers every function, by name.
#
# Installs the build (make install DESTDIR=... prefix=...) into a scratch
# folder and checks, on what was installed:
# - every installed header <astray/NAME.h> has its page:
#   astray-path-NAME(3), or astray-path(3) for path.h and api.h;
# - every function the installed headers declare (the PATH_API
#   declarations, read with awk; cross-checked with universal ctags when
#   it is installed, so that a declaration the awk misses, or one
#   without PATH_API, fails too) has a by-name page NAME.3 holding
#   ".so man3/PAGE.3", PAGE being its header's page, which is installed,
#   names the function in its NAME section and shows its prototype in
#   its SYNOPSIS as the header declares it (spacing aside);
# - each page renders with groff -man -ww without a warning, and through
#   man(1) (man --warnings -l) without one either; lexgrog, where man-db
#   has it, reads its NAME section;
# - MANPATH=<prefix>/share/man man -w finds every function's page, and
#   man 3 path_astar_search shows astar.h's page through its link;
# - make uninstall takes the by-name pages away again.
#
# A new function without documentation therefore fails here: its name is
# in no page's NAME section, so it has no by-name page.  Skips (77)
# without man or groff; CI installs both (.ci/run).

. "${top_srcdir:-.}/tests/lib.sh"

for mp_tool in man groff; do
	if ! command -v "$mp_tool" >/dev/null 2>&1; then
		echo "SKIP: $mp_tool is not installed"
		exit 77
	fi
done
t_begin

mp_prefix=/astray-man-test
mp_dest=$t_tmp/dest
mp_root=$mp_dest$mp_prefix
mp_man=$mp_root/share/man
if ! ${MAKE:-make} -C "${top_builddir:-.}" install DESTDIR="$mp_dest" \
    prefix="$mp_prefix" >"$t_tmp/install.log" 2>&1; then
	echo "ERROR: make install DESTDIR=$mp_dest prefix=$mp_prefix failed:" >&2
	tail -20 "$t_tmp/install.log" >&2
	exit 99
fi
if [ ! -d "$mp_root/include/astray" ] || [ ! -d "$mp_man/man3" ]; then
	echo "ERROR: make install put no headers or man3 pages under" \
	    "$mp_root" >&2
	exit 99
fi

# The functions a header declares, "NAME<TAB>PROTOTYPE" a line: each
# PATH_API declaration with a parenthesis (data such as
# path_movement_names[] has none), comments removed, whitespace
# collapsed, without PATH_API and without spaces inside parentheses.
mp_functions() {
	awk '
	{
		line = $0
		out = ""
		while (line != "") {
			if (incomment) {
				i = index(line, "*/")
				if (i == 0)
					line = ""
				else {
					line = substr(line, i + 2)
					incomment = 0
				}
			} else {
				i = index(line, "/*")
				if (i == 0) {
					out = out line
					line = ""
				} else {
					out = out substr(line, 1, i - 1) " "
					line = substr(line, i + 2)
					incomment = 1
				}
			}
		}
		if (!indecl && out !~ /(^|[^A-Za-z0-9_])PATH_API([^A-Za-z0-9_]|$)/)
			next
		decl = indecl ? decl " " out : out
		indecl = 1
		if (decl !~ /;/)
			next
		indecl = 0
		gsub(/[ \t]+/, " ", decl)
		sub(/^ /, "", decl)
		sub(/ $/, "", decl)
		if (decl ~ /^extern / || decl !~ /\(/)
			next
		sub(/PATH_API /, "", decl)
		gsub(/\( /, "(", decl)
		gsub(/ \)/, ")", decl)
		name = decl
		sub(/[ \t]*\(.*/, "", name)
		sub(/.*[^A-Za-z0-9_]/, "", name)
		print name "\t" decl
	}' "$1"
}

# The page of a header: mp_page_of HEADER_BASENAME.
mp_page_of() {
	case "$1" in
	path.h | api.h) echo astray-path ;;
	*) echo "astray-path-${1%.h}" ;;
	esac
}

# The names in a page's NAME section, one a line: mp_names PAGE_FILE.
mp_names() {
	awk '
	/^\.SH/ { named = ($2 == "NAME"); next }
	named && /^\./ { named = 0 }
	named { text = text " " $0 }
	END {
		i = index(text, " \\- ")
		if (i > 0)
			text = substr(text, 1, i - 1)
		gsub(/,/, " ", text)
		n = split(text, names, " ")
		for (j = 1; j <= n; j++)
			print names[j]
	}' "$1"
}

# A page's SYNOPSIS as rendered, on one line, whitespace collapsed and no
# spaces inside parentheses: mp_synopsis PAGE_FILE.
mp_synopsis() {
	groff -man -Tascii -P-cbou "$1" 2>/dev/null | awk '
	/^SYNOPSIS$/ { on = 1; next }
	/^[A-Z][A-Z ]*$/ { on = 0 }
	on { text = text " " $0 }
	END {
		gsub(/[ \t]+/, " ", text)
		gsub(/\( /, "(", text)
		gsub(/ \)/, ")", text)
		print text
	}'
}

# --- every installed header has its page ---------------------------------
: >"$t_tmp/functions"
mp_missing=
mp_headers=0
for mp_h in "$mp_root"/include/astray/*.h; do
	mp_base=$(basename "$mp_h")
	mp_headers=$((mp_headers + 1))
	mp_page=$(mp_page_of "$mp_base")
	[ -f "$mp_man/man3/$mp_page.3" ] || mp_missing="$mp_missing $mp_base"
	mp_functions "$mp_h" | while IFS='	' read -r mp_f mp_proto; do
		printf '%s\t%s\t%s\n' "$mp_f" "$mp_page" "$mp_proto"
	done >>"$t_tmp/functions"
done
if [ -n "$mp_missing" ]; then
	t_fail "a page per installed header" "none for:$mp_missing"
else
	t_ok "a page per installed header ($mp_headers headers)"
fi

mp_count=$(t_lines "$t_tmp/functions")
if [ "$mp_count" -lt 50 ]; then
	t_fail "functions read from the installed headers" \
	    "only $mp_count: the reading of the headers is broken"
else
	t_ok "functions read from the installed headers ($mp_count)"
fi

# The same names as universal ctags finds the prototypes, when it is
# there (Exuberant ctags has no --kinds-C).
if ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
	ctags -x --kinds-C=p --language-force=C -D 'PATH_API=' \
	    -D 'PATH_BEGIN_DECLS=' -D 'PATH_END_DECLS=' \
	    "$mp_root"/include/astray/*.h | awk '{ print $1 }' |
	    sort -u >"$t_tmp/ctags"
	cut -f1 "$t_tmp/functions" | sort -u >"$t_tmp/awk"
	if cmp -s "$t_tmp/ctags" "$t_tmp/awk"; then
		t_ok "ctags finds the same $(t_lines "$t_tmp/awk") functions"
	else
		t_fail "ctags finds the same functions" \
		    "$(diff "$t_tmp/awk" "$t_tmp/ctags" | grep '^[<>]' |
		    head -5 | tr '\n' ' ')(<: awk only, >: ctags only)"
	fi
else
	echo "# universal ctags is not installed: the awk's reading alone"
fi

# --- each function: its link, named in its page, its prototype shown ---
mp_nolink=
mp_badlink=
mp_unnamed=
mp_noproto=
for mp_page in $(cut -f2 "$t_tmp/functions" | sort -u); do
	mp_file=$mp_man/man3/$mp_page.3
	[ -f "$mp_file" ] || continue
	mp_names "$mp_file" >"$t_tmp/names.$mp_page"
	mp_synopsis "$mp_file" >"$t_tmp/syn.$mp_page"
done
while IFS='	' read -r mp_f mp_page mp_proto; do
	mp_link=$mp_man/man3/$mp_f.3
	if [ ! -f "$mp_link" ]; then
		mp_nolink="$mp_nolink $mp_f"
		continue
	fi
	if [ "$(cat "$mp_link")" != ".so man3/$mp_page.3" ]; then
		mp_badlink="$mp_badlink $mp_f ($(head -1 "$mp_link"))"
		continue
	fi
	if [ ! -f "$mp_man/man3/$mp_page.3" ] ||
	    ! grep -q -x -F "$mp_f" "$t_tmp/names.$mp_page"; then
		mp_unnamed="$mp_unnamed $mp_f"
	fi
	if [ ! -f "$t_tmp/syn.$mp_page" ] ||
	    ! grep -q -F -- "$mp_proto" "$t_tmp/syn.$mp_page"; then
		mp_noproto="$mp_noproto $mp_f"
	fi
done <"$t_tmp/functions"
if [ -n "$mp_nolink" ]; then
	t_fail "a by-name page for every function" "none for:$mp_nolink" \
	    "(name it in the NAME section of its header's page)"
else
	t_ok "a by-name page for every function"
fi
if [ -n "$mp_badlink" ]; then
	t_fail "each by-name page is .so man3/<its header's page>.3" \
	    "$mp_badlink"
else
	t_ok "each by-name page is .so man3/<its header's page>.3"
fi
if [ -n "$mp_unnamed" ]; then
	t_fail "each function named in its page's NAME section" \
	    "not named:$mp_unnamed"
else
	t_ok "each function named in its page's NAME section"
fi
if [ -n "$mp_noproto" ]; then
	t_fail "each page's SYNOPSIS shows the header's prototypes" \
	    "missing or different:$mp_noproto"
else
	t_ok "each page's SYNOPSIS shows the header's prototypes"
fi

# --- rendering ------------------------------------------------------------
for mp_file in "$mp_man"/man3/astray-path*.3; do
	mp_base=$(basename "$mp_file")
	groff -man -Tutf8 -ww -z "$mp_file" >"$t_tmp/out" 2>"$t_tmp/err" || :
	MANWIDTH=80 man --warnings -l "$mp_file" >"$t_tmp/out" \
	    2>>"$t_tmp/err" || echo "man -l failed" >>"$t_tmp/err"
	if command -v lexgrog >/dev/null 2>&1; then
		lexgrog "$mp_file" >"$t_tmp/lex" 2>&1 ||
		    echo "lexgrog: $(head -1 "$t_tmp/lex")" >>"$t_tmp/err"
	fi
	if [ -s "$t_tmp/err" ]; then
		t_fail "$mp_base renders without warnings" \
		    "$(head -3 "$t_tmp/err" | tr '\n' ' ')"
	elif ! grep -q '^SYNOPSIS' "$t_tmp/out"; then
		t_fail "$mp_base renders" "no SYNOPSIS in man's output"
	else
		t_ok "$mp_base renders without warnings"
	fi
done

# --- man finds them by name --------------------------------------------
# man-db's man -w follows the link and names the page it leads to.
mp_lost=
while IFS='	' read -r mp_f mp_page mp_proto; do
	mp_where=$(MANPATH=$mp_man man -w "$mp_f" 2>/dev/null) || :
	case "$mp_where" in
	"$mp_man/man3/$mp_f.3" | "$mp_man/man3/$mp_page.3") ;;
	*) mp_lost="$mp_lost $mp_f${mp_where:+ ($mp_where)}" ;;
	esac
done <"$t_tmp/functions"
if [ -n "$mp_lost" ]; then
	t_fail "MANPATH=<prefix>/share/man man -w finds every function" \
	    "not:$mp_lost"
else
	t_ok "MANPATH=<prefix>/share/man man -w finds every function"
fi
MANPATH=$mp_man MANWIDTH=80 MANPAGER=cat PAGER=cat \
    man 3 path_astar_search >"$t_tmp/out" 2>"$t_tmp/err" || :
if grep -q 'ASTRAY-PATH-ASTAR(3)' "$t_tmp/out" &&
    grep -q 'path_astar_search(struct path_astar' "$t_tmp/out"; then
	t_ok "man 3 path_astar_search shows astar.h's page"
else
	t_fail "man 3 path_astar_search shows astar.h's page" \
	    "$(head -2 "$t_tmp/out" "$t_tmp/err" | tr '\n' ' ')"
fi

# --- uninstall ------------------------------------------------------------
if ! ${MAKE:-make} -C "${top_builddir:-.}" uninstall DESTDIR="$mp_dest" \
    prefix="$mp_prefix" >"$t_tmp/uninstall.log" 2>&1; then
	t_fail "make uninstall" "$(tail -3 "$t_tmp/uninstall.log" |
	    tr '\n' ' ')"
elif [ -n "$(find "$mp_man" -type f 2>/dev/null | head -1)" ]; then
	t_fail "make uninstall takes the pages away" \
	    "left: $(find "$mp_man" -type f | head -3 | tr '\n' ' ')"
else
	t_ok "make uninstall takes the pages away"
fi
t_end
