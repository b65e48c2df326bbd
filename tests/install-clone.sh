#!/bin/sh
# install-clone.sh: docs/library.md's install steps work as written.
#
# The commands of library.md's section "Building against it" (its code
# blocks, indented by four spaces, but the C one) are run in order, as
# one shell script, in a fresh git clone of the source tree, with HOME a
# scratch folder (so $HOME/.local is a private prefix) and no
# PKG_CONFIG_PATH or LD_LIBRARY_PATH of the caller's: autoreconf -fi,
# configure, make, make install, then game.c (examples/chase.c as
# installed with the documentation) built against the installed library
# with an rpath, without one (run with LD_LIBRARY_PATH) and with the
# static archive, each run where library.md runs it.  The case passes
# when the script succeeds and, for the program each block builds:
# - it prints what examples/chase prints (the build tree's, when make
#   check built it; else its last line);
# - readelf -d shows libastray-path.so needed and the private libdir as
#   its rpath, needed and no rpath, or not needed (the static one);
# - the rpath and the static programs run from elsewhere, with nothing
#   in the environment; all three kinds are among them.
#
# A whole configure and build: it runs only with ASTRAY_SLOW_TESTS=1
# (CI's stage "library.md from a clone"), and skips (77) without git,
# cc or pkg-config, or when the source tree is not a git checkout (a
# tarball's, as in make distcheck).  The clone holds what is committed:
# a change to library.md is tested once committed.

. "${top_srcdir:-.}/tests/lib.sh"

if [ "${ASTRAY_SLOW_TESTS:-0}" != 1 ]; then
	echo "SKIP: a whole build from a clone; set ASTRAY_SLOW_TESTS=1"
	exit 77
fi
for ic_tool in git cc pkg-config autoreconf readelf; do
	if ! command -v "$ic_tool" >/dev/null 2>&1; then
		echo "SKIP: $ic_tool is not installed"
		exit 77
	fi
done
ic_src=$(cd "${top_srcdir:-.}" && pwd)
if [ "$(git -C "$ic_src" rev-parse --show-toplevel 2>/dev/null)" != \
    "$ic_src" ]; then
	echo "SKIP: $ic_src is not a git checkout"
	exit 77
fi
ic_build=$(cd "${top_builddir:-.}" && pwd)
t_begin
if [ -n "$(git -C "$ic_src" status --porcelain --untracked-files=no)" ]
then
	echo "# $ic_src has uncommitted changes: the clone tests its HEAD"
fi

git clone -q "$ic_src" "$t_tmp/astray" || {
	echo "ERROR: git clone $ic_src failed" >&2
	exit 99
}

# The clone's library.md's blocks, as one script: each block's commands,
# after a line naming the block and with the last program it built kept
# as game.N.
ic_doc=$t_tmp/astray/docs/library.md
awk '
/^## / { on = ($0 == "## Building against it"); next }
!on { next }
/^    / {
	if (!inblock) {
		n++
		inblock = 1
		skip = ($0 ~ /^    #include/)
		if (!skip)
			printf "rm -f game\necho \"### block %d\"\n", n
	}
	if (!skip)
		print substr($0, 5)
	next
}
{
	if (inblock && !skip)
		printf "if [ -f game ]; then cp game game.%d; fi\n", n
	inblock = 0
}
END {
	if (inblock && !skip)
		printf "if [ -f game ]; then cp game game.%d; fi\n", n
}' "$ic_doc" >"$t_tmp/steps.sh"
if ! grep -q 'make install' "$t_tmp/steps.sh" ||
    ! grep -q 'autoreconf -fi' "$t_tmp/steps.sh"; then
	t_fail "library.md's steps" "no autoreconf -fi and make install in" \
	    "its section \"Building against it\""
	t_end
fi
mkdir "$t_tmp/home"
cat >"$t_tmp/run.sh" <<EOF
set -e
cd "$t_tmp/astray"
EOF
# game.c exists only once make install has run: copy it before each
# block that compiles it.
sed 's|^cc game\.c|cp "$HOME/.local/share/doc/astray/examples/chase.c" game.c \&\& cc game.c|' \
    "$t_tmp/steps.sh" >>"$t_tmp/run.sh"
ic_start=$(date +%s)
if ! env -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH -u CFLAGS -u LDFLAGS \
    -u CPPFLAGS HOME="$t_tmp/home" sh "$t_tmp/run.sh" >"$t_tmp/out" \
    2>"$t_tmp/err"; then
	t_fail "library.md's steps run" "$(tail -5 "$t_tmp/err" |
	    tr '\n' ' ')(last: $(grep '^### block' "$t_tmp/out" | tail -1))"
	t_end
fi
t_ok "library.md's steps run from a clone ($(($(date +%s) - ic_start))s)"

# What each block's ./game printed.
export t_tmp
awk '/^### block / { f = ENVIRON["t_tmp"] "/block." $3 ".out"; printf "" >f;
    next } f != "" { print >f }' "$t_tmp/out"
if [ -x "$ic_build/examples/chase" ]; then
	"$ic_build/examples/chase" >"$t_tmp/want" 2>/dev/null || :
fi
ic_kinds=
for ic_game in "$t_tmp"/astray/game.[0-9]*; do
	[ -f "$ic_game" ] || continue
	ic_n=${ic_game##*.}
	ic_dyn=$(readelf -d "$ic_game" 2>/dev/null | grep 'NEEDED.*libastray-path')
	ic_rpath=$(readelf -d "$ic_game" 2>/dev/null | grep -E 'R(UN)?PATH')
	if [ -z "$ic_dyn" ]; then
		ic_kind=static
	elif [ -n "$ic_rpath" ]; then
		ic_kind=rpath
	else
		ic_kind=shared
	fi
	ic_what="block $ic_n's program ($ic_kind)"
	if [ "$ic_kind" = rpath ] && ! echo "$ic_rpath" |
	    grep -q -F "$t_tmp/home/.local/lib"; then
		t_fail "$ic_what" "its rpath is not the private libdir:" \
		    "$ic_rpath"
		continue
	fi
	if [ -s "$t_tmp/want" ]; then
		if cmp -s "$t_tmp/want" "$t_tmp/block.$ic_n.out"; then
			t_ok "$ic_what prints what examples/chase prints"
		else
			t_fail "$ic_what" "printed: $(head -3 \
			    "$t_tmp/block.$ic_n.out" | tr '\n' ' ')"
			continue
		fi
	elif tail -1 "$t_tmp/block.$ic_n.out" |
	    grep -q 'the monster reaches you'; then
		t_ok "$ic_what reaches the end of the chase"
	else
		t_fail "$ic_what" "printed: $(head -3 \
		    "$t_tmp/block.$ic_n.out" | tr '\n' ' ')"
		continue
	fi
	# The rpath and static programs run as they are, from elsewhere.
	if [ "$ic_kind" != shared ]; then
		if (cd / && env -u LD_LIBRARY_PATH "$ic_game" >/dev/null); then
			t_ok "$ic_what runs without LD_LIBRARY_PATH"
		else
			t_fail "$ic_what" "does not run without LD_LIBRARY_PATH"
		fi
	fi
	ic_kinds="$ic_kinds $ic_kind"
done
for ic_kind in rpath shared static; do
	case " $ic_kinds " in
	*" $ic_kind "*) t_ok "library.md builds a program: $ic_kind" ;;
	*) t_fail "library.md builds a program: $ic_kind" \
	    "no block of \"Building against it\" builds one that runs" ;;
	esac
done
t_end
