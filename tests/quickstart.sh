#!/bin/sh
# quickstart.sh: ./quickstart.sh play builds quietly, then starts the game.
#
# The script is copied into a scratch tree that looks like a fresh clone
# (configure.ac and Makefile.am, no configure, no m4/), and run with
# stand-ins first on the PATH for what it calls: dpkg-query says every
# package is installed; autoreconf writes a configure, and warns as
# aclocal does when m4/ is not there; configure writes a Makefile; make
# prints a screenful and writes build/astray, which prints its
# arguments.  Each stand-in prints lines with "noise" in them, as the real
# tools do, so the case can tell whether the build's output reached the
# player.  Nothing is installed, built or compiled; it takes a second.
#
# Run by make check with top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
tree=$t_tmp/clone
bin=$t_tmp/bin
mkdir -p "$tree" "$bin" || exit 99
cp "$top/quickstart.sh" "$tree/" || exit 99
: >"$tree/configure.ac"
: >"$tree/Makefile.am"

cat >"$bin/dpkg-query" <<'EOF'
#!/bin/sh
printf 'install ok installed'
EOF
cat >"$bin/nproc" <<'EOF'
#!/bin/sh
echo 2
EOF
cat >"$bin/autoreconf" <<'EOF'
#!/bin/sh
[ -d m4 ] || echo "aclocal: warning: couldn't open directory 'm4': No such file or directory" >&2
echo "autoreconf noise: libtoolize: copying file 'm4/libtool.m4'"
cat >configure <<'END'
#!/bin/sh
echo "configure noise: checking for gcc... gcc"
echo "all:" >Makefile
END
chmod +x configure
EOF
cat >"$bin/make" <<'EOF'
#!/bin/sh
i=0
while [ "$i" -lt 60 ]; do
	echo "make noise: CC src/file$i.o"
	i=$((i + 1))
done
if [ -n "${QS_MAKE_FAILS:-}" ]; then
	echo "make noise: src/ui/draw.c:1:1: error: the build broke" >&2
	exit 2
fi
printf '#!/bin/sh\necho "astray ran: $*"\n' >astray
chmod +x astray
EOF
chmod +x "$bin"/*
PATH=$bin:$PATH
export PATH

name="quickstart.sh play: the build says one line, not its log (nor aclocal's m4 warning); the game starts"
t_status=0
(cd "$t_tmp" && sh "$tree/quickstart.sh" play --seed 5) >"$t_tmp/out" \
    2>"$t_tmp/err" || t_status=$?
if [ "$t_status" -ne 0 ]; then
	t_fail "$name" "exit status $t_status: $(sed -n 1,3p "$t_tmp/err")"
elif ! grep -q -x 'astray ran: --seed 5' "$t_tmp/out"; then
	t_fail "$name" "the game did not start with its arguments: $(cat "$t_tmp/out")"
elif grep -q -e noise -e 'aclocal: warning' "$t_tmp/out" "$t_tmp/err"; then
	t_fail "$name" "the build's output reached the screen: $(grep -h \
	    -e noise -e aclocal "$t_tmp/out" "$t_tmp/err" | sed -n 1,3p)"
elif [ "$(t_lines "$t_tmp/out")" -gt 2 ] || [ -s "$t_tmp/err" ]; then
	t_fail "$name" "more than a line before the game: $(cat "$t_tmp/out" \
	    "$t_tmp/err")"
elif ! grep -q 'make noise' "$tree/build/quickstart.log" ||
    grep -q 'aclocal: warning' "$tree/build/quickstart.log"; then
	t_fail "$name" "build/quickstart.log does not hold the build's output," \
	    "or holds the m4 warning"
else
	t_ok "$name"
fi

name="quickstart.sh play: a build that fails shows its log, exits non-zero, starts nothing"
rm -rf "$tree/build" "$tree/configure" "$tree/m4"
t_status=0
(cd "$t_tmp" && QS_MAKE_FAILS=1 sh "$tree/quickstart.sh" play) \
    >"$t_tmp/out" 2>"$t_tmp/err" || t_status=$?
if [ "$t_status" -eq 0 ]; then
	t_fail "$name" "exit status 0"
elif grep -q 'astray ran' "$t_tmp/out"; then
	t_fail "$name" "the game started"
elif ! grep -q 'error: the build broke' "$t_tmp/err" ||
    ! grep -q 'make noise: CC' "$t_tmp/err" ||
    ! grep -q 'quickstart: the build failed' "$t_tmp/err"; then
	t_fail "$name" "the log and the failure are not on standard error:" \
	    "$(sed -n 1,3p "$t_tmp/err")"
else
	t_ok "$name"
fi
t_end
