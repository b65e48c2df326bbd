#!/bin/sh
# bot-messages.sh: every message of whole games reads as a player would
# want it (the headless game and the lab's bot).
#
# The careful bot plays BOT_MESSAGES_GAMES seeds (default 20), each
# written as a replay (astray-lab play --watch), and every message of
# each game is printed again by the game itself (astray --headless
# --replay FILE --messages).  No message may hold:
#
# - raw coordinates ("43,18"): places are said as directions and steps;
# - a mass or plural noun after "a" or "an" ("a shallow water", "a
#   caltrops"): the nouns are the data's own, every terrain and item
#   whose "noun" line says mass or plural;
# - "1" before a plural ("1 steps", "1 monsters");
# - a refusal twice on one turn (a key pressed again, a journey that
#   cannot start and says so each time a key asks, between other keys).
#
# The games are the oracle's input, not its answer: what is checked is
# only the wording, so the test holds whatever the bot does.  Each
# failure names the seed, the turn and the message.
#
# Run by make check with ASTRAY, LAB, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_need_lab
t_begin
t_game_env
# A slow run (ASTRAY_TEST_SCALE below 1: valgrind, the sanitizers)
# plays its share of the 20 games, and at least three: they check the
# same code paths for memory errors, and the wording is checked on all
# 20 by make check.  (The sanitizers' stage played all 20 until this
# followed the scale rather than valgrind alone: 50 s of CPU there, 10
# for three.)
games=${BOT_MESSAGES_GAMES:-$(t_scaled 20 3)}

# The mass and plural nouns of the data, one a line ("shallow water").
awk '$1 == "noun" && ($2 == "mass" || $2 == "plural") {
	$1 = ""; $2 = ""; sub(/^ +/, ""); print
}' "$DATA/terrain.txt" "$DATA/items.txt" "$DATA/monsters.txt" |
    sort -u >"$t_tmp/nouns"
if [ ! -s "$t_tmp/nouns" ]; then
	t_fail "the data's mass and plural nouns" "none found in $DATA"
	t_end
fi

seed=1
played=0
while [ "$seed" -le "$games" ]; do
	t_run "$LAB" play --bot careful --watch "$seed" --data "$DATA" \
	    --out "$t_tmp/$seed.replay" --csv
	if [ "$t_status" -ne 0 ]; then
		t_fail "seed $seed played" "astray-lab exit $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
		seed=$((seed + 1))
		continue
	fi
	t_run "$ASTRAY" --headless --data "$DATA" --replay \
	    "$t_tmp/$seed.replay" --messages
	if [ "$t_status" -ne 0 ]; then
		t_fail "seed $seed replayed" "astray exit $t_status:" \
		    "$(t_first_line "$t_tmp/err")"
	else
		sed -n "s/^message /$seed /p" "$t_tmp/out" >>"$t_tmp/messages"
		played=$((played + 1))
	fi
	seed=$((seed + 1))
done
# Lines "SEED TURN TEXT".
total=$(t_lines "$t_tmp/messages" 2>/dev/null || echo 0)
if [ "$played" -eq "$games" ] && [ "$total" -gt $((games * 5)) ]; then
	t_ok "$games games played and replayed, $total messages"
else
	t_fail "$games games played and replayed" \
	    "$played replayed, $total messages"
fi

# Reports the lines of $t_tmp/bad, if any: report CASE.
report() {
	if [ -s "$t_tmp/bad" ]; then
		t_fail "$1" "$(wc -l <"$t_tmp/bad") messages, the first:" \
		    "$(t_first_line "$t_tmp/bad")"
	else
		t_ok "$1"
	fi
}

grep -E '^[0-9]+ [0-9]+ .*[0-9]+ ?, ?[0-9]+' "$t_tmp/messages" \
    >"$t_tmp/bad" || true
report "no raw coordinates"

: >"$t_tmp/bad"
while IFS= read -r noun; do
	grep -iE "(^[0-9]+ [0-9]+ |[^a-z])an? $noun([^a-z]|\$)" \
	    "$t_tmp/messages" >>"$t_tmp/bad" || true
done <"$t_tmp/nouns"
report "no \"a\" or \"an\" before $(wc -l <"$t_tmp/nouns") mass and" \
    "plural nouns"

grep -E '(^[0-9]+ [0-9]+ |[^0-9.])1 [a-z]+s([^a-z]|$)' "$t_tmp/messages" |
    grep -vE '[^0-9.]1 (stairs|caltrops|door spikes)' >"$t_tmp/bad" || true
report "no \"1\" before a plural"

# A refusal, or why a journey stops or cannot start: the words tell.c
# gives them.  (Other messages may come twice on a turn: two zombies
# notice you, a fast monster hits twice.)
refusal='(Not now|You stop|There is nothing|There is no |You know of no'
refusal="$refusal|You already|You cannot|You have no such"
refusal="$refusal|Which way|Your pack has no room|Something is in the way)"
sed 's/ (x[0-9]*)$//' "$t_tmp/messages" |
    grep -E "^[0-9]+ [0-9]+ $refusal" | sort | uniq -d >"$t_tmp/bad"
report "no refusal twice on one turn"

t_end
