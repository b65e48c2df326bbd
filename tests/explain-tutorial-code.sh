#!/bin/sh
# explain-tutorial-code.sh: tutorial code's conventions, held to the code.
#
# Red Blob Games' "Implementation of A*" gives Python that keeps (priority,
# (x, y)) tuples in a heap, tries the neighbours E,W,N,S backwards on cells
# where x + y is even, and has no closed list: a cell is pushed again when
# its cost falls and every tuple popped is expanded, stale or not.  The
# traces in tests/data/explain/redblob-*.trace were made by running that
# code's conventions (tests/tools/redblob-astar.py, written from the
# article), never by astray-lab: on the article's weighted example
# diagram4, and on a small grid of ours where stale tuples are popped.
# explain, with the options that name those conventions, must pop the same
# cells in the same order with the same g, call the same pops stale, and
# find the same path.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
t_begin
data="${top_srcdir:-.}/tests/data/explain"

# The explain CSV's steps as the trace's rows: pop,x,y,g.
explain_pops() {
	awk -F, 'NR > 2 { print $1 "," $2 "," $3 "," $4 }' "$1"
}
trace_pops() {
	awk -F, '/^[0-9]/ { print $1 "," $2 "," $3 "," $4 }' "$1"
}
trace_stale() {
	awk -F, '/^[0-9]/ && $6 == 1 { print $1 }' "$1" | tr '\n' ' '
}
trace_path() {
	sed -n 's/^path,//p' "$1" | tr ':' ','
}

spelled="--costs 1,1 --heuristic manhattan --neighbours E,W,N,S --parity-reverse even --tie-break xy --duplicates keep"
for ex in "diagram4 1,4 8,3" "stale 4,4 0,0"; do
	# shellcheck disable=SC2086
	set -- $ex
	name=$1 from=$2 to=$3
	trace="$data/redblob-$name.trace"
	for args in "$spelled" "--preset redblob"; do
		# shellcheck disable=SC2086
		t_run "$LAB" explain "$data/redblob-$name.txt" --from "$from" \
		    --to "$to" $args --csv
		explain_pops "$t_tmp/out" > "$t_tmp/got"
		trace_pops "$trace" > "$t_tmp/want"
		if [ "$t_status" -eq 0 ] && cmp -s "$t_tmp/want" "$t_tmp/got"
		then
			t_ok "$name ($args): the same $(t_lines "$t_tmp/want") pops, in order, with the same g"
		else
			t_fail "$name pops ($args)" "status $t_status: $(diff "$t_tmp/want" "$t_tmp/got" | sed -n 2,5p | tr '\n' ' ') $(t_first_line "$t_tmp/err")"
		fi
		# shellcheck disable=SC2086
		t_run "$LAB" explain "$data/redblob-$name.txt" --from "$from" \
		    --to "$to" $args --steps 1000
		got=$(sed -n 's/^Step \([0-9]*\): take ([0-9,]*) from the open list: a stale entry.*/\1/p' "$t_tmp/out" | tr '\n' ' ')
		want=$(trace_stale "$trace")
		if [ "$t_status" -eq 0 ] && [ "$got" = "$want" ]; then
			t_ok "$name ($args): the stale pops are steps ${want:-none}"
		else
			t_fail "$name stale pops ($args)" "explain '$got', trace '$want'"
		fi
		got=$(sed -n '/^Path:/{n;p;}' "$t_tmp/out" | sed 's/^ *//; s/[()]//g')
		want=$(trace_path "$trace")
		cost=$(sed -n 's/^cost,//p' "$trace")
		if [ "$got" = "$want" ] &&
		    grep -q "^Path: .*, cost $cost\$" "$t_tmp/out"; then
			t_ok "$name ($args): the same path, cost $cost"
		else
			t_fail "$name path ($args)" "explain '$got', trace '$want' cost $cost"
		fi
	done
done

# The trace's conventions matter: the library's default tie rule pops
# diagram4's cells in another order.
t_run "$LAB" explain "$data/redblob-diagram4.txt" --from 1,4 --to 8,3 \
    --costs 1,1 --csv
explain_pops "$t_tmp/out" > "$t_tmp/got"
trace_pops "$data/redblob-diagram4.trace" > "$t_tmp/want"
if ! cmp -s "$t_tmp/want" "$t_tmp/got"; then
	t_ok "without the conventions the pops differ (the test can tell)"
else
	t_fail "conventions" "the default rules give the trace too"
fi
t_end
