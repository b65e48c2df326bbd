#!/bin/sh
# explain-options.sh: explain's conventions, legends and errors.
#
# Legends give tiles any cost (a cheap detour must beat a dear short
# cut), errors point at the column that is wrong, and every bad option
# value is a usage error (exit 2) that says what was expected.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
t_begin

# --- a legend in the file and on the command line ---
printf 'legend ^=200 w=blocked\n.^.\n...\n' > "$t_tmp/hill.txt"
t_run "$LAB" explain "$t_tmp/hill.txt" --from 0,0 --to 2,0 --costs 1,1
if [ "$t_status" -eq 0 ] && grep -q '^Path: 4 moves, cost 4$' "$t_tmp/out"
then
	t_ok "a legend's dear tile is walked round (cost 4, not 201)"
else
	t_fail "legend in the file" "$(grep '^Path' "$t_tmp/out") $(cat "$t_tmp/err")"
fi
printf '.~.\n.w.\n...\n' > "$t_tmp/swamp.txt"
t_run "$LAB" explain "$t_tmp/swamp.txt" --from 0,0 --to 2,0 --costs 10,14 \
    --legend '~=99999,w=blocked'
if [ "$t_status" -eq 0 ] && grep -q '^Path: 6 moves, cost 60$' "$t_tmp/out"
then
	t_ok "--legend: a 99999 swamp is a last resort"
else
	t_fail "--legend" "$(grep '^Path' "$t_tmp/out") $(cat "$t_tmp/err")"
fi

# --- errors at the right column ---
printf '0,0,0\n0,1,0\n' > "$t_tmp/comma.txt"
t_run "$LAB" explain "$t_tmp/comma.txt" --from 0,0 --to 1,1
case "$(t_first_line "$t_tmp/err")" in
*comma.txt:1:2:*) t_ok "a comma-separated grid is wrong at its comma (column 2)" ;;
*) t_fail "comma grid" "$(t_first_line "$t_tmp/err")" ;;
esac
printf 'legend ~=5\n.~\n.q\n' > "$t_tmp/q.txt"
t_run "$LAB" explain "$t_tmp/q.txt" --from 0,0 --to 1,0
case "$(t_first_line "$t_tmp/err")" in
*q.txt:3:2:*"'q'"*) t_ok "an unknown glyph is named at its column" ;;
*) t_fail "unknown glyph" "$(t_first_line "$t_tmp/err")" ;;
esac
t_run "$LAB" explain "$t_tmp/swamp.txt" --from 0,0 --to 2,0 \
    --legend '~=5,w=soft'
if [ "$t_status" -eq 1 ] && case "$(t_first_line "$t_tmp/err")" in
    *--legend:1:7:*) true ;; *) false ;; esac; then
	t_ok "a bad legend value is named at its column"
else
	t_fail "bad legend" "status $t_status: $(t_first_line "$t_tmp/err")"
fi

# --- bad option values are usage errors ---
map="${top_srcdir:-.}/tests/data/explain/tutorial.txt"
for opt in "--tie-break newest" "--neighbours N,E,N" "--neighbours N,UP" \
    "--goal-test reach" "--costs 10" "--costs 0,14" "--heuristic taxi" \
    "--heuristic manhattan:x" "--list-order random" "--close-start maybe" \
    "--preset astar-for-dummies" "--tie-break xz" "--parity-reverse sometimes" \
    "--duplicates drop"; do
	# shellcheck disable=SC2086
	t_run "$LAB" explain "$map" --from 0,0 --to 1,1 $opt
	if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ]; then
		t_ok "usage error: $opt"
	else
		t_fail "usage error: $opt" "status $t_status"
	fi
done

# --- conventions change what happens, as documented ---
t_run "$LAB" explain "$map" --one-based --from 1,6 --to 5,5 \
    --heuristic euclid-floor:3 --csv
if [ "$(sed -n 2p "$t_tmp/out" | cut -d, -f5)" = 12 ]; then
	t_ok "euclid-floor:3 from (1,6) to (5,5) is 3 x (int)sqrt(17) = 12"
else
	t_fail "euclid-floor" "$(sed -n 2p "$t_tmp/out")"
fi
t_run "$LAB" explain "$map" --one-based --from 1,6 --to 5,5 --steps 2 --csv
if [ "$(t_lines "$t_tmp/out")" -eq 4 ]; then
	t_ok "--csv --steps 2: the header and steps 0 to 2"
else
	t_fail "--steps with --csv" "$(t_lines "$t_tmp/out") lines"
fi
t_run "$LAB" explain "$map" --from 0,0 --to 6,5 --svg "$t_tmp/a.svg" \
    --svg-steps "$t_tmp" --steps 3
if [ "$t_status" -eq 0 ] && [ -s "$t_tmp/step-0003.svg" ] &&
    [ ! -e "$t_tmp/step-0004.svg" ] && grep -q 'taken this step' "$t_tmp/a.svg"
then
	t_ok "--svg-steps draws the narrated steps; the legend is there"
else
	t_fail "--svg-steps" "status $t_status: $(ls "$t_tmp")"
fi
t_end
