#!/bin/sh
# layers.sh: the layers point down only, as design.md says.
#
#   ui -> driver -> game -> path -> base, and lab -> driver and below;
#   inside the game: play -> gen -> rules -> model -> data
#
# Every #include "..." line of every file under src/, in folders at any
# depth, is resolved as the compiler resolves it: first relative to the
# including file's own folder (the name as written, ".." and sub-folders
# included), then through the -I folders of its layer's include flags
# (Makefile.am's LAYER_includes), in order.  The folder the header is
# found in decides its layer, which must be the file's own or one below
# it.  The ui may not reach past the game into the path library (it asks
# the game, game.h), nor call a path_ function.  Only src/ui includes
# curses (curses.h, ncurses.h, term.h).  Makefile.am's per-layer include
# flags may name only the layer's own folder and the folders of the
# layers below it, or below those (the ui's flags name src/path, since
# game.h includes planner.h).
#
# The checker is then run on mutants, copies of src/ and Makefile.am with
# one crossing put in (an upward include, by name or by a relative path,
# curses outside src/ui, a layer's flags naming a folder above it): it
# must refuse each, so this test is known to fail when a layer is crossed.
#
# Run by make check with top_srcdir set.  Header names hold no blanks,
# so the words of the #include lines are the names (SC2013); "$(...)" in
# single quotes is Makefile.am's, not the shell's (SC2016).
# shellcheck disable=SC2013,SC2016

. "${top_srcdir:-.}/tests/lib.sh"

t_begin
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99

# The layers, lowest first: a folder under src/, its rank, and the lower
# layers it still may not include from.  A file may include from its own
# layer and from any layer of a lower rank; two layers of one rank (ui
# and lab) may not include each other.  A folder the table does not name
# belongs to the nearest one above it that it does (src/game/x/y.c is
# game's).  A sub-layer (game/model, say) is one more line, its rank
# between its neighbours'; it uses the flags of its own variable in
# Makefile.am (game_model_includes) if there is one, else its parent's.
layer_table='
base    10
path    20
game    30
game/data   31
game/model  32
game/rules  33
game/gen    34
game/play   35
driver  40
lab/search  45
ui      50   path lab
lab     50
'

# The table read once: layer_names (lowest first), layer_ranks
# (" NAME=RANK ...") and layer_bars (" NAME>BARRED ...").
layer_names=
layer_ranks=' '
layer_bars=' '
while read -r lt_name lt_rank lt_bars; do
	[ -n "$lt_name" ] || continue
	layer_names="$layer_names $lt_name"
	layer_ranks="$layer_ranks$lt_name=$lt_rank "
	for lt_bar in $lt_bars; do
		layer_bars="$layer_bars$lt_name>$lt_bar "
	done
done <<TABLE
$layer_table
TABLE

# Sets lo_layer to the layer of FOLDER (relative to src/): the longest
# folder of the table that is FOLDER or holds it; empty if none does.
# Sets a variable rather than printing: it runs for every #include line,
# and a command substitution would fork each time.  layer_of FOLDER.
layer_of() {
	lo_layer=
	for lo_name in $layer_names; do
		case $1 in
		"$lo_name"|"$lo_name"/*)
			[ ${#lo_name} -gt ${#lo_layer} ] && lo_layer=$lo_name
			;;
		esac
	done
}

# Succeeds if a file of layer FROM may include a header of layer TO:
# its own, or a lower rank not barred (nor a sub-layer of a barred
# one).  may_include FROM TO.
may_include() {
	[ "$1" = "$2" ] && return 0
	mi_to=$2
	while :; do
		case $layer_bars in *" $1>$mi_to "*) return 1 ;; esac
		[ "${mi_to%/*}" = "$mi_to" ] && break
		mi_to=${mi_to%/*}
	done
	mi_from=${layer_ranks#* "$1"=}
	mi_to=${layer_ranks#* "$2"=}
	[ "${mi_to%% *}" -lt "${mi_from%% *}" ]
}

# Prints the layers a file of LAYER may include from, itself first, then
# downwards: allowed LAYER.
allowed() {
	al_list=$1
	for al_name in $layer_names; do
		[ "$al_name" != "$1" ] && may_include "$1" "$al_name" &&
		    al_list="$1 $al_name${al_list#"$1"}"
	done
	echo "$al_list"
}

# Prints the layers whose folders LAYER's include flags may name: its
# own, those it may include from, and theirs in turn (what the headers
# it includes include).  flag_layers LAYER.
flag_layers() {
	fl_set=" $1 "
	fl_more=1
	while [ "$fl_more" -eq 1 ]; do
		fl_more=0
		for fl_from in $fl_set; do
			for fl_to in $layer_names; do
				case $fl_set in *" $fl_to "*) continue ;; esac
				if may_include "$fl_from" "$fl_to"; then
					fl_set="$fl_set$fl_to "
					fl_more=1
				fi
			done
		done
	done
	echo "$fl_set"
}

# Sets mv_var to the Makefile.am variable of LAYER's include flags
# (game/model's is game_model_includes): make_var LAYER.
make_var() {
	mv_var=$1
	while :; do
		case $mv_var in
		*/*) mv_var=${mv_var%%/*}_${mv_var#*/} ;;
		*) break ;;
		esac
	done
	mv_var=${mv_var}_includes
}

# The folders one LAYER_includes variable of Makefile.am names, relative
# to src/ (anything else as written), its references to others
# expanded: includes_of FILE VARIABLE.
includes_of() {
	io_line=$(sed -n "s/^$2[ 	]*=[ 	]*//p" "$1")
	for io_word in $io_line; do
		case $io_word in
		'$('*'_includes)')
			io_ref=${io_word#'$('}
			includes_of "$1" "${io_ref%)}"
			;;
		'-I$(top_srcdir)/src/'*) echo "${io_word#'-I$(top_srcdir)/src/'}" ;;
		-I*) echo "${io_word#-I}" ;;
		esac
	done
}

# Sets rs_dir to the folder, relative to src/, of the header a file in
# folder DIR (absolute) of LAYER includes as NAME, found as the compiler
# finds it: DIR first, then the layer's -I folders (flags_LAYER, set by
# check_tree) in order.  rs_dir is empty when neither holds it, and
# "../" followed by the folder when it is outside src/.
# resolve SRC DIR LAYER NAME.
resolve() {
	rs_dir=
	rs_path=
	if [ -f "$2/$4" ]; then
		rs_path=$2/$4
	else
		make_var "$3"
		rs_flags=
		eval "rs_flags=\$flags_$mv_var"
		for rs_flag in $rs_flags; do
			if [ -f "$1/$rs_flag/$4" ]; then
				rs_path=$1/$rs_flag/$4
				break
			fi
		done
	fi
	[ -n "$rs_path" ] || return 0
	rs_dir=${rs_path%/*}
	# Only a name with a folder in it can lead elsewhere (../game/x.h):
	# the folder is then walked as the compiler walks it.
	case $4 in
	*/*) rs_dir=$(cd "$rs_dir" && pwd) || { rs_dir=; return 0; } ;;
	esac
	case $rs_dir in
	"$1"/*) rs_dir=${rs_dir#"$1"/} ;;
	*) rs_dir=../$rs_dir ;;
	esac
}

# Sets fh_dir to a folder under SRC holding a header NAME, for a header
# the compiler would not find: the message then says whose it is.
# find_header SRC NAME.
find_header() {
	fh_dir=$(find "$1" -type f -path "*/${2##*/}" | sed -n 1p)
	fh_dir=${fh_dir%/*}
	fh_dir=${fh_dir#"$1"/}
}

# Reads each layer's include flags from ROOT/Makefile.am into
# flags_VARIABLE (a sub-layer without a variable takes its parent's):
# read_flags ROOT.
read_flags() {
	for rf_layer in $layer_names; do
		make_var "$rf_layer"
		rf_var=$mv_var
		rf_from=$rf_layer
		while ! grep -q "^${mv_var}[ 	]*=" "$1/Makefile.am" &&
		    [ "${rf_from%/*}" != "$rf_from" ]; do
			rf_from=${rf_from%/*}
			make_var "$rf_from"
		done
		eval "flags_$rf_var=\$(includes_of \"\$1/Makefile.am\" $mv_var)"
	done
}

# Checks the tree under ROOT/src with the flags of ROOT/Makefile.am;
# prints one line per crossing and returns 1 if there is any:
# check_tree ROOT [FILE].  With FILE (a path under ROOT) only that file's
# lines are checked, its includes resolved in the whole tree.
check_tree() {
	ct_root=$1
	ct_src=$1/src
	ct_bad=0
	read_flags "$ct_root"
	if [ -n "${2:-}" ]; then
		ct_files=$ct_root/$2
	else
		ct_files=$(find "$ct_src" -type f \( -name '*.[ch]' \) |
		    LC_ALL=C sort)
	fi
	for ct_file in $ct_files; do
		ct_rel=${ct_file#"$ct_root"/}
		ct_dir=${ct_file%/*}
		ct_folder=${ct_dir#"$ct_src"}
		ct_folder=${ct_folder#/}
		layer_of "$ct_folder"
		ct_layer=$lo_layer
		if [ -z "$ct_layer" ]; then
			echo "$ct_rel: src/$ct_folder is no layer design.md names"
			ct_bad=1
			continue
		fi
		# Each quoted include: NAME (config.h is the build's own).
		for ct_name in $(sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' \
		    "$ct_file"); do
			[ "$ct_name" = config.h ] && continue
			resolve "$ct_src" "$ct_dir" "$ct_layer" "$ct_name"
			ct_how=
			if [ -z "$rs_dir" ]; then
				find_header "$ct_src" "$ct_name"
				if [ -z "$fh_dir" ]; then
					echo "$ct_rel: includes $ct_name," \
					    "which no layer holds"
					ct_bad=1
					continue
				fi
				rs_dir=$fh_dir
				ct_how=", which its flags do not reach"
			fi
			case $rs_dir in
			../*)
				echo "$ct_rel: includes $ct_name from" \
				    "${rs_dir#../}, outside src/"
				ct_bad=1
				continue
				;;
			esac
			layer_of "$rs_dir"
			if [ -z "$lo_layer" ]; then
				echo "$ct_rel: includes $ct_name from src/$rs_dir," \
				    "no layer design.md names"
				ct_bad=1
			elif ! may_include "$ct_layer" "$lo_layer"; then
				echo "$ct_rel: includes $ct_name" \
				    "from $lo_layer, above or beside $ct_layer" \
				    "(it may include from: $(allowed "$ct_layer"))"
				ct_bad=1
			elif [ -n "$ct_how" ]; then
				echo "$ct_rel: includes $ct_name from" \
				    "src/$rs_dir$ct_how"
				ct_bad=1
			fi
		done
		# Curses, only in the terminal front end.
		case $ct_layer in ui|ui/*) ct_ui=1 ;; *) ct_ui=0 ;; esac
		if [ "$ct_ui" -eq 0 ] && grep -n -E \
		    '^[ 	]*#[ 	]*include[ 	]*[<"](n?curses|ncursesw/[a-z]*|term)\.h[>"]' \
		    "$ct_file" >"$t_tmp/curses"; then
			echo "$ct_rel:$(cut -d: -f1 "$t_tmp/curses" |
			    sed -n 1p): curses outside src/ui"
			ct_bad=1
		fi
		# The ui asks the game, never the path library itself.
		if [ "$ct_ui" -eq 1 ] && grep -n -E \
		    '(^|[^A-Za-z0-9_])path_[a-z_]+[ 	]*\(' \
		    "$ct_file" >"$t_tmp/calls"; then
			echo "$ct_rel:$(cut -d: -f1 "$t_tmp/calls" |
			    sed -n 1p): calls the path library directly"
			ct_bad=1
		fi
	done
	return $ct_bad
}

# Checks Makefile.am's include flags: check_flags FILE.
check_flags() {
	cf_bad=0
	for cf_layer in $layer_names; do
		make_var "$cf_layer"
		if ! grep -q "^${mv_var}[ 	]*=" "$1"; then
			# A sub-layer may use its parent's flags.
			[ "${cf_layer%/*}" != "$cf_layer" ] && continue
			echo "Makefile.am: no $mv_var"
			cf_bad=1
			continue
		fi
		cf_may=$(flag_layers "$cf_layer")
		for cf_dir in $(includes_of "$1" "$mv_var"); do
			layer_of "$cf_dir"
			case $cf_may in
			*" $lo_layer "*) [ -n "$lo_layer" ] && continue ;;
			esac
			echo "Makefile.am: $mv_var names src/$cf_dir"
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
# mutant NAME FILE LINE: a copy of src/ and Makefile.am with LINE put at
# the top of FILE (a new file, and its folders, if there is none).  The
# checker reads FILE alone there: the rest is the tree passed above, and
# checking all of it for each mutant cost 75 s of CPU, most of make
# check's time for this test.
mutant() {
	rm -rf "$t_tmp/mutant"
	mkdir -p "$t_tmp/mutant"
	cp -R "$top/src" "$t_tmp/mutant/src"
	cp "$top/Makefile.am" "$t_tmp/mutant/Makefile.am"
	mkdir -p "$t_tmp/mutant/${2%/*}"
	{ echo "$3"; [ ! -f "$top/$2" ] || cat "$top/$2"; } \
	    >"$t_tmp/mutant/$2"
	if check_tree "$t_tmp/mutant" "$2" >"$t_tmp/report"; then
		t_fail "$1" "the checker let it through"
	elif ! grep -q "^$2:" "$t_tmp/report"; then
		t_fail "$1" "the checker blamed another file: $(cat \
		    "$t_tmp/report")"
	else
		t_ok "$1"
	fi
}
# The mutants, one a line: FILE|LINE put at its top|NAME of the case.
while IFS='|' read -r m_file m_line m_name; do
	mutant "$m_name" "$m_file" "$m_line" </dev/null
done <<'MUTANTS'
src/game/model/level.c|#include "ui.h"|the game including the terminal front end is refused
src/game/play/game.c|#include "driver.h"|the game including the driver is refused
src/path/grid.c|#include "game.h"|the path library including the game is refused
src/path/grid.c|#include "../game/game.h"|the path library including the game by a relative path is refused
src/base/scan.h|#include "./../path/grid.h"|the base including the path library by a relative path is refused
src/game/model/level.c|#include "../../game/../ui/ui.h"|the game including the ui through a folder of its own is refused
src/path/extra/more.c|#include "../../game/game.h"|a file in a folder below the path library including the game is refused
src/base/extra/more.h|#include "grid.h"|a file in a folder below the base including the path library is refused
src/game/data/terrain.c|#include "state.h"|the game's data readers including the model are refused
src/game/model/level.c|#include "travel.h"|the game's model including its rules is refused
src/game/model/event.c|#include "../rules/travel.h"|the game's model including its rules by a relative path is refused
src/game/rules/ai.c|#include "level-gen.h"|the game's rules including generation are refused
src/game/rules/travel.c|#include "tell.h"|the game's rules including the turn loop (its words) are refused
src/game/gen/level-gen.c|#include "game.h"|the game's generation including the turn loop is refused
src/game/gen/vault-place.c|#include "../play/stage.h"|the game's generation including the turn loop by a relative path is refused
src/ui/draw.c|#include "planner.h"|the ui including the path library is refused
src/ui/draw.c|#include "../path/planner.h"|the ui including the path library by a relative path is refused
src/driver/headless.c|#include <curses.h>|curses outside src/ui is refused
src/ui/ui.c|static const char *x(void) { return path_planner_name(0); }|the ui calling a path_ function is refused
MUTANTS

# Makefile.am copies whose LAYER flags name a folder above LAYER.
# flags_mutant NAME LAYER FOLDER: LAYER_includes names src/FOLDER, the
# rest of its flags kept.
flags_mutant() {
	sed "s|^$2_includes[ 	]*=|& -I\$(top_srcdir)/src/$3|" \
	    "$top/Makefile.am" >"$t_tmp/Makefile.am"
	if check_flags "$t_tmp/Makefile.am" >"$t_tmp/report"; then
		t_fail "$1" "they were let through"
	elif ! grep -q "^Makefile.am: $2_includes names src/$3\$" \
	    "$t_tmp/report"; then
		t_fail "$1" "the checker blamed something else: $(cat \
		    "$t_tmp/report")"
	else
		t_ok "$1"
	fi
}
flags_mutant "game flags naming src/ui are refused" game ui
flags_mutant "base flags naming src/path are refused" base path
flags_mutant "path flags naming src/game are refused" path game
flags_mutant "driver flags naming src/lab are refused" driver lab
flags_mutant "lab flags naming src/ui are refused" lab ui
flags_mutant "the game's data flags naming its model are refused" \
    game_data game/model
flags_mutant "the game's model flags naming its rules are refused" \
    game_model game/rules
flags_mutant "the game's rules flags naming its turn loop are refused" \
    game_rules game/play
t_end
