#!/bin/sh
# explore-page.sh: docs/explore.html, the interactive page, in a browser.
#
# The page runs the lab's own searches compiled to WebAssembly.  A
# headless Chromium (as in explain-html.sh) loads it from its file://
# address with a #hash that draws walls and weights through the page's
# own pointer handlers (a stroke of pointerdown and pointermove events
# over the cells), drags the goal, and clicks Step N times; the DOM it
# dumps is read back: the cells drawn, the cell taken, the open list in
# order, the closed list, the path and its cost.  Each is compared with
# `astray-lab explain` on the same map (its --csv rows and its path),
# and a few facts are checked that hold whatever the code: the walls
# are where they were drawn and no path crosses one, the cost of the
# path around them.
#
# Skipped (77) when configure found no WebAssembly toolchain (the page
# was not built) or no chromium is installed, unless ASTRAY_REQUIRE_WASM
# is 1 (CI): then either is a failure.

. "${top_srcdir:-.}/tests/lib.sh"
t_need_lab

# Skips, or fails when the page is required: missing WHY.
missing() {
	if [ "${ASTRAY_REQUIRE_WASM:-}" = 1 ]; then
		echo "FAIL - $1 (ASTRAY_REQUIRE_WASM=1)"
		exit 1
	fi
	echo "SKIP: $1"
	exit 77
}

page=${EXPLORE_PAGE:-}
if [ -z "$page" ] || [ ! -f "$page" ]; then
	missing "docs/explore.html was not built (configure found no WebAssembly toolchain)"
fi
browser=
for b in chromium chromium-browser; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
[ -n "$browser" ] || missing "no chromium to load the page in"
t_begin

# Prints the DOM of the page at address HASH after its scripts ran.
dom() {
	d_profile=$(mktemp -d "$t_tmp/profile.XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
	    --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --window-size=1600,1200 --user-data-dir="$d_profile" \
	    --dump-dom "file://$page#$1" 2>/dev/null
}

# Prints the cells of list ID in a DOM file as x:y separated by spaces.
items() {
	sed -n "s|.*<ol id=\"$1\">\(.*\)</ol>.*|\1|p" "$2" |
	    sed 's|</ol>.*||; s|</li>|\n|g; s|<li[^>]*>||g' | sed '/^$/d' |
	    sed 's/ .*//' | tr -d '()' | tr ',' ':' | tr '\n' ' ' |
	    sed 's/ $//'
}

# Prints the text of the span ID in a DOM file.
span() {
	sed -n "s|.*<span id=\"$1\">\([^<]*\)</span>.*|\1|p" "$2"
}

# Prints the cells whose class list holds CLASS, as x:y sorted.
cells() {
	tr '>' '\n' <"$2" |
	    sed -n "s|.*<div class=\"cell[^\"]* $1[ \"].* id=\"c-\([0-9]*\)-\([0-9]*\)\".*|\1:\2|p" |
	    sort | tr '\n' ' ' | sed 's/ $//'
}

# Prints explain's path of a text run as x:y sorted: path FILE.
path_of() {
	sed -n '/^Path:/{n;p;}' "$1" | tr ' ' '\n' | sed '/^$/d' | tr -d '()' |
	    tr ',' ':' | sort | tr '\n' ' ' | sed 's/ $//'
}

# Prints the lines of the page's report (every step, as the page shows
# it) in a DOM file.
report() {
	sed -n '/<pre id="report">/,/<\/pre>/p' "$1" |
	    sed 's|.*<pre id="report">||; s|</pre>.*||' |
	    sed 's/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g'
}

# Compares every step of the page at HASH with explain's CSV (the cell
# taken, the open list in order, the closed list); the DOM at the end,
# the search done, is left in $t_tmp/dom.html: check NAME HASH CSV
check() {
	dom "$2&report" >"$t_tmp/dom.html"
	report "$t_tmp/dom.html" >"$t_tmp/got"
	awk -F, 'NR > 1 { printf "%s taken=%s open=%s closed=%s\n", $1,
	    $1 == 0 ? "none" : $2 ":" $3, $10, $11 }' "$3" >"$t_tmp/want"
	if [ -s "$t_tmp/want" ] && cmp -s "$t_tmp/got" "$t_tmp/want"; then
		t_ok "$1: the page shows explain's $(wc -l <"$t_tmp/want") steps"
	else
		t_fail "$1" "the page differs from explain: $(diff "$t_tmp/want" "$t_tmp/got" | sed -n 2,3p | tr '\n' ' ')"
	fi
}

# Compares the page's final state (the DOM check left) with explain's
# path and cost; the path must not cross a wall: final NAME TEXT
final() {
	f_want="path=$(path_of "$2") cost=$(sed -n 's/^Path: .*, cost //p' "$2")"
	f_path=$(cells path "$t_tmp/dom.html")
	f_ends="$(cells start "$t_tmp/dom.html") $(cells goal "$t_tmp/dom.html")"
	f_all=$(printf '%s\n' $f_path $f_ends | sort -u | tr '\n' ' ' |
	    sed 's/ $//')
	f_got="path=$f_all cost=$(span cost "$t_tmp/dom.html")"
	if [ "$(echo "$f_got" | awk '{ sub(/cost=/, "", $NF); $NF = sprintf("%.3f", $NF); print }')" = \
	    "$(echo "$f_want" | awk '{ sub(/cost=/, "", $NF); $NF = sprintf("%.3f", $NF); print }')" ]; then
		t_ok "$1: the path and cost are explain's"
	else
		t_fail "$1: path" "page '$f_got', explain '$f_want'"
	fi
	f_cross=$(printf '%s\n' $f_path | grep -x -F "$(printf '%s\n' $(cells wall "$t_tmp/dom.html"))" || true)
	if [ -z "$f_cross" ]; then
		t_ok "$1: the path crosses no wall"
	else
		t_fail "$1: path through walls" "$f_cross"
	fi
}

# The map of most cases, as explain reads it: a wall at x=4 from y=1 to
# y=4; the page draws it in one stroke of the pointer.
cat >"$t_tmp/a.txt" <<'EOF'
..........
....#.....
....#.....
....#.....
....#.....
..........
EOF
wall="draw=4,1;4,2;4,3;4,4"
args_a="$t_tmp/a.txt --from 1,3 --to 8,3"

# --- A*, 4-way, the library's conventions, a wall drawn in one stroke --------
scenario_astar() {
	hash_a="size=10,6&from=1,3&to=8,3&$wall"
	# shellcheck disable=SC2086
	"$LAB" explain $args_a --csv >"$t_tmp/a.csv"
	# shellcheck disable=SC2086
	"$LAB" explain $args_a >"$t_tmp/a.out"
	check "A* 4-way" "$hash_a" "$t_tmp/a.csv"
	walls=$(cells wall "$t_tmp/dom.html")
	if [ "$walls" = "4:1 4:2 4:3 4:4" ]; then
		t_ok "a stroke of the pointer draws the wall where it went"
	else
		t_fail "drawing" "walls at '$walls'"
	fi
	final "A* 4-way" "$t_tmp/a.out"
	# Around the wall: 7 steps east and 2 up and 2 down, whatever the code.
	if [ "$(span cost "$t_tmp/dom.html")" = 11 ]; then
		t_ok "A* 4-way: the path around the wall costs 11"
	else
		t_fail "A* 4-way cost" "$(span cost "$t_tmp/dom.html")"
	fi
}

# --- 8-way with weights and conventions: fifo ties, parity ----------------
scenario_octile() {
	cat >"$t_tmp/b.txt" <<-'EOF'
	..........
	....#.....
	..5.#.....
	..5.#..5..
	....#.....
	..........
	EOF
	hash_b="size=10,6&from=1,1&to=5,5&movement=8-octile&tie=fifo&parity=odd&$wall&weight=2,2,5;2,3,5;7,3,5"
	args_b="$t_tmp/b.txt --from 1,1 --to 5,5 --movement 8-octile --tie-break fifo --parity-reverse odd"
	# shellcheck disable=SC2086
	"$LAB" explain $args_b --csv >"$t_tmp/b.csv"
	# shellcheck disable=SC2086
	"$LAB" explain $args_b >"$t_tmp/b.out"
	check "8-octile, weights, fifo, odd parity" "$hash_b" "$t_tmp/b.csv"
	final "8-octile, weights, fifo, odd parity" "$t_tmp/b.out"
}

# --- Tutorial code's conventions: duplicates kept, ties by (x, y) ---------
# No closed list: a cell whose g falls is pushed again and its stale
# entry stays on the open list, as in Red Blob Games' code; the weights
# make g fall.
scenario_keep() {
	# tests/data/explain/redblob-stale.txt, drawn: stale entries are
	# listed and taken (explain-html.sh).
	hash_k="size=6,5&from=4,4&to=0,0&tie=xy&parity=even&duplicates=keep&weight=0,0,5;3,0,5;2,1,5;3,1,5;4,2,5"
	# shellcheck disable=SC2086
	"$LAB" explain "${top_srcdir:-.}/tests/data/explain/redblob-stale.txt" \
	    --from 4,4 --to 0,0 --tie-break xy --parity-reverse even \
	    --duplicates keep --csv >"$t_tmp/k.csv"
	check "duplicates kept, xy ties, even parity" "$hash_k" "$t_tmp/k.csv"
}

# --- Dijkstra, BFS and greedy on the same map -------------------------------
scenario_dijkstra_bfs() {
	# Dijkstra is explain with no heuristic; BFS, as compare plays it, every
	# step costing one and first in first out.
	# shellcheck disable=SC2086
	"$LAB" explain $args_a --heuristic zero --csv >"$t_tmp/c.csv"
	check "Dijkstra" "size=10,6&from=1,3&to=8,3&alg=dijkstra&$wall" \
	    "$t_tmp/c.csv"
	# shellcheck disable=SC2086
	"$LAB" explain $args_a --heuristic zero --costs 1,1 --tie-break fifo --csv \
	    >"$t_tmp/c.csv"
	check "BFS" "size=10,6&from=1,3&to=8,3&alg=bfs&$wall" \
	    "$t_tmp/c.csv"
}

# --- greedy: explain has no greedy walkthrough (compare's greedy is the textbook
scenario_greedy() {
	# search with f = h): the page must find a path around the wall.
	dom "size=10,6&from=1,3&to=8,3&alg=greedy&$wall&step=100000" \
	    >"$t_tmp/dom.html"
	if [ -n "$(cells path "$t_tmp/dom.html")" ] &&
	    [ "$(span status "$t_tmp/dom.html")" = "Done: the path is marked." ]; then
		t_ok "greedy: it finds a path around the wall"
	else
		t_fail "greedy" "$(span status "$t_tmp/dom.html")"
	fi
}

# --- D* Lite: the goal dragged, then a cell closed ------------------------
scenario_dstar() {
	# explain's incremental walkthrough of the same events; each step of the
	# repair takes the cell explain says.
	hash_d="size=10,6&from=1,3&to=8,3&alg=dstar&movement=8-octile&$wall&events=target:8,2;close:5,0"
	args_d="$t_tmp/a.txt --from 1,3 --to 8,3 --movement 8-octile --planner dstar"
	"$LAB" explain $args_d --event 'target 8,2' --event 'close 5,0' --csv \
	    >"$t_tmp/d.csv"
	dom "$hash_d&report" >"$t_tmp/dom.html"
	report "$t_tmp/dom.html" >"$t_tmp/got"
	# explain's rows of cells taken, as its narration words them; each
	# event's step 0 (before the first cell is taken) takes none.
	awk -F, 'NR > 1 && $2 == 0 && $3 != "path" && !seen[$1]++ { print $1, 0, "none" }
	    $3 == "overconsistent" { printf "%s %s take (%s,%s) key [%s; %s]: g > rhs, overconsistent: g := rhs = %s\n",
		$1, $2, $4, $5, $8, $9, $6 }
	    $3 == "underconsistent" { printf "%s %s take (%s,%s) key [%s; %s]: g < rhs = %s, underconsistent: g := inf, and it is looked at again\n",
		$1, $2, $4, $5, $8, $9, $7 }' "$t_tmp/d.csv" >"$t_tmp/want"
	if [ "$(wc -l <"$t_tmp/want")" -gt 10 ] && cmp -s "$t_tmp/got" "$t_tmp/want"; then
		t_ok "D* Lite: the page takes explain's cells with its keys, $(wc -l <"$t_tmp/want") steps over three searches"
	else
		t_fail "D* Lite" "the page differs from explain: $(diff "$t_tmp/want" "$t_tmp/got" | sed -n 2,3p | tr '\n' ' ')"
	fi
	want=$(awk -F, '$1 == 2 && $3 == "path" { print $6 }' "$t_tmp/d.csv")
	if [ "$(span cost "$t_tmp/dom.html")" = "$want" ] &&
	    [ "$(cells goal "$t_tmp/dom.html")" = "8:2" ] &&
	    [ "$(cells wall "$t_tmp/dom.html")" = "4:1 4:2 4:3 4:4 5:0" ]; then
		t_ok "D* Lite: the target dragged, the cell closed, explain's cost"
	else
		t_fail "D* Lite, the end" "cost '$(span cost "$t_tmp/dom.html")' (explain '$want'), goal '$(cells goal "$t_tmp/dom.html")', walls '$(cells wall "$t_tmp/dom.html")'"
	fi
}

# --- JPS: the library's search, the cost compare reports ------------------
scenario_jps() {
	hash_j="size=10,6&from=1,3&to=8,3&alg=jps&movement=8-octile&$wall"
	dom "$hash_j&step=100000" >"$t_tmp/dom.html"
	want=$("$LAB" compare "$t_tmp/a.txt" --from 1,3 --to 8,3 --movement 8-octile \
	    --algorithms jps --csv | awk -F, '$1 == "jps" { print $3 }')
	if [ -n "$want" ] && [ "$(echo "$(span cost "$t_tmp/dom.html") $want" |
	    awk '{ print ($1 - $2 < 0.001 && $2 - $1 < 0.001) }')" = 1 ]; then
		t_ok "JPS: the cost compare reports ($want)"
	else
		t_fail "JPS" "page '$(span cost "$t_tmp/dom.html")', compare '$want'"
	fi
}

# Every case, or under a slow run (ASTRAY_TEST_SCALE below 1: valgrind)
# a share of them, first the A* and D* Lite ones: each is a browser load,
# which takes most of this test's time.
keep=$(t_scaled 7)
n=0
for s in astar dstar octile keep dijkstra_bfs greedy jps; do
	n=$((n + 1))
	[ "$n" -le "$keep" ] || break
	"scenario_$s"
done

# explain's and compare's pages link to it, with their map: the link
# from explain's opens the page on it, where A* takes explain's steps.
for cmd in "explain $args_a" "explain $args_a --planner dstar" \
    "compare $args_a"; do
	# shellcheck disable=SC2086
	"$LAB" $cmd --html "$t_tmp/linked.html" >/dev/null
	link=$(sed -n 's|.*<a href="file://\([^"]*\)">explore\.html</a>.*|\1|p' \
	    "$t_tmp/linked.html" | sed 's/&amp;/\&/g')
	href=${link%%#*}
	# The installed copy if there is one, else the build tree's.
	if [ -n "$href" ] && grep -q '<title>astray: explore a search' "$href" &&
	    [ "${link#*#}" = "size=10,6&from=1,3&to=8,3&$wall" ]; then
		t_ok "$(echo "$cmd" | cut -d' ' -f1) --html links to the page on its map (${cmd#* $args_a})"
	else
		t_fail "$cmd --html" "no link to the page on its map ('$link')"
	fi
done
# shellcheck disable=SC2086
"$LAB" explain $args_a --html "$t_tmp/linked.html" >/dev/null
link=$(sed -n 's|.*<a href="file://\([^"]*\)">explore\.html</a>.*|\1|p' \
    "$t_tmp/linked.html" | sed 's/&amp;/\&/g')
[ -f "$t_tmp/a.csv" ] || "$LAB" explain $args_a --csv >"$t_tmp/a.csv"
check "explain's link" "${link#*#}" "$t_tmp/a.csv"

# The page stands alone: nothing fetched from anywhere.
if grep -Eq '(src|href)="[^"#]' "$page"; then
	t_fail "self-contained page" "$(grep -Eo '(src|href)="[^"#][^"]*' "$page" | head -1)"
else
	t_ok "the page is self-contained"
fi
t_end
