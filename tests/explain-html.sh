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

# Prints the DOM of PAGE at address HASH after its scripts ran, with
# the browser's options OPTION...: dom_at PAGE HASH [OPTION...].
dom_at() {
	d_page=$1
	d_hash=$2
	shift 2
	d_profile=$(mktemp -d "$t_tmp/profile.XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
	    --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync "$@" \
	    --user-data-dir="$d_profile" --dump-dom "file://$d_page#$d_hash" \
	    2>/dev/null
}

# Prints the DOM of PAGE at step N: dom PAGE N.
dom() {
	dom_at "$1" "step=$2"
}

# Prints the items of list ID in a DOM file, one a line, as shown.
item_lines() {
	sed -n "s|.*<ol id=\"$1\">\(.*\)</ol>.*|\1|p" "$2" |
	    sed 's|</ol>.*||; s|</li>|\n|g; s|<li[^>]*>||g' | sed '/^$/d'
}

# Prints the cells of list ID in a DOM file as x:y separated by spaces.
items() {
	item_lines "$1" "$2" | sed 's/ .*//' | tr -d '()' | tr ',' ':' |
	    tr '\n' ' ' | sed 's/ $//'
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

# The open list with f, g and h, and the rejections with the text's
# reasons, as the text prints them at the same step.
args="$data/classic-10-14.txt --from 1,2 --to 5,2 --preset classic-10-14"
# shellcheck disable=SC2086
"$LAB" explain $args > "$t_tmp/w2.txt"
for s in $(sampled 2 3); do
	dom "$t_tmp/w2.html" "$s" > "$t_tmp/dom.html"
	want=$(awk -v s="$s" '/^Step / { in_step = ($2 == s ":") }
	    in_step && /^  reject  / { sub(/^  reject  /, ""); print }
	    in_step && /^  open: / { sub(/^  open: +/, ""); gsub(/ \| /, "\n");
		print }' "$t_tmp/w2.txt")
	got=$({ item_lines rejected "$t_tmp/dom.html"
		item_lines open "$t_tmp/dom.html"; } | sed 's/&#39;/'"'"'/g')
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		t_ok "classic 10/14, step $s: the open list with f and the rejections as the text says them"
	else
		t_fail "classic 10/14, step $s, open list and rejections" \
		    "page '$(echo "$got" | tr '\n' '/')', text '$(echo "$want" | tr '\n' '/')'"
	fi
done

# The incremental page: one frame per step, numbered as the text
# numbers them, at #event=E&step=N.  At each (event, step) loaded, the
# page must show that event and step, the text's line for it first (the
# step's "take" line, the event's line, or the first search's), the
# taken cell's g and rhs as the CSV row gives them, and first on its open
# list the cell the next step takes, with the key the CSV gives it.
inc() {
	i_planner=$1
	shift
	"$LAB" explain "$data/doors.txt" --planner "$i_planner" --from 1,2 \
	    --to 7,2 --event 'close 4,2' --event 'hunter 1,3' \
	    --event 'target 6,2' --steps 1000 "$@"
}

# Prints the text of the first item of list ID in a DOM file.
first_item() {
	sed -n "s|.*<ol id=\"$1\"><li[^>]*>\([^<]*\)</li>.*|\1|p" "$2" |
	    sed 's/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g'
}

# Prints what cell (X,Y) shows in a DOM file, its <br>s as spaces.
cell() {
	cell_html "$1" "$2" |
	    sed 's|<span class="arrow">.*||; s|<br>| |g; s|<[^>]*>||g'
}

# Prints the HTML inside the cell (X,Y) of a DOM file.
cell_html() {
	grep -o "<td [^>]*title=\"($1)[^\"]*\">.*" "$2" | sed 's|</td>.*||'
}

# The line the text says for step N of event E: text_line E N FILE.
text_line() {
	awk -v e="$1" -v n="$2" '
	    /^The first search:/ { ev = 0; if (e == 0 && n == 0) print; next }
	    /^Event [0-9]+:/ { ev = $2 + 0; if (ev == e && n == 0) print; next }
	    ev == e && n > 0 && $1 == "step" && $2 == n ":" {
		sub(/^ +/, ""); print }' "$3"
}

for p in lpa mtdstar; do
	inc "$p" > "$t_tmp/inc.txt"
	inc "$p" --csv > "$t_tmp/inc.csv"
	inc "$p" --html "$t_tmp/inc.html" > /dev/null
	pairs=$(awk -F, 'NR > 1 { print $1 ":" $2 }' "$t_tmp/inc.csv" | uniq)
	npairs=$(echo "$pairs" | wc -l)
	last=$(echo "$pairs" | tail -1)
	for pair in $(sampled 0:0 0:3 1:0 1:2 1:5 2:0 2:4 "$last"); do
		e=${pair%:*}
		n=${pair#*:}
		dom_at "$t_tmp/inc.html" "event=$e&step=$n" > "$t_tmp/dom.html"
		got="$(span event "$t_tmp/dom.html") $(span step "$t_tmp/dom.html") | $(first_item lines "$t_tmp/dom.html")"
		want="$e $n | $(text_line "$e" "$n" "$t_tmp/inc.txt")"
		row=$(awk -F, -v e="$e" -v n="$n" '$1 == e && $2 == n &&
		    ($3 == "overconsistent" || $3 == "underconsistent") { printf "%s,%s g %s rhs %s", $4, $5, $6, $7 }' \
		    "$t_tmp/inc.csv")
		if [ -n "$row" ]; then
			want="$want | g ${row#* g }"
			got="$got | $(cell "${row%% *}" "$t_tmp/dom.html" |
			    sed 's/^[HT] //; s/ \[.*//')"
		fi
		next=$(awk -F, -v e="$e" -v n=$((n + 1)) '$1 == e && $2 == n &&
		    ($3 == "overconsistent" || $3 == "underconsistent") { printf "(%s,%s) [%s; %s]", $4, $5, $8, $9 }' \
		    "$t_tmp/inc.csv")
		if [ -n "$next" ]; then
			want="$want | next $next"
			got="$got | next $(first_item open "$t_tmp/dom.html" |
			    sed 's/ [a-z]*consistent$//')"
		fi
		if [ "$got" = "$want" ]; then
			t_ok "incremental page, $p, event $e step $n: $want"
		else
			t_fail "incremental page, $p, event $e step $n" \
			    "page '$got', text and CSV '$want'"
		fi
	done
	# The frames are the (event, step) pairs, no more.
	if [ "$(span last "$t_tmp/dom.html")" = "$((npairs - 1))" ]; then
		t_ok "incremental page, $p: $npairs frames, one per step"
	else
		t_fail "incremental page, $p frames" \
		    "$(span last "$t_tmp/dom.html") frames after the first, $npairs steps"
	fi
done

# MT-D* Lite: the target's move of one step adds 1 to km; the title
# names the planner; parents are arrows (the path (2,2)..(7,2) of the
# first search points west, to the hunter); no formatting leftovers.
inc mtdstar --html "$t_tmp/inc.html" > /dev/null
dom_at "$t_tmp/inc.html" "event=2&step=0" > "$t_tmp/dom2.html"
dom_at "$t_tmp/inc.html" "event=3&step=0" > "$t_tmp/dom3.html"
dom_at "$t_tmp/inc.html" "event=0&step=7" > "$t_tmp/dom.html"
arrows=$(for x in 2 3 4 5 6 7; do
	cell_html "$x,2" "$t_tmp/dom.html" |
	    sed -n 's|.*<span class="arrow">\([^<]*\)<.*|\1|p'
done | tr -d '\n')
if [ "$(span km "$t_tmp/dom2.html")" = 0 ] &&
    [ "$(span km "$t_tmp/dom3.html")" = 1 ] &&
    grep -q '<h1>Moving Target D\* Lite (basic) (--planner mtdstar) on ' "$t_tmp/dom.html" &&
    [ "$arrows" = "←←←←←←" ]; then
	t_ok "incremental page: km 0 then 1, the planner named, parents as arrows"
else
	t_fail "incremental page: km, title, arrows" "km $(span km "$t_tmp/dom2.html") $(span km "$t_tmp/dom3.html"), arrows '$arrows', $(grep -o '<h1>[^<]*' "$t_tmp/dom.html")"
fi
# What the pages show: their DOMs up to the scripts, without the tags.
for f in "$t_tmp/dom.html" "$t_tmp/dom3.html"; do
	awk '/<script/ { sub(/<script.*/, ""); print; exit } { print }' "$f"
done | sed 's/<[^>]*>//g' > "$t_tmp/words"
if grep -Eq 'key=\[|rhs=( |$)|[0-9]+:[0-9]+|undefined|NaN' "$t_tmp/words"; then
	t_fail "incremental page: no leftovers" "$(grep -Eo '.{20}(key=\[|rhs=( |$)|[0-9]+:[0-9]+|undefined|NaN).{10}' "$t_tmp/words" | head -1)"
else
	t_ok "incremental page: no key=[; ], empty rhs= or x:y"
fi

# The page follows the address: a hash changed after loading shows that
# step (a script added to a copy of the page changes it).
sed 's|</body>|<script>setTimeout(() => { location.hash = "#event=2\&step=1"; }, 50);</script></body>|' \
    "$t_tmp/inc.html" > "$t_tmp/inc-hash.html"
dom_at "$t_tmp/inc-hash.html" "event=0&step=0" --virtual-time-budget=5000 > "$t_tmp/dom.html"
if [ "$(span event "$t_tmp/dom.html") $(span step "$t_tmp/dom.html")" = "2 1" ]; then
	t_ok "incremental page: a hash change after loading shows event 2, step 1"
else
	t_fail "incremental page: hash change" "event $(span event "$t_tmp/dom.html"), step $(span step "$t_tmp/dom.html")"
fi

# The page needs nothing from the network or other files; its one link,
# to the interactive page when that was built, is not loaded.
sed 's|<a href="file://[^"]*/explore\.html#[^"]*">explore\.html</a>||' \
    "$t_tmp/w1.html" >"$t_tmp/w1-own.html"
if grep -Eq '(src|href)="|https?:' "$t_tmp/w1-own.html"; then
	t_fail "self-contained page" "$(grep -Eo '(src|href)="[^"]*|https?:[^ ]*' "$t_tmp/w1-own.html" | head -1)"
else
	t_ok "the page is self-contained"
fi
t_end
