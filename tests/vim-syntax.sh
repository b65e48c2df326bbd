#!/bin/sh
# vim-syntax.sh: the Vim syntax file colours a dungeon file as it reads.
#
# Vim, started bare (no vimrc, no plugins) with data/vim first on its
# runtime path, opens the modding guide's cellar (tests/data/modding/
# cellar.dun): the file type must be detected from the .dun name, and
# each probed cell must have the syntax group the guide's format gives
# it: the comment, the header keys, a number, a legend kind, a gate
# word, the map's "map" and "end" lines, the player, and a '#' inside
# the map, which is a wall there and not a comment.  Skipped (77) when
# vim is not installed.
#
# Run by make check with top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

if ! command -v vim >/dev/null 2>&1; then
	echo "# SKIP: vim is not installed"
	exit 77
fi
t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99

# LINE:COLUMN and the group expected there.
cat >"$t_tmp/probes" <<'EOF_PROBES'
1:1 astraydunComment
3:1 astraydunKey
4:8 astraydunNumber
5:11 astraydunKind
7:13 astraydunGateWord
7:45 astraydunNumber
9:1 astraydunMapEdge
11:2 astraydunPlayer
11:10 astraydunMap
13:10 astraydunMap
15:1 astraydunMapEdge
EOF_PROBES
cat >"$t_tmp/probe.vim" <<'EOF_VIM'
set nocompatible
let &runtimepath = $VIMDATA . ',' . &runtimepath
filetype on
syntax on
edit $DUNFILE
let out = ['filetype ' . &filetype]
for probe in readfile($PROBES)
  let [l, c] = split(split(probe)[0], ':')
  call add(out, l . ':' . c . ' ' . synIDattr(synID(l, c, 1), 'name'))
endfor
call writefile(out, $OUT)
qall!
EOF_VIM
VIMDATA="$top/data/vim" DUNFILE="$top/tests/data/modding/cellar.dun" \
    PROBES="$t_tmp/probes" OUT="$t_tmp/got" HOME="$t_tmp" \
    vim -Nu NONE -i NONE -es -S "$t_tmp/probe.vim" </dev/null \
    >/dev/null 2>&1
if [ ! -s "$t_tmp/got" ]; then
	t_fail "vim ran" "no output from vim"
	t_end
fi
if [ "$(t_first_line "$t_tmp/got")" = "filetype astraydun" ]; then
	t_ok "a .dun file is an astraydun file"
else
	t_fail "file type" "$(t_first_line "$t_tmp/got")"
fi
sed 1d "$t_tmp/got" >"$t_tmp/groups"
while read -r at want; do
	got=$(grep "^$at " "$t_tmp/groups" | cut -d' ' -f2)
	if [ "$got" = "$want" ]; then
		t_ok "cellar.dun $at is $want"
	else
		t_fail "cellar.dun $at" "group \"$got\", expected $want"
	fi
done <"$t_tmp/probes"
t_end
