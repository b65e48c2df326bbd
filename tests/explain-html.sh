#!/bin/sh
# explain-html.sh: the --html page, looked at in a real browser.
#
# The page replays the search's log in JavaScript; what it shows at a
# step must be what --csv prints for that step.  A headless Chromium
# (Debian's chromium package) loads FILE#step=N and dumps the DOM after
# its scripts ran; the cell taken with g, h and f, and the open and
# closed lists in the order shown, are compared with the CSV row, at
# several steps of the two tutorial walkthroughs and of a larger map
# with diagonal moves and the default tie rule.  Skipped (77) when no
# chromium is installed.  A slow run loads a share of the steps (see
# sampled below).

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab
browser=
for b in chromium chromium-browser; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "SKIP: no chromium to load the page in"
	exit 77
fi
t_begin
data="${top_srcdir:-.}/tests/data/explain"

# Prints the DOM of PAGE at step N: dom PAGE N.
dom() {
	d_profile=$(mktemp -d "$t_tmp/profile.XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
	    --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$d_profile" --dump-dom "file://$1#step=$2" \
	    2>/dev/null
}

# Prints the items of list ID in a DOM file as x:y separated by spaces.
items() {
	sed -n "s|.*<ol id=\"$1\">\(.*\)</ol>.*|\1|p" "$2" |
	    sed 's|</li>|\n|g; s|<li[^>]*>||g' | tr -d '()' | tr ',' ':' |
	    sed '/^$/d' | tr '\n' ' ' | sed 's/ $//'
}

# Prints the text of the span ID in a DOM file.
span() {
	sed -n "s|.*<span id=\"$1\">\([^<]*\)</span>.*|\1|p" "$2"
}

# The steps a page is loaded at: the first of STEP... that a run of this
# scale takes (see t_scaled in lib.sh): sampled STEP...  A slow run
# (ASTRAY_TEST_SCALE below 1: under valgrind or the sanitizers) still
# writes every page and CSV with the program it checks, so every path of
# astray-lab that makes them runs there; the browser, which takes most of
# this test's time, only reads what it wrote, and make check's full run
# loads every step listed.
sampled() {
	s_keep=$(t_scaled $#)
	s_n=0
	for s_step in "$@"; do
		s_n=$((s_n + 1))
		if [ "$s_n" -le "$s_keep" ]; then
			printf '%s\n' "$s_step"
		fi
	done
}

# Compares the page with the CSV at each step (the sampled ones): check
# NAME PAGE CSV STEP...
check() {
	c_name=$1
	c_page=$2
	c_csv=$3
	shift 3
	for c_step in $(sampled "$@"); do
		dom "$c_page" "$c_step" > "$t_tmp/dom.html"
		c_row=$(awk -F, -v s="$c_step" '$1 == s' "$c_csv")
		c_want=$(echo "$c_row" | awk -F, '{ printf "%s:%s g=%s h=%s f=%s open=%s closed=%s",
		    $2, $3, $4, $5, $6, $10, $11 }')
		c_got="$(span taken "$t_tmp/dom.html" | tr -d '()' | tr , :) g=$(span g "$t_tmp/dom.html") h=$(span h "$t_tmp/dom.html") f=$(span f "$t_tmp/dom.html") open=$(items open "$t_tmp/dom.html") closed=$(items closed "$t_tmp/dom.html")"
		if [ -n "$c_row" ] && [ "$c_got" = "$c_want" ]; then
			t_ok "$c_name, step $c_step: the page shows the CSV row"
		else
			t_fail "$c_name, step $c_step" "page '$c_got', csv '$c_want'"
		fi
	done
}

args="$data/tutorial.txt --one-based --from 1,6 --to 5,5 --preset linear-scan"
# shellcheck disable=SC2086
"$LAB" explain $args --csv > "$t_tmp/w1.csv"
# shellcheck disable=SC2086
"$LAB" explain $args --html "$t_tmp/w1.html" > /dev/null
check "linear-scan" "$t_tmp/w1.html" "$t_tmp/w1.csv" 0 1 4 6 7

args="$data/classic-10-14.txt --from 1,2 --to 5,2 --preset classic-10-14"
# shellcheck disable=SC2086
"$LAB" explain $args --csv > "$t_tmp/w2.csv"
# shellcheck disable=SC2086
"$LAB" explain $args --html "$t_tmp/w2.html" > /dev/null
check "classic 10/14" "$t_tmp/w2.html" "$t_tmp/w2.csv" 2 3 11

# Red Blob Games' code: ties by (x, y), duplicates kept, stale entries
# in the list and taken (steps 18 and 19 take stale entries).
args="$data/redblob-stale.txt --from 4,4 --to 0,0 --preset redblob"
# shellcheck disable=SC2086
"$LAB" explain $args --csv > "$t_tmp/w3.csv"
# shellcheck disable=SC2086
"$LAB" explain $args --html "$t_tmp/w3.html" > /dev/null
check "redblob, stale entries" "$t_tmp/w3.html" "$t_tmp/w3.csv" 17 18 19 30
dom "$t_tmp/w3.html" 18 > "$t_tmp/dom.html"
marked=$(sed -n 's|.*<ol id="open">\(.*\)</ol>.*|\1|p' "$t_tmp/dom.html" |
    grep -o '<li class="stale">' | wc -l)
if [ "$(span stalenote "$t_tmp/dom.html")" = "(a stale entry, pushed with g=8: expanded again)" ] &&
    [ "$marked" -eq 5 ]; then
	t_ok "redblob, step 18: the stale entry taken and the five left are marked"
else
	t_fail "redblob stale marks" "note '$(span stalenote "$t_tmp/dom.html")', $marked marked"
fi

awk 'BEGIN { srand(3); for (y = 0; y < 12; y++) { row = "";
	for (x = 0; x < 16; x++) row = row (rand() < 0.2 ? "#" : rand() < 0.2 ? "3" : ".")
	print row } }' | sed '1s/^./\./; $s/.$/\./' > "$t_tmp/r.txt"
args="$t_tmp/r.txt --from 0,0 --to 15,11 --movement 8-octile"
# shellcheck disable=SC2086
"$LAB" explain $args --csv > "$t_tmp/r.csv"
# shellcheck disable=SC2086
"$LAB" explain $args --html "$t_tmp/r.html" > /dev/null
check "weighted 8-octile" "$t_tmp/r.html" "$t_tmp/r.csv" 5 20

# The incremental page: one frame per CSV row, in the same order.
inc() {
	"$LAB" explain "$data/doors.txt" --planner mtdstar --from 1,2 --to 7,2 \
	    --event 'close 4,2' --event 'hunter 1,3' --event 'target 6,2' "$@"
}
inc --csv > "$t_tmp/inc.csv"
inc --html "$t_tmp/inc.html" > /dev/null
rows=$(($(t_lines "$t_tmp/inc.csv") - 2))
for f in $(sampled 0 3 40 75 "$rows"); do
	dom "$t_tmp/inc.html" "$f" > "$t_tmp/dom.html"
	want=$(awk -F, -v r=$((f + 2)) 'NR == r { printf "%s %s %s %s %s %s %s %s",
	    $1, $2, $3, ($4 == "" ? "" : $4 ":" $5), $6, $7, $8, $9 }' "$t_tmp/inc.csv")
	got=""
	for id in event step action cell g rhs k1 k2; do
		got="$got${got:+ }$(span "$id" "$t_tmp/dom.html")"
	done
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		t_ok "incremental page, line $f: the CSV row ($want)"
	else
		t_fail "incremental page, line $f" "page '$got', csv '$want'"
	fi
done

# The page needs nothing from the network or other files.
if grep -Eq '(src|href)="|https?:' "$t_tmp/w1.html"; then
	t_fail "self-contained page" "$(grep -Eo '(src|href)="[^"]*|https?:[^ ]*' "$t_tmp/w1.html" | head -1)"
else
	t_ok "the page is self-contained"
fi
t_end
