#!/bin/sh
# lab-bad-input.sh: astray-lab must refuse every broken file cleanly.
#
# Each fixture in tests/data/bad has one defect.  For each, the right
# subcommand runs on it and must: exit with status 1 (bad input; 2 is for
# usage errors and a crash is never acceptable), print nothing on stdout
# (no half-written table or CSV header a script could mistake for
# results), and print exactly one line on stderr, "astray-lab: FILE:LINE:
# message", naming the file that is wrong (the patch file when the defect
# is there) and the line.  An empty file has no line to name, so for those
# the message must name the file and say it is empty.
#
# Run by make check with LAB (the astray-lab binary) and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_begin
bad="${top_srcdir:-.}/tests/data/bad"
dao="${top_srcdir:-.}/tests/data/movingai/dao"

# Checks one refusal: expect CASE NAME WHERE CMD [ARG...], where NAME is
# the file the message must name and WHERE is "line" (NAME:LINE wanted) or
# "empty" (an empty file: NAME and the word "empty").
expect() {
	e_case=$1
	e_name=$2
	e_where=$3
	shift 3
	t_run "$@"
	e_line=$(t_first_line "$t_tmp/err")
	if [ "$t_status" -ne 1 ]; then
		t_fail "$e_case" "exit status $t_status, expected 1 ($e_line)"
		return
	fi
	if [ -s "$t_tmp/out" ]; then
		t_fail "$e_case" "wrote to stdout: $(t_first_line "$t_tmp/out")"
		return
	fi
	e_count=$(t_lines "$t_tmp/err")
	if [ "$e_count" -ne 1 ]; then
		t_fail "$e_case" "$e_count lines on stderr, expected 1"
		return
	fi
	case $e_line in
	"astray-lab: "*) ;;
	*)
		t_fail "$e_case" "message lacks the \"astray-lab: \" prefix:" \
		    "$e_line"
		return
		;;
	esac
	case $e_where in
	line)
		case $e_line in
		*"$e_name:"[0-9]*) ;;
		*)
			t_fail "$e_case" \
			    "message lacks \"$e_name:LINE\": $e_line"
			return
			;;
		esac
		;;
	empty)
		case $e_line in
		*"$e_name: "*empty*) ;;
		*)
			t_fail "$e_case" \
			    "message lacks \"$e_name: ... empty\": $e_line"
			return
			;;
		esac
		;;
	esac
	t_ok "$e_case ($e_line)"
}

# Maps, through explain (the route a user takes first).
for f in truncated wide-row short-row unknown-char huge-header garbage \
    missing-height zero-width text-after; do
	expect "explain $f.map" "$f.map" line \
	    "$LAB" explain "$bad/$f.map" --from 0,0 --to 1,1
done
expect "explain empty.map" empty.map empty \
    "$LAB" explain "$bad/empty.map" --from 0,0 --to 1,1

# A bad map given to scen with --map.
expect "scen --map truncated.map" truncated.map line \
    "$LAB" scen --map "$bad/truncated.map" "$dao/arena.map.scen"

# Scenarios, each beside a good map of the same name.
for f in scen-out-of-range scen-on-wall scen-fields scen-not-number \
    scen-size scen-no-version; do
	expect "scen $f.map.scen" "$f.map.scen" line \
	    "$LAB" scen "$bad/$f.map.scen"
done
expect "scen scen-empty.map.scen" scen-empty.map.scen empty \
    "$LAB" scen "$bad/scen-empty.map.scen"
expect "scen --csv scen-on-wall.map.scen" scen-on-wall.map.scen line \
    "$LAB" scen --csv "$bad/scen-on-wall.map.scen"

# GPPC dynamic scenarios; some defects are in the patch file.
for f in missing-patch patch-slash bad-patch-id patch-no-fit \
    query-out-of-bounds cost-fields unknown-command wrong-version \
    missing-width garbage; do
	expect "dyn $f.scen" "$f.scen" line "$LAB" dyn "$bad/$f.scen"
done
for f in truncated-patch huge-patches; do
	expect "dyn $f.scen" "$f.patch" line "$LAB" dyn "$bad/$f.scen"
done
expect "dyn empty.scen" empty.scen empty "$LAB" dyn "$bad/empty.scen"
expect "dyn --csv bad-patch-id.scen" bad-patch-id.scen line \
    "$LAB" dyn --csv "$bad/bad-patch-id.scen"

t_end
