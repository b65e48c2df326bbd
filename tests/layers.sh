#!/bin/sh
# layers.sh: the layers point down only, as design.md says.
#
#   ui -> driver -> game -> path -> base, and lab -> driver and below
#
# Every #include "..." line of every file under src/ is resolved to the
# folder that holds the header (the including file's own folder first,
# as the compiler looks), and that folder's layer must be the file's own
# or one below it.  The ui may not reach past the game into the path
# library (it asks the game, game.h), nor call a path_ function.  Only
# src/ui includes curses (curses.h, ncurses.h, term.h).  Makefile.am's
# per-layer include flags (LAYER_includes) may name only the folders of
# the layers below.
#
# The checker is then run on copies of src/ with one upward include, and
# one curses include outside src/ui, put in: it must refuse both, so this
# test is known to fail when a layer is crossed.
#
# Run by make check with top_srcdir set.  Header names hold no blanks,
# so the words of the #include lines are the names (SC2013); "$(...)" in
# single quotes is Makefile.am's, not the shell's (SC2016).
# shellcheck disable=SC2013,SC2016

. "${top_srcdir:-.}/tests/lib.sh"

t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99

# The layers each layer may include from, itself first.
allowed() {
	case $1 in
	base) echo "base" ;;
	path) echo "path base" ;;
	game) echo "game path base" ;;
	driver) echo "driver game path base" ;;
	ui) echo "ui driver game base" ;;
	lab) echo "lab driver game path base" ;;
	*) echo "" ;;
	esac
}

# The layer of a header found in folder DIR: layer_of DIR NAME.
layer_of() {
	echo "$1"
}

# Checks the tree under ROOT/src; prints one line per crossing and
# returns 1 if there is any: check_tree ROOT.
check_tree() {
	ct_root=$1
	ct_bad=0
	for ct_file in "$ct_root"/src/*/*.[ch]; do
		ct_dir=${ct_file%/*}
		ct_layer=${ct_dir##*/}
		ct_ok=$(allowed "$ct_layer")
		if [ -z "$ct_ok" ]; then
			echo "${ct_file#"$ct_root"/}: src/$ct_layer is no layer" \
			    "design.md names"
			ct_bad=1
			continue
		fi
		# Each quoted include: NAME (config.h is the build's own).
		for ct_name in $(sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' \
		    "$ct_file"); do
			[ "$ct_name" = config.h ] && continue
			if [ -f "$ct_dir/$ct_name" ]; then
				ct_from=$ct_layer
			else
				ct_from=
				for ct_other in "$ct_root"/src/*/; do
					ct_other=${ct_other%/}
					if [ -f "$ct_other/$ct_name" ]; then
						ct_from=${ct_other##*/}
						break
					fi
				done
			fi
			if [ -z "$ct_from" ]; then
				echo "${ct_file#"$ct_root"/}: includes $ct_name," \
				    "which no layer holds"
				ct_bad=1
				continue
			fi
			ct_from=$(layer_of "$ct_from" "$ct_name")
			case " $ct_ok " in
			*" $ct_from "*) ;;
			*)
				echo "${ct_file#"$ct_root"/}: includes $ct_name" \
				    "from $ct_from, above or beside $ct_layer" \
				    "(it may include from: $ct_ok)"
				ct_bad=1
				;;
			esac
		done
		# Curses, only in the terminal front end.
		if [ "$ct_layer" != ui ] && grep -n -E \
		    '^[ 	]*#[ 	]*include[ 	]*[<"](n?curses|ncursesw/[a-z]*|term)\.h[>"]' \
		    "$ct_file" >"$t_tmp/curses"; then
			echo "${ct_file#"$ct_root"/}:$(cut -d: -f1 "$t_tmp/curses" |
			    sed -n 1p): curses outside src/ui"
			ct_bad=1
		fi
		# The ui asks the game, never the path library itself.
		if [ "$ct_layer" = ui ] && grep -n -E \
		    '(^|[^A-Za-z0-9_])path_[a-z_]+[ 	]*\(' \
		    "$ct_file" >"$t_tmp/calls"; then
			echo "${ct_file#"$ct_root"/}:$(cut -d: -f1 "$t_tmp/calls" |
			    sed -n 1p): calls the path library directly"
			ct_bad=1
		fi
	done
	return $ct_bad
}

# The folders one LAYER_includes variable of Makefile.am names, its
# references to others expanded: includes_of FILE LAYER.
includes_of() {
	io_line=$(sed -n "s/^$2_includes[ 	]*=[ 	]*//p" "$1")
	for io_word in $io_line; do
		case $io_word in
		'$('*'_includes)')
			io_ref=${io_word#'$('}
			includes_of "$1" "${io_ref%_includes)}"
			;;
		-I*) echo "${io_word##*/}" ;;
		esac
	done
}

# Checks Makefile.am's include flags: check_flags FILE.
check_flags() {
	cf_bad=0
	for cf_layer in base path game driver ui lab; do
		if ! grep -q "^${cf_layer}_includes[ 	]*=" "$1"; then
			echo "Makefile.am: no ${cf_layer}_includes"
			cf_bad=1
			continue
		fi
		for cf_dir in $(includes_of "$1" "$cf_layer"); do
			case " $(allowed "$cf_layer") path " in
			*" $cf_dir "*)
				[ "$cf_dir" != "$cf_layer" ] && continue ;;
			esac
			echo "Makefile.am: ${cf_layer}_includes names src/$cf_dir"
			cf_bad=1
		done
	done
	if grep -n -E '^AM_CPPFLAGS[ 	]*=.*-I' "$1"; then
		echo "Makefile.am: AM_CPPFLAGS gives every target folders"
		cf_bad=1
	fi
	return $cf_bad
}

# The tree as it is.
if check_tree "$top" >"$t_tmp/report"; then
	t_ok "every include points down"
else
	t_fail "every include points down" "$(cat "$t_tmp/report")"
fi
if check_flags "$top/Makefile.am" >"$t_tmp/report"; then
	t_ok "each layer's include flags name only the layers below"
else
	t_fail "each layer's include flags name only the layers below" \
	    "$(cat "$t_tmp/report")"
fi

# Copies of the tree with one crossing each: the checker must refuse them.
# mutant NAME FILE LINE: a copy of src/ with LINE put at the top of FILE.
mutant() {
	rm -rf "$t_tmp/mutant"
	mkdir -p "$t_tmp/mutant"
	cp -R "$top/src" "$t_tmp/mutant/src"
	{ echo "$3"; cat "$top/$2"; } >"$t_tmp/mutant/$2"
	if check_tree "$t_tmp/mutant" >"$t_tmp/report"; then
		t_fail "$1" "the checker let it through"
	elif ! grep -q "^$2:" "$t_tmp/report"; then
		t_fail "$1" "the checker blamed another file: $(cat \
		    "$t_tmp/report")"
	else
		t_ok "$1"
	fi
}
mutant "the game including the terminal front end is refused" \
    src/game/level.c '#include "ui.h"'
mutant "the game including the driver is refused" \
    src/game/game.c '#include "driver.h"'
mutant "the path library including the game is refused" \
    src/path/grid.c '#include "game.h"'
mutant "the ui including the path library is refused" \
    src/ui/draw.c '#include "planner.h"'
mutant "curses outside src/ui is refused" \
    src/driver/headless.c '#include <curses.h>'
mutant "the ui calling a path_ function is refused" \
    src/ui/ui.c 'static const char *x(void) { return path_planner_name(0); }'

# A Makefile.am whose game flags name the ui's folder.
sed 's|^game_includes[ 	]*=.*|game_includes = -I$(top_srcdir)/src/ui|' \
    "$top/Makefile.am" >"$t_tmp/Makefile.am"
if check_flags "$t_tmp/Makefile.am" >"$t_tmp/report"; then
	t_fail "game flags naming src/ui are refused" "they were let through"
else
	t_ok "game flags naming src/ui are refused"
fi
t_end
