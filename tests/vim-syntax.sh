#!/bin/sh
# vim-syntax.sh: the Vim syntax file colours a dungeon file as it reads.
#
# Vim, started bare (no vimrc, no plugins) with data/vim first on its
# runtime path, opens the modding guide's cellar (tests/data/modding/
# cellar.dun): the file type must be detected from the .dun name, and
# each probed cell must have the syntax group the guide's format gives
# it: the comment, the header keys, a number, a legend kind, a gate
# word, the map's "map" and "end" lines, the player, and a '#' inside
# the map, which is a wall there and not a comment; in the guide's
# example, the legend's "item" is a kind as "monster" is.  Then the guide's
# campaign (tests/data/modding/campaign.camp): the file type from the
# .camp name, its comment, keys, a level's name, the format's words
# after generate, vaults and goal, and a size.  Skipped (77) when vim is
# not installed.
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
# Opens a file in vim and checks its type and the probed cells' groups:
# probe FILE TYPE (the probes in $t_tmp/probes).
probe() {
	rm -f "$t_tmp/got"
	VIMDATA="$top/data/vim" DUNFILE="$top/tests/data/modding/$1" \
	    PROBES="$t_tmp/probes" OUT="$t_tmp/got" HOME="$t_tmp" \
	    vim -Nu NONE -i NONE -es -S "$t_tmp/probe.vim" </dev/null \
	    >/dev/null 2>&1
	if [ ! -s "$t_tmp/got" ]; then
		t_fail "vim ran" "no output from vim"
		t_end
	fi
	if [ "$(t_first_line "$t_tmp/got")" = "filetype $2" ]; then
		t_ok "$1 is an $2 file"
	else
		t_fail "file type of $1" "$(t_first_line "$t_tmp/got")"
	fi
	sed 1d "$t_tmp/got" >"$t_tmp/groups"
	while read -r at want; do
		got=$(grep "^$at " "$t_tmp/groups" | cut -d' ' -f2)
		if [ "$got" = "$want" ]; then
			t_ok "$1 $at is $want"
		else
			t_fail "$1 $at" "group \"$got\", expected $want"
		fi
	done <"$t_tmp/probes"
}
probe cellar.dun astraydun

# The guide's example: a legend's item kind.
cat >"$t_tmp/probes" <<'EOF_PROBES'
22:1 astraydunKey
22:11 astraydunKind
EOF_PROBES
probe example.dun astraydun

cat >"$t_tmp/probes" <<'EOF_PROBES'
1:1 astraycampComment
8:1 astraycampKey
9:1 astraycampKey
14:1 astraycampLevel
14:7 astraycampName
15:2 astraycampKeyWord
15:11 astraycampWord
15:17 astraycampNumber
16:8 astraycampNumber
25:2 astraycampKey
34:9 astraycampWord
35:7 astraycampWord
EOF_PROBES
probe campaign.camp astraycamp
t_end
