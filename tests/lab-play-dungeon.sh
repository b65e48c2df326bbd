#!/bin/sh
# lab-play-dungeon.sh: astray-lab play's greedy bot, --dungeon, --svg and
# the turn cap's line.
#
# The greedy bot's games are its own for a seed: the same run twice, and
# a seed alone, give the same rows; a list of bots runs in the order
# given.  --dungeon NAME finds a dungeon or a campaign of the data folder
# as astray --dungeon does (the same rows as its path), plays it rather
# than the standard game, and its --watch replay plays back to the same
# end; a name that is nothing, or a file that is no dungeon, is bad
# input (exit 1, one line, no rows).  --svg writes a well-formed SVG
# (xmllint, else python's parser) with a title, both axes named and a
# series per bot whose bars hold the deaths the summary counts, and the
# terminal's bars say the same; a picture that cannot be written is bad
# input before any game, and --svg with --watch a usage error.  The
# summary says how many games the cap stopped and whether it measured.
#
# Run by make check with LAB, ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_lab
t_need_astray
t_begin
export XDG_DATA_HOME="$t_tmp/xdg"

# Greedy: the same rows twice, and a seed alone gives its row.
t_run "$LAB" play --bot greedy --seeds 2-4 --turns 3000 --data "$DATA" --csv
cp "$t_tmp/out" "$t_tmp/g1.csv"
t_run "$LAB" play --bot greedy --seeds 2-4 --turns 3000 --data "$DATA" --csv
if [ "$t_status" -eq 0 ] && [ "$(grep -c ',greedy,' "$t_tmp/out")" -eq 3 ] &&
    cmp -s "$t_tmp/out" "$t_tmp/g1.csv"; then
	t_ok "play --bot greedy: the same seeds give the same rows"
else
	t_fail "greedy twice" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$LAB" play --bot greedy --seeds 3 --turns 3000 --data "$DATA" --csv
row=$(sed -n 2p "$t_tmp/out")
if [ "$t_status" -eq 0 ] && grep -qx "$row" "$t_tmp/g1.csv"; then
	t_ok "play --bot greedy: seed 3 alone gives its row ($row)"
else
	t_fail "greedy alone" "status $t_status, row \"$row\""
fi

# A list of bots, in its order; the terminal's bars say the summary's.
t_run "$LAB" play --bot careful,greedy,baseline --seeds 1-2 --turns 800 \
    --data "$DATA" --svg "$t_tmp/d.svg"
order=$(awk '$1 ~ /^[0-9]+$/ && NF >= 6 { print $2 }' "$t_tmp/out" |
    uniq | tr '\n' ' ')
if [ "$t_status" -eq 0 ] && [ "$order" = "careful greedy baseline " ]; then
	t_ok "play --bot careful,greedy,baseline runs them in that order"
else
	t_fail "bot list" "status $t_status, order \"$order\":\
 $(t_first_line "$t_tmp/err")"
fi
cp "$t_tmp/out" "$t_tmp/table.txt"
# The deaths the summary counts, as "bot depth count" lines, sorted.
sed -n 's/^deaths \([a-z]*\) by depth:\(.*\)$/\1\2/p' "$t_tmp/table.txt" |
    awk '{ for (i = 2; i + 1 <= NF; i += 3) { d = $i; sub(":", "", d);
	print $1, d, $(i + 1) } }' | sort >"$t_tmp/summary"
awk '/^depth / { d = $2; bot = $3; n = $NF }
    /^          / { bot = $1; n = $NF }
    /^depth |^          / { if (n > 0) print bot, d, n }' \
    "$t_tmp/table.txt" | sort >"$t_tmp/bars"
if [ -s "$t_tmp/summary" ] && cmp -s "$t_tmp/summary" "$t_tmp/bars"; then
	t_ok "play: the bars hold the summary's deaths per depth\
 ($(tr '\n' ';' <"$t_tmp/bars"))"
else
	t_fail "play bars" "summary: $(tr '\n' ';' <"$t_tmp/summary")\
 bars: $(tr '\n' ';' <"$t_tmp/bars")"
fi

# The picture: well-formed, titled, axes named, a series per bot, and
# each bar's deaths the summary's.
wellformed=no
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$t_tmp/d.svg" 2>"$t_tmp/xml.err" && wellformed=yes
elif command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
	    "$t_tmp/d.svg" 2>"$t_tmp/xml.err" && wellformed=yes
else
	wellformed=unchecked
fi
bar='<rect[^>]*><title>\([a-z]*\), depth \([0-9]*\): \([0-9]*\) deaths'
sed -n "s/.*$bar<\/title>.*/\1 \2 \3/p" \
    "$t_tmp/d.svg" | awk '$3 > 0' | sort >"$t_tmp/svgbars"
if [ "$wellformed" != no ] &&
    grep -q "<title>Deaths per depth: astray-lab play, the standard game,\
 seeds 1-2, turn cap 800</title>" "$t_tmp/d.svg" &&
    grep -q '>depth (the level the game ended on)</text>' "$t_tmp/d.svg" &&
    grep -q '>deaths</text>' "$t_tmp/d.svg" &&
    [ "$(grep -c '<g class="series"' "$t_tmp/d.svg")" -eq 3 ] &&
    grep -q '<g class="series" fill="[^"]*"><title>greedy</title>' \
    "$t_tmp/d.svg" && cmp -s "$t_tmp/svgbars" "$t_tmp/summary"; then
	t_ok "play --svg: well-formed ($wellformed), titled, axes named,\
 three series, the summary's deaths"
else
	t_fail "play --svg" "well-formed: $wellformed\
 $(t_first_line "$t_tmp/xml.err");\
 bars: $(tr '\n' ';' <"$t_tmp/svgbars")"
fi
t_run "$LAB" play --bot greedy --seeds 1 --turns 100 --data "$DATA" \
    --svg "$t_tmp/nowhere/d.svg"
if [ "$t_status" -eq 1 ] && [ ! -s "$t_tmp/out" ] &&
    grep -q '^astray-lab: --svg .*nowhere/d.svg' "$t_tmp/err"; then
	t_ok "play --svg into no folder: bad input before any game\
 ($(t_first_line "$t_tmp/err"))"
else
	t_fail "play --svg nowhere" "status $t_status"
fi
t_run "$LAB" play --bot greedy --watch 1 --svg "$t_tmp/w.svg"
if [ "$t_status" -eq 2 ] && [ ! -s "$t_tmp/out" ] &&
    grep -q '^astray-lab: --svg goes with --seeds' "$t_tmp/err"; then
	t_ok "play --svg with --watch: a usage error"
else
	t_fail "play --svg --watch" "status $t_status"
fi

# The cap: how many games it stopped, and whether it measured.
t_run "$LAB" play --bot greedy --seeds 1-2 --turns 40 --data "$DATA"
if [ "$t_status" -eq 0 ] && grep -q '^summary greedy: .*, 2 at the turn cap' \
    "$t_tmp/out" &&
    grep -q '^turn cap 40: .*2 of 2 games capped (100.0%):.*too many capped' \
    "$t_tmp/out"; then
	t_ok "play --turns 40: the summary counts the capped games and says\
 the cap did not measure"
else
	t_fail "play cap line" "status $t_status: $(grep 'cap' "$t_tmp/out")"
fi

# --dungeon: by name as by path, a campaign too, not the standard game.
t_run "$LAB" play --bot greedy --seeds 1-2 --turns 1500 --data "$DATA" \
    --dungeon arena --csv
cp "$t_tmp/out" "$t_tmp/arena.csv"
t_run "$LAB" play --bot greedy --seeds 1-2 --turns 1500 --data "$DATA" \
    --dungeon "$DATA/dungeons/arena.dun" --csv
if [ "$t_status" -eq 0 ] && [ "$(grep -c ',greedy,' "$t_tmp/out")" -eq 2 ] &&
    cmp -s "$t_tmp/out" "$t_tmp/arena.csv"; then
	t_ok "play --dungeon arena: the data folder's arena, as by its path"
else
	t_fail "play --dungeon arena" "status $t_status: $(t_first_line "$t_tmp/err")"
fi
t_run "$LAB" play --bot greedy --seeds 1-2 --turns 1500 --data "$DATA" --csv
if ! cmp -s "$t_tmp/out" "$t_tmp/arena.csv"; then
	t_ok "play --dungeon arena: not the standard game"
else
	t_fail "play --dungeon arena" "the same rows as the standard game"
fi
t_run "$LAB" play --bot greedy --seeds 1 --turns 1500 --data "$DATA" \
    --dungeon the-long-descent --csv
if [ "$t_status" -eq 0 ] && [ "$(grep -c ',greedy,' "$t_tmp/out")" -eq 1 ]; then
	t_ok "play --dungeon the-long-descent: a campaign by name"
else
	t_fail "play --dungeon campaign" "status $t_status:\
 $(t_first_line "$t_tmp/err")"
fi
t_run "$LAB" play --bot greedy --watch 2 --turns 1500 --data "$DATA" \
    --dungeon arena --out "$t_tmp/arena.replay" --csv
row=$(sed -n 2p "$t_tmp/out")
t_run "$ASTRAY" --headless --data "$DATA" --replay "$t_tmp/arena.replay"
end=$(grep '^end ' "$t_tmp/out")
case $end in
"end turn $(echo "$row" | cut -d, -f5) "*)
	t_ok "play --dungeon arena --watch: the replay ends as the row ($end)"
	;;
*)
	t_fail "play --dungeon --watch" "row $row, replay: $end\
 $(t_first_line "$t_tmp/err")"
	;;
esac

# Bad names and bad files: one line, exit 1, no rows.
printf 'not a dungeon\n' >"$t_tmp/bad.dun"
for name in nosuch "$t_tmp/none/x.dun" "$t_tmp/bad.dun"; do
	t_run "$LAB" play --bot greedy --seeds 1 --data "$DATA" --dungeon "$name"
	if [ "$t_status" -eq 1 ] && [ ! -s "$t_tmp/out" ] &&
	    [ "$(t_lines "$t_tmp/err")" -eq 1 ] &&
	    grep -q "^astray-lab: .*$(basename "$name")" "$t_tmp/err"; then
		t_ok "play --dungeon $(basename "$name"): bad input\
 ($(t_first_line "$t_tmp/err"))"
	else
		t_fail "play --dungeon $name" "status $t_status: $(cat "$t_tmp/err")"
	fi
done

t_end
