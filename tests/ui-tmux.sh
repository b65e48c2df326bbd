#!/bin/sh
# ui-tmux.sh: the real astray in a real terminal, as a player sees it.
#
# Each case starts astray in a pane of a private tmux server (80x24, so
# the test does not depend on the terminal it is run from), types keys
# with send-keys and reads the screen back with capture-pane.  The
# screen is polled until it shows what the case waits for, or a few
# seconds pass, instead of sleeping a fixed time: fast on a quick
# machine, and still right under a sanitizer on a slow one.  Every key
# is sent only once the screen shows that the one before it was taken.
#
# A small wrapper (play.sh, written below) runs astray in the pane with
# its own XDG folders, writes astray's pid, and after it ends writes its
# exit status and "stty -a", so the cases can check how astray left and
# that it gave the terminal back.  The panes stay on screen after their
# program ends (remain-on-exit), so what astray printed on leaving can be
# read too.
#
# Polling sleeps 0.1 s at a time (sleep with a fraction: GNU, BSD and
# busybox all take one).  Skipped (77) when tmux is not installed.  The path dots of the overlay
# are a UTF-8 character; without a UTF-8 locale that one check is
# skipped.  ASTRAY_UI_WAIT (seconds, default 5) is how long a case waits
# for the screen.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux is not installed (Debian: apt-get install tmux)"
	exit 77
fi
t_begin
unset TMUX
# The server's socket goes in the scratch folder, removed with it (tmux
# leaves its socket behind when the server ends), unless that path is
# too long for a socket: then a named one in tmux's own folder.
if [ ${#t_tmp} -le 80 ]; then
	ui_sockopt=-S ui_sock=$t_tmp/tmux.sock
else
	ui_sockopt=-L ui_sock=astray-test-$$
fi
ui_tries=$((${ASTRAY_UI_WAIT:-5} * 10))
ui_run=0
ui_locale=$(locale -a 2>/dev/null | grep -i -E '^(C|en_US)\.utf-?8$' |
    sed -n 1p)

# The private tmux server, from a configuration of our own.
tm() {
	tmux "$ui_sockopt" "$ui_sock" -f "$t_tmp/tmux.conf" "$@"
}

# Ends the server and waits (a little) for the astray processes it
# hung up on, so none of them writes a save into a folder being removed.
# shellcheck disable=SC2317 # run by the EXIT trap
ui_cleanup() {
	if [ "$ui_sockopt" = -L ]; then
		ui_path=$(tm display-message -p '#{socket_path}' 2>/dev/null)
		[ -n "$ui_path" ] && rm -f "$ui_path"
	fi
	tm kill-server >/dev/null 2>&1
	for ui_pidf in "$t_tmp"/run.*.pid; do
		[ -f "$ui_pidf" ] || continue
		ui_pid=$(cat "$ui_pidf")
		ui_n=0
		while [ -n "$ui_pid" ] && kill -0 "$ui_pid" 2>/dev/null &&
		    [ "$ui_n" -lt 20 ]; do
			sleep 0.1
			ui_n=$((ui_n + 1))
		done
	done
	rm -rf "$t_tmp"
}
trap 'ui_cleanup' EXIT

cat >"$t_tmp/tmux.conf" <<'EOF'
set -g exit-empty off
set -g remain-on-exit on
set -g status off
set -g default-shell /bin/sh
set -g default-terminal screen
EOF

cat >"$t_tmp/play.sh" <<'EOF'
# play.sh HOME RUN LOCALE ASTRAY [ARG...]: one astray in a pane.
home=$1 run=$2 loc=$3
shift 3
XDG_DATA_HOME=$home/data
XDG_CONFIG_HOME=$home/config
export XDG_DATA_HOME XDG_CONFIG_HOME
if [ -n "$loc" ]; then
	LC_ALL=$loc
	export LC_ALL
fi
unset ASTRAY_DATA ESCDELAY NO_COLOR
# A line per screen drawn, for ui_wait_frames.
ASTRAY_REDRAW_LOG=$run.frames
export ASTRAY_REDRAW_LOG
# A gated run waits until the test is watching the pane's output.
if [ -e "$run.gate" ]; then
	while [ ! -e "$run.go" ]; do
		sleep 0.05
	done
fi
sh -c 'echo $$ >"$0"; exec "$@"' "$run.pid" "$@" 2>"$run.err"
echo $? >"$run.st"
stty -a >"$run.stty" 2>&1
mv "$run.st" "$run.rc"
EOF

# Quotes a word for the shell.
ui_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# Starts astray in a fresh window of 80x24 (or ui_size_x by ui_size_y):
# ui_start HOME [ARG...]; with ui_lab set, astray-lab ($LAB) and the ARGs
# alone.  HOME is a folder under the scratch folder for
# its saves and configuration; the run's files are $run.rc, .err, .stty.
# A tmux that cannot open a window at all is a hard error (99).
ui_start() {
	ui_home=$t_tmp/$1
	shift
	mkdir -p "$ui_home/data" "$ui_home/config"
	ui_run=$((ui_run + 1))
	run=$t_tmp/run.$ui_run
	ui_cmd="sh $(ui_quote "$t_tmp/play.sh") $(ui_quote "$ui_home")"
	ui_cmd="$ui_cmd $(ui_quote "$run") $(ui_quote "$ui_locale")"
	if [ -n "${ui_lab:-}" ]; then
		ui_cmd="$ui_cmd $(ui_quote "$LAB")"
	else
		ui_cmd="$ui_cmd $(ui_quote "$ASTRAY") --data $(ui_quote "$DATA")"
	fi
	for ui_arg in "$@"; do
		ui_cmd="$ui_cmd $(ui_quote "$ui_arg")"
	done
	tm kill-session -t astray >/dev/null 2>&1
	[ -n "${ui_gate:-}" ] && : >"$run.gate"
	if ! tm new-session -d -s astray -x "${ui_size_x:-80}" \
	    -y "${ui_size_y:-24}" "$ui_cmd"; then
		echo "ERROR: tmux cannot start a session" >&2
		exit 99
	fi
}

# Types characters, one argument each: ui_keys KEY...
ui_keys() {
	for ui_key in "$@"; do
		tm send-keys -t astray -l -- "$ui_key"
	done
}

# Presses a key by its tmux name (Tab, Escape, Space, Enter).
ui_press() {
	tm send-keys -t astray "$1"
}

# Reads the screen into $t_tmp/screen.
ui_screen() {
	tm capture-pane -p -t astray >"$t_tmp/screen" 2>/dev/null
}

# Reads what the pane printed after its program ended into
# $t_tmp/screen: the screen and the lines scrolled off it (tmux scrolls
# the screen up a line to say the pane is dead), long lines joined.
ui_screen_all() {
	tm capture-pane -p -J -S - -t astray >"$t_tmp/screen" 2>/dev/null
}

# Whether the screen last read says TEXT, read as words: however the
# lines wrap it, and with any run of spaces as one: ui_says TEXT.
ui_says() {
	tr -s ' \n' '  ' <"$t_tmp/screen" |
	    grep -q -F -e "$(printf '%s' "$1" | tr -s ' ')"
}

# Reads the screen until the command given ("$@") says yes of it;
# returns 1 if it does not in time.  Every wait below is one of these.
ui_poll() {
	ui_poll_with ui_screen "$@"
}

# Reads with READER (ui_screen or ui_screen_all) until the command given
# says yes of what it read; returns 1 if it does not in time:
# ui_poll_with READER COMMAND [ARG...].
ui_poll_with() {
	ui_reader=$1
	shift
	ui_n=0
	while :; do
		"$ui_reader"
		"$@" && return 0
		ui_n=$((ui_n + 1))
		[ "$ui_n" -ge "$ui_tries" ] && return 1
		sleep 0.1
	done
}

# Whether the screen read has a line matching each regular expression.
ui_has_all() {
	for ui_pat in "$@"; do
		grep -q -e "$ui_pat" "$t_tmp/screen" || return 1
	done
}

# Whether a line from FIRST to LAST matches: ui_has_rows FIRST LAST RE.
ui_has_rows() {
	sed -n "$1,$2p" "$t_tmp/screen" | grep -q -e "$3"
}

# Prints how often RE occurs on lines FIRST to LAST of the screen read:
# ui_count_rows FIRST LAST RE.
ui_count_rows() {
	sed -n "$1,$2p" "$t_tmp/screen" | grep -o -e "$3" | wc -l |
	    tr -d ' '
}

# Whether RE occurs exactly N times on lines FIRST to LAST:
# ui_has_count FIRST LAST RE N.
ui_has_count() {
	[ "$(ui_count_rows "$1" "$2" "$3")" -eq "$4" ]
}

# Whether the screen read differs from the one kept in FILE.
ui_changed_from() {
	! cmp -s "$t_tmp/screen" "$1"
}

# Whether no line of the screen read matches.
ui_has_none() {
	! grep -q -e "$1" "$t_tmp/screen"
}

# Waits until the screen has a line matching the basic regular
# expression; returns 1 if it does not come in time.
ui_wait() {
	ui_poll ui_has_all "$1"
}

# Waits until one screen has a line matching each of the basic regular
# expressions given; returns 1 if they do not all come in time.  A screen
# is drawn in pieces (slowly under valgrind), so what a test reads from
# several lines must be waited for together, not after the first appears.
ui_wait_all() {
	ui_poll ui_has_all "$@"
}

# Waits until what the pane printed, the lines scrolled off included,
# has a line matching each regular expression given.  What a program
# prints as it ends may reach tmux after its exit status is written, so
# a case reads it with this, never with one ui_screen_all.
ui_wait_printed() {
	ui_poll_with ui_screen_all ui_has_all "$@"
}

# Waits until a line from FIRST to LAST matches: ui_wait_rows FIRST LAST RE.
ui_wait_rows() {
	ui_poll ui_has_rows "$@"
}

# Waits until no line of the screen matches; returns 1 if one still does.
ui_wait_gone() {
	ui_poll ui_has_none "$1"
}

# Waits until the current run has ended (its exit status is written).
ui_wait_exit() {
	ui_n=0
	while [ ! -f "$run.rc" ]; do
		ui_n=$((ui_n + 1))
		[ "$ui_n" -ge "$ui_tries" ] && return 1
		sleep 0.1
	done
}

# Waits until astray has drawn N screens in all (its redraw log has N
# lines).  It draws after every key and at least every fifth of a
# second, so two more screens than were drawn once a key was sent mean
# that it has read the key (wait for three: the key may still be on its
# way through tmux): the way to know that a key was ignored.
ui_wait_frames() {
	ui_n=0
	while [ "$(ui_frames)" -lt "$1" ]; do
		ui_n=$((ui_n + 1))
		[ "$ui_n" -ge "$ui_tries" ] && return 1
		sleep 0.1
	done
}

# Prints how many screens the current run has drawn.
ui_frames() {
	if [ -f "$run.frames" ]; then
		t_lines "$run.frames"
	else
		echo 0
	fi
}

# Whether the screen read shows turn TURN with CHAR at ROW COL (0-based):
# what a case waits for after a key, the row and the status line read
# from one screen.  ui_has_turn_char TURN ROW COL CHAR.
ui_has_turn_char() {
	grep -q "Turn $1 " "$t_tmp/screen" && [ "$(ui_char "$2" "$3")" = "$4" ]
}

# Whether the screen read shows turn TURN with the player at "ROW COL":
# ui_has_turn_at TURN "ROW COL".
ui_has_turn_at() {
	grep -q "Turn $1 " "$t_tmp/screen" && [ "$(ui_player)" = "$2" ]
}

# Whether the screen read shows TURN on its status line and the player's
# '@' on the map: ui_has_turn_drawn TURN.  Under valgrind the screen is
# drawn in pieces, so a case that reads where the player stands waits
# for both together, not for the turn alone.
ui_has_turn_drawn() {
	grep -q "Turn $1 " "$t_tmp/screen" && [ -n "$(ui_player)" ]
}

# Prints the screen's status line (the one with the turn), or nothing.
ui_status() {
	grep 'Turn [0-9]' "$t_tmp/screen" | sed -n 1p
}

# Prints the turn shown on the status line.
ui_turn() {
	ui_status | sed 's/.*Turn \([0-9]*\).*/\1/'
}

# Whether the screen read says exploring is over and shows a turn after
# TURN on its status line: ui_has_explored_after TURN.
ui_has_explored_after() {
	ui_has_all 'nothing left you can reach to explore' &&
	    [ "$(ui_turn)" -gt "$1" ] 2>/dev/null
}

# Prints "ROW COL" (0-based) of the player '@' on the map rows.  The
# callers take it apart with ${at% *} and ${at#* }.
ui_player() {
	LC_ALL=C awk 'NR >= 5 && NR <= 23 && (i = index($0, "@")) > 0 {
		print NR - 1, i - 1; exit }' "$t_tmp/screen"
}

# Prints the character at ROW COL (0-based) of the screen.
ui_char() {
	LC_ALL=C awk -v r="$1" -v c="$2" 'NR == r + 1 {
		print substr($0, c + 1, 1); exit }' "$t_tmp/screen"
}

# Prints rows FIRST to LAST of the screen read as one line, spaces
# squeezed: a text wrapped at word boundaries reads whole in it, one cut
# inside a word does not (nor one cut off at the screen's edge).
ui_joined() {
	sed -n "$1,$2p" "$t_tmp/screen" | tr '\n' ' ' | tr -s ' '
}

# Whether rows FIRST to LAST, joined, hold TEXT (spaces squeezed):
# ui_has_text FIRST LAST TEXT.
ui_has_text() {
	ui_joined "$1" "$2" | grep -q -F -e "$(printf '%s' "$3" | tr -s ' ')"
}

# The screen, indented, for a failure's explanation.
ui_show() {
	sed 's/^/    | /' "$t_tmp/screen"
}

# Fails a case with the screen shown under it: ui_fail NAME WHY.
ui_fail() {
	t_fail "$1" "$2"
	ui_show
}

# Quits the running game with S and waits for it to end.
ui_quit() {
	ui_keys S
	ui_wait_exit
}

maze="$DATA/dungeons/door-maze.dun"

# --- the title and status lines --------------------------------------------
# Whether the screen read has the title line and the status line wanted.
t1_lines() {
	sed -n 1p "$t_tmp/screen" | grep -q '^astray: .*? help$' &&
	    ui_status | grep -q "$want"
}
ui_start t1 --seed 4242
if ui_wait 'Seed 4242'; then
	want='^HP [0-9]*/[0-9]*  Depth 1/10  Turn 0  Score [0-9]*  Seed 4242$'
	if ui_poll t1_lines; then
		t_ok "title and status lines, seed 4242 shown"
	else
		ui_fail "title and status lines" "not as expected"
	fi
else
	ui_fail "title and status lines" "no 'Seed 4242' on the screen"
fi
ui_quit

# --- moving, doors ----------------------------------------------------------
ui_start t2 --seed 7 --dungeon "$maze"
name="moving east: turn and '@' position change"
if ui_wait '^astray: The Door Maze' && ui_poll ui_has_turn_drawn 0; then
	at0=$(ui_player)
	ui_keys l
	if ! ui_wait 'Turn 1 '; then
		ui_fail "$name" "no 'Turn 1' after l"
	elif [ -n "$at0" ] &&
	    ui_poll ui_has_turn_at 1 "${at0% *} $((${at0#* } + 1))"; then
		t_ok "$name"
	else
		ui_fail "$name" "'@' at '$at0', then at '$(ui_player)'"
	fi
else
	ui_fail "$name" "the Door Maze did not start"
fi

# The door is at column 8 of the player's row, which starts at column 2.
for k in 2 3 4 5; do
	ui_keys l
	ui_poll ui_has_turn_at "$k" "${at0% *} $((${at0#* } + k))" || break
done
at=$(ui_player)
prow=${at% *} pcol=${at#* }
[ -n "$at" ] || prow=0 pcol=0
name="'o' + direction opens a door ('+' becomes \"'\")"
if [ "$(ui_char "$prow" $((pcol + 1)))" != + ]; then
	ui_fail "$name" "no door '+' east of the '@' after 5 steps east"
else
	ui_keys o
	if ! ui_wait 'Open which way?'; then
		ui_fail "$name" "no 'Open which way?' after o"
	else
		ui_keys l
		if ui_poll ui_has_turn_char 6 "$prow" $((pcol + 1)) "'"; then
			t_ok "$name"
		else
			ui_fail "$name" "east of the '@' is not \"'\""
		fi
	fi
fi
name="'c' + direction closes it again"
ui_keys c
ui_wait 'Close which way?'
ui_keys l
if ui_poll ui_has_turn_char 7 "$prow" $((pcol + 1)) +; then
	t_ok "$name"
else
	ui_fail "$name" "no '+' east of the '@' on turn 7"
fi
name="walking into a door opens it, the player stays"
ui_keys l
if ui_poll ui_has_turn_char 8 "$prow" $((pcol + 1)) "'" &&
    ui_poll ui_has_turn_at 8 "$prow $pcol"; then
	t_ok "$name"
else
	ui_fail "$name" "want \"'\" east of '@' still at $prow $pcol on turn 8"
fi

# --- help, the AI panel, look, messages: none of them takes a turn ----------
turn=$(ui_turn)
name="? shows the help, a key goes back without playing"
ui_keys '?'
if ! ui_wait_all 'save and quit' 'astray: keys' 'More: man 6 astray'; then
	ui_fail "$name" "no help listing after ?"
elif ! grep -q 'saves itself at every new level and every 100 turns' \
    "$t_tmp/screen"; then
	ui_fail "$name" "the help does not tell the checkpoint policy"
elif ! grep -q "^Score: each kill's value, 50 a depth, 1000 a win (amulet or dungeon escaped)\.\$" \
    "$t_tmp/screen"; then
	ui_fail "$name" "the help does not tell the scoring rule"
else
	ui_keys j
	if ui_wait '^astray: The Door Maze' && ui_wait_gone 'save and quit' &&
	    [ "$(ui_turn)" = "$turn" ]; then
		t_ok "$name"
	else
		ui_fail "$name" "not back on the map at turn $turn after j"
	fi
fi

# Prints the entries of the help screen read, "KEYS<TAB>WHAT" a line,
# each entry's wrapped lines joined: the screen's two halves of 40
# columns hold the keys in their first 13 and the words from their 15th,
# and a row with no keys in a half goes on with the entry above it.
ui_help_entries() {
	LC_ALL=C awk 'NR >= 3 && NR <= 22 {
		for (h = 0; h < 2; h++) {
			k = substr($0, h * 40 + 1, 13)
			t = substr($0, h * 40 + 15, 25)
			sub(/ +$/, "", k)
			gsub(/^ +| +$/, "", t)
			if (k != "") {
				n[h]++
				key[h, n[h]] = k
				what[h, n[h]] = t
			} else if (t != "" && n[h] > 0)
				what[h, n[h]] = what[h, n[h]] " " t
		}
	}
	END {
		for (h = 0; h < 2; h++)
			for (i = 1; i <= n[h]; i++)
				print key[h, i] "\t" what[h, i]
	}' "$t_tmp/screen"
}

# Whether the help screen read has the entry KEYS, WHAT whole.
ui_has_help() {
	ui_help_entries | grep -q -x -F -e "$(printf '%s\t%s' "$1" "$2")"
}

name="? at 80x24: each entry's words wrap whole in its column; Space turns the pages, the monsters' ways on their own, then goes back"
ui_keys '?'
if ! ui_wait_all '^astray: keys, page 1 of 4 ' 'save and quit'; then
	ui_fail "$name" "no first page of four after ?"
elif ! ui_has_help '>' 'go down, or to, the stairs' ||
    ! ui_has_help A 'apply door spikes (+ letter, dir.)'; then
	ui_fail "$name" "'go down, or to, the stairs' or 'apply door spikes (+ letter, dir.)' not whole"
else
	ui_press Space
	if ! ui_wait '^astray: keys, page 2 of 4 ' ||
	    ! ui_poll ui_has_help '> <' 'travel cursor: next, previous stairs seen'; then
		ui_fail "$name" "no second page with the travel cursor's keys after Space"
	else
		ui_press Space
		if ! ui_wait '^astray: how monsters fight, page 3 of 4 ' ||
		    ! ui_poll ui_has_help hold-doors 'holds a door shut against you and spikes it: go round, dig, lure it off with a noise, or wait'; then
			ui_fail "$name" "no third page with the door-holder's way after Space"
		else
			ui_press Space
			if ! ui_wait '^astray: how monsters fight, page 4 of 4 ' ||
			    ! ui_poll ui_has_help summons 'raises or calls monsters beside itself while it sees you: reach it first, or break its line of sight'; then
				ui_fail "$name" "no fourth page with the summoner's way after Space"
			else
				ui_press Space
				if ui_wait '^astray: The Door Maze' && ui_wait_gone 'astray: how' &&
				    [ "$(ui_turn)" = "$turn" ]; then
					t_ok "$name"
				else
					ui_fail "$name" "Space on the last page: not back on the map at turn $turn"
				fi
			fi
		fi
	fi
fi

name="a shows the AI panel, a again hides it"
ui_keys a
if ! ui_wait 'AI this turn'; then
	ui_fail "$name" "no 'AI this turn' after a"
else
	ui_keys a
	if ui_wait_gone 'AI this turn'; then
		t_ok "$name"
	else
		ui_fail "$name" "the panel stays after a second a"
	fi
fi

name="x looks: the player, then the floor west, Escape leaves"
ui_keys x
if ! ui_wait_all '^You, on stone floor\.$' '^Bare stone floor, worn smooth'; then
	ui_fail "$name" "no 'You, on stone floor.' and its description after x"
else
	ui_keys h
	if ! ui_wait '^Stone floor: Bare stone floor, worn smooth'; then
		ui_fail "$name" "no 'Stone floor: ...' for the floor west of the player"
	else
		ui_press Escape
		if ui_wait_gone '^Stone floor: Bare stone floor' &&
		    [ "$(ui_turn)" = "$turn" ]; then
			t_ok "$name"
		else
			ui_fail "$name" "look mode did not end on Escape"
		fi
	fi
fi

name="C shows the character screen, a key goes back without playing"
ui_keys C
if ! ui_wait_all '^You (any key goes back)' '^  Hit points   [0-9]* of [0-9]*$' \
    '^  Experience   level 1, 0 points, [0-9]* more for level 2$' \
    '^  Blows        [0-9]*-[0-9]*, with your bare hands$' \
    "^  Where        The Door Maze, depth"; then
	ui_fail "$name" "no character screen after C"
else
	ui_keys k
	if ui_wait '^astray: The Door Maze' && ui_wait_gone '^You (any key' &&
	    [ "$(ui_turn)" = "$turn" ]; then
		t_ok "$name"
	else
		ui_fail "$name" "not back on the map at turn $turn after k"
	fi
fi

name="C at 80x24: the score rule wrapped whole beside its label; stealth shown when there is none"
score=$(ui_status | sed 's/.*Score \([0-9]*\).*/\1/')
ui_keys C
rule="each kill's value, 50 a depth, 1000 a win (amulet or dungeon escaped)"
if ! ui_wait '^You (any key goes back)'; then
	ui_fail "$name" "no character screen after C"
elif ! ui_poll ui_has_text 3 24 "Score $score ($rule) Seed"; then
	ui_fail "$name" "the score line is not whole: ($rule)"
elif ! ui_poll ui_has_text 3 24 'Stealth none: monsters hear you, and see you as far as they can see'; then
	ui_fail "$name" "no 'Stealth none: ...' line"
else
	t_ok "$name"
fi
ui_keys k
ui_wait_gone '^You (any key'

name="M shows the message history"
ui_keys M
if ui_wait_all '^Messages (' 'You enter The Door Maze'; then
	ui_keys M
	if ui_wait '^astray: The Door Maze'; then
		t_ok "$name"
	else
		ui_fail "$name" "no way back to the map"
	fi
else
	ui_fail "$name" "no 'Messages (' header with the first message"
fi

# --- resizing ---------------------------------------------------------------
name="a 60x20 window shows the size message, 80x24 the map again"
# The title comes back before the rest of the map: read the player's
# cell only once the map is whole again (under valgrind a screen read
# between the two once took a cell the player was never on).
ui_n=0
while ui_screen; [ -z "$(ui_player)" ] ||
    grep -q '^Messages (' "$t_tmp/screen"; do
	ui_n=$((ui_n + 1))
	[ "$ui_n" -ge "$ui_tries" ] && break
	sleep 0.1
done
at=$(ui_player)
tm resize-window -t astray -x 60 -y 20
if ! ui_wait_all 'astray needs a terminal of at least 80x24' \
    'this one is 60x20'; then
	ui_fail "$name" "no size message at 60x20"
else
	tm resize-window -t astray -x 80 -y 24
	# The title may be drawn before the rest: wait for the whole map.
	ui_n=0
	while ui_screen; [ "$(ui_player)" != "$at" ] ||
	    ! grep -q '^astray: The Door Maze' "$t_tmp/screen" ||
	    grep -q 'needs a terminal' "$t_tmp/screen"; do
		ui_n=$((ui_n + 1))
		[ "$ui_n" -ge "$ui_tries" ] && break
		sleep 0.1
	done
	if [ "$(ui_player)" = "$at" ] &&
	    grep -q '^astray: The Door Maze' "$t_tmp/screen" &&
	    ! grep -q 'needs a terminal' "$t_tmp/screen"; then
		t_ok "$name"
	else
		ui_fail "$name" "the map did not come back at 80x24"
	fi
fi
ui_quit

# --- a small dungeon, two kobolds hunting: overlays, step mode -------------
cat >"$t_tmp/room.dun" <<'EOF'
name: The Test Room
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: k monster kobold

map
##############
#@...........#
#............#
#.......k....#
#..........k.#
##############
end
EOF
ui_start t3 --seed 3 --dungeon "$t_tmp/room.dun"
name="Tab shows 'overlay: paths' and the kobolds' path dots"
if ! ui_wait '^astray: The Test Room'; then
	ui_fail "$name" "the test room did not start"
else
	ui_keys .
	ui_wait 'Turn 1 '
	if grep -q '·' "$t_tmp/screen"; then
		ui_fail "$name" "path dots before the overlay is on"
	else
		ui_press Tab
		if ! ui_wait 'overlay: paths  ? help$'; then
			ui_fail "$name" "no 'overlay: paths' in the title"
		elif [ -z "$ui_locale" ]; then
			t_ok "$name (no UTF-8 locale: the dots not checked)"
		elif ui_wait_rows 5 23 '·'; then
			t_ok "$name"
		else
			ui_fail "$name" "no path dots on the map"
		fi
	fi
fi
name="a replanned path shows as x marks, not the cave-in's stars"
ui_keys j
if ! ui_wait 'Turn 2 '; then
	ui_fail "$name" "no turn 2 after j"
elif ui_wait_rows 5 23 'x'; then
	if sed -n 5,23p "$t_tmp/screen" | grep -q '\*'; then
		ui_fail "$name" "a star on the map of a room with no cave-in"
	else
		t_ok "$name"
	fi
else
	ui_fail "$name" "no x marks on the map after the player moved"
fi
name="Tab cycles search, heat, then off; a turn of each marks its cells (+, digits), not only colours"
ok=yes
for want in 'overlay: search' 'overlay: heat'; do
	ui_press Tab
	ui_wait "$want  ? help\$" || { ok="no '$want'"; break; }
	turn=$(ui_turn)
	ui_keys .
	ui_wait "Turn $((turn + 1)) " || { ok="no turn after . with $want"; break; }
	case $want in
	*search) mark='+' ;;
	*heat) mark='[1-9]' ;;
	esac
	ui_wait_rows 5 23 "$mark" || { ok="no '$mark' on the map with $want"; break; }
done
if [ "$ok" = yes ]; then
	ui_press Tab
	ui_wait_gone 'overlay: ' || ok="an overlay still named after 4 Tabs"
fi
if [ "$ok" = yes ] && ui_wait '^astray: The Test Room.*? help$'; then
	t_ok "$name"
else
	ui_fail "$name" "$ok"
fi

name="Z step mode: Space moves one monster, Enter finishes the turn"
turn=$(ui_turn)
ui_keys Z
if ! ui_wait '  \[STEP\]$'; then
	ui_fail "$name" "no [STEP] on the status line after Z"
else
	ui_keys .
	if ! ui_wait "Turn $((turn + 1)) .*\[STEP\] monsters acting\$"; then
		ui_fail "$name" "no 'monsters acting' after ."
	else
		ui_press Space
		if ! ui_wait '^Step: the kobold (astar, [a-z]*) acted'; then
			ui_fail "$name" "no 'Step: the kobold ... acted' after Space"
		else
			ui_press Enter
			if ui_wait_gone 'monsters acting' &&
			    ui_wait '  \[STEP\]$'; then
				t_ok "$name"
			else
				ui_fail "$name" "the turn did not end on Enter"
			fi
		fi
	fi
fi
ui_quit

# --- look names what it describes: "A kobold (6/6 hp), wandering: ..." ------
# The kobold is the nearest monster in view, the giant bat the next (the
# other bat is out of sight), the dagger the one item in view (a dagger,
# not a potion: an unknown potion is told by the look this game gave it).
cat >"$t_tmp/bats.dun" <<'EOF'
name: The Bat Room
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: b monster giant-bat
legend: k monster kobold
legend: p item dagger

map
##############
#@...........#
#..p.........#
#...k...b....#
#..........b.#
##############
end
EOF
# What a kind of monster's "describe" line says in DATA's monsters.txt.
ui_describe_of() {
	awk -v m="$1" '$1 == "monster" { on = $2 == m; next }
	    on && $1 == "describe" { sub(/^[ \t]*describe /, ""); print; exit }' \
	    "$DATA/monsters.txt"
}
ui_start t3b --seed 3 --dungeon "$t_tmp/bats.dun"
name="x starts on the nearest monster in view: its name with an article, hp and state"
kobold_says=$(ui_describe_of kobold)
if ! ui_wait '^astray: The Bat Room' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the bat room did not start"
elif [ -z "$kobold_says" ]; then
	t_fail "$name" "no describe line for the kobold in $DATA/monsters.txt"
else
	ui_keys x
	if ui_wait '^A kobold ([0-9]*/[0-9]* hp), [a-z ]*: '; then
		t_ok "$name"
	else
		ui_fail "$name" "no 'A kobold (N/N hp), state: ...' at once after x"
	fi
	name="the look description wraps at word boundaries at 80x24, nothing cut"
	if ui_poll ui_has_text 2 9 "$kobold_says" &&
	    ui_has_text 2 9 'Plans with astar once it notices you.  Enter watches it.'; then
		t_ok "$name"
	else
		ui_fail "$name" "'$kobold_says' and its plan not whole on the message rows"
	fi
	name="Tab, + and - cycle the look cursor through the monsters, then the items, in view"
	ok=yes
	for step in 'Tab:^A giant bat (' 'Tab:^A dagger (1): ' \
	    'Tab:^A kobold (' '-:^A dagger (1): ' '+:^A kobold (' \
	    '=:^A giant bat ('; do
		key=${step%%:*}
		case $key in
		Tab) ui_press Tab ;;
		*) ui_keys "$key" ;;
		esac
		ui_wait "${step#*:}" || { ok="no '${step#*:}' after $key"; break; }
	done
	if [ "$ok" = yes ]; then
		t_ok "$name"
	else
		ui_fail "$name" "$ok"
	fi
	ui_press Escape
fi
ui_quit

# --- --More-- when a turn's messages do not fit the three message lines -----
cat >"$t_tmp/rats.dun" <<'EOF'
name: The Rat Hole
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: r monster rat

map
###########
#.........#
#...r.r...#
#..r.@.r..#
#...r.r...#
#.........#
#........>#
###########
end
EOF
ui_start m1 --seed 1 --dungeon "$t_tmp/rats.dun"
name="--More-- shows a turn's messages in screenfuls; its keys do not play"
if ! ui_wait '^astray: The Rat Hole' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the rat hole did not start"
else
	ui_keys .
	if ! ui_wait_all '^The rat notices you!$' ' --More--$' 'Turn 1 '; then
		ui_fail "$name" "no --More-- after the first turn"
	else
		ui_keys .
		k=0
		while [ "$k" -lt 10 ] && grep -q -e '--More--' "$t_tmp/screen"; do
			cp "$t_tmp/screen" "$t_tmp/before"
			ui_press Space
			k=$((k + 1))
			ui_wait_frames $(($(ui_frames) + 3))
			# What was drawn may reach tmux later still: the
			# next screenful differs from this one.
			ui_poll ui_changed_from "$t_tmp/before"
		done
		if grep -q -e '--More--' "$t_tmp/screen"; then
			ui_fail "$name" "--More-- stays after $k keys"
		elif [ "$(ui_turn)" != 1 ]; then
			ui_fail "$name" "the keys at --More-- played: turn $(ui_turn)"
		else
			ui_keys .
			if ! ui_wait_all ' --More--$' 'Turn 2 '; then
				ui_fail "$name" "no --More-- on turn 2"
			else
				ui_press Escape
				if ui_wait_gone '--More--' && [ "$(ui_turn)" = 2 ]; then
					t_ok "$name"
				else
					ui_fail "$name" "Escape did not skip to the newest"
				fi
			fi
		fi
	fi
fi
ui_quit

# --- long messages wrap at word boundaries, on the map and in M -------------
sed -e 's/^name: .*/name: The Long and Winding Hall of the Forgotten Kings and Old Queens/' \
    -e 's/^corners: no-corner-cut$/corners: no-corner-cut\
intro: Dust lies thick on every stone of this hall.\
intro: Far off, something drips.\
intro: The stairs are somewhere east./' \
    -e '/^legend/d' -e '/^#/s/k/./g' "$t_tmp/room.dun" >"$t_tmp/long.dun"
welcome=$("$ASTRAY" --headless --data "$DATA" --dungeon "$t_tmp/long.dun" \
    --seed 1 --keys '' --messages 2>/dev/null |
    sed -n 's/^message [0-9]* \(You enter .*\)/\1/p')
name="a message longer than the screen is wide wraps whole, before --More--"
ui_start lm1 --seed 1 --dungeon "$t_tmp/long.dun"
if [ "${#welcome}" -le 80 ]; then
	t_fail "$name" "the welcome '$welcome' is not longer than 80 columns"
elif ! ui_wait_all '^astray: The Long and Winding' ' --More--$'; then
	ui_fail "$name" "no --More-- at the start"
elif ! ui_poll ui_has_text 2 4 "$welcome"; then
	ui_fail "$name" "'$welcome' not whole on the message rows"
else
	t_ok "$name"
fi
name="M: the history wraps a long message whole beside its turn"
k=0
while [ "$k" -lt 5 ] && grep -q -e '--More--' "$t_tmp/screen"; do
	cp "$t_tmp/screen" "$t_tmp/before"
	ui_press Space
	k=$((k + 1))
	ui_poll ui_changed_from "$t_tmp/before"
done
ui_keys M
# The history's rows are drawn after its title (slowly under valgrind,
# where one read found them blank): the text is waited for too.
if ! ui_wait '^Messages ('; then
	ui_fail "$name" "no history after M"
elif ui_poll ui_has_text 2 23 "0 $welcome"; then
	t_ok "$name"
else
	ui_fail "$name" "'$welcome' not whole in the history"
fi
ui_keys M
ui_quit

# --- the welcome: what wins, a dungeon's intro (with --More--) ---------------
name="a game of one level: the welcome tells of the amulet, not stairs"
ui_start w1 --seed 8 --depths 1
if ! ui_wait_all '^Welcome to astray\.  ? lists the keys\.$' \
    '^You enter the dungeon\.  Find the amulet\.$' 'Depth 1/1 '; then
	ui_fail "$name" "no welcome line and amulet message"
elif sed -n 2,4p "$t_tmp/screen" | grep -q -i stairs; then
	ui_fail "$name" "the message lines speak of stairs"
else
	t_ok "$name"
fi
ui_quit

sed -e 's/^name: .*/name: The Haunted Hall/' -e '/^legend/d' -e 's/k/./g' \
    -e 's/^corners: no-corner-cut$/corners: no-corner-cut\
intro: Cold air moves in this hall.\
intro: Something scratches behind the walls.\
intro: The stairs are somewhere east./' \
    -e 's/#\.\.\.\.\.\.\.\.\.\.\.\.#$/#...........>#/' "$t_tmp/room.dun" \
    >"$t_tmp/intro.dun"
name="a dungeon's intro follows its welcome, through --More--"
ui_start w2 --seed 1 --dungeon "$t_tmp/intro.dun"
if ! ui_wait_all '^You enter The Haunted Hall\.  Find the stairs out\.$' \
    '^Cold air moves in this hall\.$' \
    '^Something scratches behind the walls\. --More--$'; then
	ui_fail "$name" "no welcome, intro and --More-- at the start"
else
	ui_press Space
	if ui_wait_all '^The stairs are somewhere east\.$' 'Turn 0 ' &&
	    ui_wait_gone 'More--'; then
		t_ok "$name"
	else
		ui_fail "$name" "the intro's last line did not follow"
	fi
fi
ui_quit

# --- the AI panel: "no path", and the heat overlay's legend -----------------
cat >"$t_tmp/sealed.dun" <<'EOF'
name: The Sealed Room
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: k monster kobold

map
############
#.........>#
#@.........#
##+#########
#..k.......#
############
end
EOF
ui_start p1 --seed 1 --dungeon "$t_tmp/sealed.dun" --reveal
name="a kobold behind a shut door: the AI panel says 'no path'"
if ! ui_wait '^astray: The Sealed Room' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the sealed room did not start"
else
	# Open the door south-east and shut it: the kobold hears it.
	ui_keys o n
	ui_wait 'Turn 1 '
	ui_keys c n
	ui_wait 'Turn 2 '
	ui_keys . .
	ui_wait 'Turn 4 '
	# x starts on the nearest monster shown: the kobold.
	ui_keys x
	ui_wait '^A kobold ('
	ui_press Enter
	ui_keys a
	if ui_wait_all 'AI this turn' 'k kobold$' \
	    'no path: it cannot get there'; then
		t_ok "$name"
	else
		ui_fail "$name" "no 'no path' for the watched kobold"
	fi
fi
name="the heat overlay's legend in the AI panel"
ui_press Tab
ui_press Tab
ui_press Tab
if ui_wait_all 'overlay: heat' 'heat: expansions this turn$' \
    'few 1 3 6 9  most ([0-9]*)'; then
	t_ok "$name"
else
	ui_fail "$name" "no legend with the heat overlay"
fi
ui_quit

# --- save with S, restore, give up --------------------------------------------
# Whether the screen read says how to play on ($again): with the program
# as run, or under valgrind (whose wrapper runs the real binary) with any
# path to astray.
ui_says_again() {
	ui_says "$again" || { [ -n "${ASTRAY_UNDER_VALGRIND:-}" ] &&
	    ui_says "/astray --data $DATA again to play on."; }
}

ui_start t4 --seed 99
save=$t_tmp/t4/data/astray/astray.save
name="S saves and quits: 'Saved in', how to play on with the program run, the save exists"
if ui_wait 'Seed 99$'; then
	for k in 1 2 3; do
		ui_keys .
		ui_wait "Turn $k " || break
	done
	ui_keys S
	if ! ui_wait_exit; then
		ui_fail "$name" "astray did not end after S"
	else
		# astray as it was run, with its --data: a source build's
		# astray is on no PATH.
		# Read as words: a long path (valgrind's wrapper) wraps it.
		again="Saved in $save. Run $ASTRAY --data $DATA again to play on."
		# The poll waits for what the check below accepts, the real
		# program's path under valgrind too: waiting for $ASTRAY
		# alone there would sit out the whole ASTRAY_UI_WAIT.
		ui_poll_with ui_screen_all ui_says_again
		if [ "$(cat "$run.rc")" != 0 ]; then
			ui_fail "$name" "exit status $(cat "$run.rc")"
		elif [ ! -f "$save" ]; then
			ui_fail "$name" "no save file $save"
		elif ! ui_says_again; then
			ui_fail "$name" "no '$again'"
		else
			t_ok "$name"
		fi
	fi
else
	ui_fail "$name" "the game of seed 99 did not start"
fi

name="astray again restores it: 'Welcome back', turn 3, seed 99"
ui_start t4
if ui_wait '^Welcome back' && ui_wait 'Turn 3 .*Seed 99$'; then
	t_ok "$name"
else
	ui_fail "$name" "no 'Welcome back' at turn 3 of seed 99"
fi

name="Q then n plays on"
ui_keys Q
if ! ui_wait 'Give up this game?'; then
	ui_fail "$name" "no question after Q"
else
	ui_keys n
	if ui_wait_gone 'Give up this game?' && ui_wait 'Turn 3 ' &&
	    ! grep -q 'You gave up' "$t_tmp/screen"; then
		ui_keys .
		if ui_wait 'Turn 4 '; then
			t_ok "$name"
		else
			ui_fail "$name" "no turn 4 after n and ."
		fi
	else
		ui_fail "$name" "not back in the game after n"
	fi
fi

name="Q then y gives up: the end screen, q leaves with status 0"
ui_keys Q
ui_wait 'Give up this game?'
ui_keys y
if ! ui_wait '^  You gave up\.'; then
	ui_fail "$name" "no 'You gave up.' after Q y"
elif ! ui_wait 'Press q to leave'; then
	ui_fail "$name" "no 'Press q to leave'"
else
	ui_keys q
	if ui_wait_exit && [ "$(cat "$run.rc")" = 0 ]; then
		t_ok "$name"
	else
		ui_fail "$name" "exit status '$(cat "$run.rc" 2>/dev/null)'"
	fi
fi
if [ -f "$save" ]; then
	t_fail "a restored game given up" "its save is still there"
else
	t_ok "a restored game given up removes its save"
fi

# --- signals: the game saved, the terminal given back -----------------------
for sig in TERM:143 HUP:129 INT:130 QUIT:131; do
	num=${sig#*:}
	sig=${sig%:*}
	home=sig$sig
	ui_start "$home" --seed 5
	save=$t_tmp/$home/data/astray/astray.save
	name="SIG$sig saves a game that loads, exits $num, leaves the terminal sane"
	if ! ui_wait 'Seed 5$'; then
		ui_fail "$name" "the game did not start"
		continue
	fi
	ui_keys .
	ui_wait 'Turn 1 '
	kill -"$sig" "$(cat "$run.pid")"
	if ! ui_wait_exit; then
		ui_fail "$name" "astray did not end"
	elif [ "$(cat "$run.rc")" != "$num" ]; then
		t_fail "$name" "exit status $(cat "$run.rc"): $(cat "$run.err")"
	elif [ ! -f "$save" ]; then
		t_fail "$name" "no save: $(cat "$run.err")"
	elif ! grep -q "saved the game in $save\$" "$run.err"; then
		t_fail "$name" "stderr: $(cat "$run.err")"
	elif ! XDG_DATA_HOME="$t_tmp/$home/data" "$ASTRAY" --headless \
	    --data "$DATA" --keys '' 2>"$run.load" | grep -q '^end turn 1 '
	then
		t_fail "$name" "the save does not load: $(cat "$run.load")"
	elif grep -q -e '-icanon' -e '-echo ' "$run.stty" ||
	    ! grep -q ' icanon' "$run.stty" || ! grep -q ' echo ' "$run.stty"
	then
		t_fail "$name" "stty -a after it: $(grep -o -e '-*icanon' \
		    -e ' -*echo ' "$run.stty" | tr '\n' ' ')"
	else
		t_ok "$name"
	fi
done

# --- a save is never lost (issue 12) ----------------------------------------
# A headless game A saved in HOME's data folder, for the cases below.
save_a() {
	XDG_DATA_HOME="$t_tmp/$1/data" "$ASTRAY" --headless --data "$DATA" \
	    --seed 1 --keys lllS >/dev/null 2>&1
	cp "$t_tmp/$1/data/astray/astray.save" "$t_tmp/$1.a"
}

# Starting a new game over a save asks first; n keeps the save.
mkdir -p "$t_tmp/n1/data"
save_a n1
save=$t_tmp/n1/data/astray/astray.save
name="a new game over a save asks; n leaves, exit 1 (saying how to play it on), the save byte for byte"
ui_start n1 --seed 50
if ! ui_wait 'Start a new game and lose that one?'; then
	ui_fail "$name" "no question before the new game"
else
	ui_keys n
	ui_press Enter
	if ! ui_wait_exit; then
		ui_fail "$name" "astray did not end after n"
	elif [ "$(cat "$run.rc")" != 1 ] ||
	    ! grep -q "the saved game in $save was kept" "$run.err" ||
	    ! { grep -q -F "play it with $ASTRAY --data $DATA (no --seed" \
	    "$run.err" || { [ -n "${ASTRAY_UNDER_VALGRIND:-}" ] &&
	    grep -q -F "/astray --data $DATA (no --seed" "$run.err"; }; }; then
		t_fail "$name" "exit $(cat "$run.rc"): $(cat "$run.err")"
	elif ! cmp -s "$save" "$t_tmp/n1.a"; then
		t_fail "$name" "the save changed"
	else
		t_ok "$name"
	fi
fi

# The issue's case: a new game in a terminal, then a signal, must not
# have put the new game in place of game A without the player's word.
for sig in INT HUP; do
	name="SIG$sig in a new game started over a save: game A is still there"
	home=n$sig
	mkdir -p "$t_tmp/$home/data"
	save_a "$home"
	save=$t_tmp/$home/data/astray/astray.save
	ui_start "$home" --seed 50
	if ui_wait 'Start a new game and lose that one?'; then
		kill -"$sig" "$(cat "$run.pid")"
	fi
	if ! ui_wait_exit; then
		ui_fail "$name" "astray did not end"
	elif ! cmp -s "$save" "$t_tmp/$home.a"; then
		t_fail "$name" "game A's save was replaced: $(cat "$run.err")"
	else
		t_ok "$name"
	fi
done

name="y replaces it: the new game holds the save from turn 0"
save=$t_tmp/n1/data/astray/astray.save
ui_start n1 --seed 50
if ui_wait 'Start a new game and lose that one?'; then
	ui_keys y
	ui_press Enter
fi
ui_wait 'Seed 50$'
cp "$save" "$t_tmp/n1.copy" 2>/dev/null
XDG_DATA_HOME="$t_tmp/n1/x" "$ASTRAY" --headless --data "$DATA" --seed 50 \
    --keys '' 2>/dev/null | sed -n 's/^end //p' >"$t_tmp/want42"
XDG_DATA_HOME="$t_tmp/n1/x" "$ASTRAY" --headless --data "$DATA" \
    --save "$t_tmp/n1.copy" --keys '' 2>&1 | sed -n 's/^end //p' >"$t_tmp/got42"
if ! grep -q 'Seed 50$' "$t_tmp/screen"; then
	ui_fail "$name" "the new game did not start after y"
elif ! [ -s "$t_tmp/want42" ] || ! cmp -s "$t_tmp/want42" "$t_tmp/got42"
then
	t_fail "$name" "the save holds '$(cat "$t_tmp/got42")', not the new" \
	    "game's '$(cat "$t_tmp/want42")'"
else
	t_ok "$name"
fi

# Two processes on one save: the second is refused and changes nothing.
name="a save in use: a second astray (Q y) is refused, the save unchanged"
cp "$save" "$t_tmp/n1.held"
XDG_DATA_HOME="$t_tmp/n1/data" "$ASTRAY" --headless --data "$DATA" \
    --keys Qy >"$t_tmp/out2" 2>"$t_tmp/err2"
st2=$?
if [ "$st2" -ne 1 ] || ! grep -q \
    "^astray: $save is in use by another astray (process $(cat "$run.pid"))" \
    "$t_tmp/err2"; then
	t_fail "$name" "exit $st2: $(cat "$t_tmp/err2")"
elif [ ! -f "$save" ] || ! cmp -s "$save" "$t_tmp/n1.held"; then
	t_fail "$name" "the save was changed or removed"
else
	t_ok "$name"
fi

# Checkpoints: every 100 turns, so kill -9 at turn 115 comes back at 100.
# Seed 50's player, waiting where it starts, meets no monster for 250
# turns (checked headless, on this data and on data whose vaults drew
# lists; seed 48's met a kobold on the latter: a level's monsters move
# with any change to what the generator draws).
name="checkpoint every 100 turns: kill -9 at turn 115 restores turn 100"
for k in 1 2 3 4 5 6 7 8 9 10 11; do
	ui_keys ..........
	ui_wait "Turn $((k * 10)) " || break
done
ui_keys .....
if ! ui_wait 'Turn 115 '; then
	ui_fail "$name" "no turn 115"
else
	kill -9 "$(cat "$run.pid")"
	ui_wait_exit
	XDG_DATA_HOME="$t_tmp/n1/data" "$ASTRAY" --headless --data "$DATA" \
	    --keys '' >"$t_tmp/out3" 2>"$t_tmp/err3"
	if grep -q '^end turn 100 ' "$t_tmp/out3"; then
		t_ok "$name (a killed game leaves no stale lock)"
	else
		t_fail "$name" "$(cat "$t_tmp/out3" "$t_tmp/err3")"
	fi
fi

# --- key maps ---------------------------------------------------------------
printf '# a typo\nbind w nort\n' >"$t_tmp/bad.keys"
name="a bad --keymap: file:line:column, exit 1, the terminal untouched"
ui_gate=yes
ui_start k1 --seed 5 --keymap "$t_tmp/bad.keys"
ui_gate=''
tm pipe-pane -t astray -o "cat >$(ui_quote "$run.out")"
: >"$run.go"
if ! ui_wait_exit; then
	ui_fail "$name" "astray did not end"
elif [ "$(cat "$run.rc")" != 1 ] || ! grep -q \
    "^astray: $t_tmp/bad.keys:2:8: \"nort\" is not a command" "$run.err"
then
	t_fail "$name" "exit status $(cat "$run.rc"): $(cat "$run.err")"
elif [ -s "$run.out" ]; then
	t_fail "$name" "it wrote $(wc -c <"$run.out") bytes to the terminal"
else
	t_ok "$name"
fi

printf 'bind w north\n' >"$t_tmp/w.keys"
name="a --keymap binding w to north: w moves the player north"
ui_start k2 --seed 7 --dungeon "$maze" --keymap "$t_tmp/w.keys"
if ui_wait '^astray: The Door Maze' && ui_poll ui_has_turn_drawn 0; then
	at0=$(ui_player)
	ui_keys w
	if ! ui_wait 'Turn 1 '; then
		ui_fail "$name" "no 'Turn 1' after w"
	elif [ -n "$at0" ] &&
	    ui_poll ui_has_turn_at 1 "$((${at0% *} - 1)) ${at0#* }"; then
		t_ok "$name"
	else
		ui_fail "$name" "'@' at '$at0', then at '$(ui_player)'"
	fi
else
	ui_fail "$name" "the Door Maze did not start"
fi
ui_quit

# --- TERM unset or unknown: astray's own message, nothing on the terminal ----
for term in unset nonesuch; do
	name="TERM $term: astray says so, exit 1, nothing written to the terminal"
	{
		echo '#!/bin/sh'
		if [ "$term" = unset ]; then
			echo 'unset TERM'
		else
			echo "TERM=$term; export TERM"
		fi
		echo "exec $(ui_quote "$ASTRAY") \"\$@\""
	} >"$t_tmp/term.sh"
	chmod +x "$t_tmp/term.sh"
	real_astray=$ASTRAY
	ASTRAY=$t_tmp/term.sh
	ui_gate=yes
	ui_start "term-$term" --seed 5
	ui_gate=''
	ASTRAY=$real_astray
	tm pipe-pane -t astray -o "cat >$(ui_quote "$run.out")"
	: >"$run.go"
	if ! ui_wait_exit; then
		ui_fail "$name" "astray did not end"
	elif [ "$(cat "$run.rc")" != 1 ] || ! grep -q "^astray: .*TERM" \
	    "$run.err"; then
		t_fail "$name" "exit status $(cat "$run.rc"): $(cat "$run.err")"
	elif [ -s "$run.out" ]; then
		t_fail "$name" "it wrote $(wc -c <"$run.out") bytes to the terminal"
	elif [ "$term" = unset ] && ! grep -q "TERM is not set" "$run.err"; then
		t_fail "$name" "$(cat "$run.err")"
	elif [ "$term" = nonesuch ] && ! grep -q "TERM=nonesuch is not known" \
	    "$run.err"; then
		t_fail "$name" "$(cat "$run.err")"
	else
		t_ok "$name"
	fi
done

# --- too small at the start -------------------------------------------------
name="too small at 70x20: the message, keys ignored; at 80x24 it plays"
ui_size_x=70 ui_size_y=20
ui_start s1 --seed 5
ui_size_x='' ui_size_y=''
if ! ui_wait_all 'astray needs a terminal of at least 80x24' \
    'this one is 70x20'; then
	ui_fail "$name" "no size message at 70x20"
else
	ui_keys .
	ui_wait_frames $(($(ui_frames) + 3))
	tm resize-window -t astray -x 80 -y 24
	if ! ui_wait 'Seed 5$' || [ "$(ui_turn)" != 0 ]; then
		ui_fail "$name" "not at turn 0 at 80x24"
	else
		ui_keys .
		if ui_wait 'Turn 1 '; then
			t_ok "$name"
		else
			ui_fail "$name" "no turn 1 after ."
		fi
	fi
fi
ui_quit

# --- items: pick up, the inventory screen, choosing an item, using it -------
# A seed whose player starts beside an item (orthogonally) that lies
# alone, is always known (it has no look) and is used with a pack letter,
# found from the headless level text, so the case follows level
# generation.  The search tries the seed it found when this was written
# (113) first, then 1 to 300: each try is a run of astray (a second under
# valgrind, where a hundred runs before it would take minutes of
# --show-level, a path game-cli.sh runs).
item_seed='' item_dir='' item_name=''
for s in 113 $(seq 1 300); do
	found=$("$ASTRAY" --headless --data "$DATA" --seed "$s" --show-level |
	    LC_ALL=C awk -v seed="$s" '
	NR == 1 { next }
	/^item / { split($4, p, ","); at[p[1] "," p[2]] = $2; next }
	/^(monster|end|pack) / { next }
	{ if ((i = index($0, "@")) > 0) { px = i - 1; py = NR - 2 } }
	END {
		if (at[(px + 1) "," py] != "") print "l", at[(px + 1) "," py]
		else if (at[(px - 1) "," py] != "") print "h", at[(px - 1) "," py]
		else if (at[px "," (py + 1)] != "") print "j", at[px "," (py + 1)]
		else if (at[px "," (py - 1)] != "") print "k", at[px "," (py - 1)]
	}')
	# One item, always known and used by a pack letter: not a stack,
	# not one with a look (shown by it until known), not a pick (D).
	if [ -n "$found" ] && ! awk -v i="${found#* }" '
	    $1 == "item" { on = $2 == i; next }
	    on && ($1 == "look" || ($1 == "count" && $2 > 1) ||
	    ($1 == "effect" && $2 == "pick")) { f = 1 }
	    END { exit !f }' "$DATA/items.txt"; then
		item_seed=$s item_dir=${found% *} item_name=${found#* }
		break
	fi
done
name="items: g picks up, i lists the pack, the use key and a letter use it"
# The screen names an item as a player reads it: "scroll of stealth".
item_shown=$(echo "$item_name" | tr -- '-_' '  ')
if [ -z "$item_seed" ]; then
	t_fail "$name" "no seed from 1 to 300 starts beside an item"
else
	ui_start it1 --seed "$item_seed"
	ui_keys i
	if ! ui_wait_all '^Your pack' 'Nothing: pick things up with g'; then
		ui_fail "$name" "i: no empty pack screen"
	else
		ui_keys i
		ui_wait 'Turn 0 '
		ui_keys "$item_dir"
		ui_wait 'Turn 1 '
		ui_keys g
		if ! ui_wait "a - $item_shown" || ! ui_wait 'Turn 2 '; then
			ui_fail "$name" "g did not pick up the $item_shown"
		else
			ui_keys i
			# A weapon's or armour's enchantment comes first: "+0".
			item_re="\(+[0-9]* \)\{0,1\}$item_shown"
			if ! ui_wait "^  a) . $item_re *x1 .*: "; then
				ui_fail "$name" "the pack does not list a) $item_shown"
			else
				use=$(sed -n "s/^  a) . $item_re *x1 *\(.\): .*/\2/p" \
				    "$t_tmp/screen")
				ui_press Escape
				ui_wait_gone '^Your pack'
				ui_keys "$use"
				if ! ui_wait_all ' which item? (a-z; Escape cancels)' \
				    "a) . $item_re"; then
					ui_fail "$name" "$use: no question over the pack"
				else
					ui_keys a
					case $use in
					t|A) ui_wait 'which way?' && ui_keys h ;;
					esac
					if ui_wait 'Turn 3 ' && ! ui_wait_gone "x1 "; then
						ui_fail "$name" "the pack screen stayed"
					else
						ui_keys i
						left='Nothing: pick things up'
						[ "$use" = w ] && left='^Your pack'
						if ui_wait_all '^Your pack' "$left"; then
							t_ok "$name ($item_shown, seed $item_seed, $use)"
						else
							ui_fail "$name" "$use a: the $item_shown is still there"
						fi
						ui_keys i
					fi
				fi
			fi
		fi
	fi
	ui_quit
fi

# --- what is identified: an unknown potion by its look, then by its name ----
# Two potions of healing east of the player: picked up, the pack and the
# items known (\) show them by the look this game dealt them; one drunk,
# both show the other by its name.
cat >"$t_tmp/shelf.dun" <<'EOF'
name: The Potion Shelf
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: ! item potion-of-healing

map
######
#@!!.#
######
end
EOF
name="\\ and i: an unknown potion shown by its look, known by name once drunk"
ui_start id1 --seed 4 --dungeon "$t_tmp/shelf.dun"
if ! ui_wait '^astray: The Potion Shelf' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the shelf did not start"
else
	ui_keys l
	ui_wait 'Turn 1 '
	ui_keys g
	ui_wait 'Turn 2 '
	ui_keys l
	ui_wait 'Turn 3 '
	ui_keys g
	ui_wait 'Turn 4 '
	ui_keys i
	ui_wait '^  a) ! .* x2 *q: drink$'
	look=$(sed -n 's/^  a) ! \(.*[^ ]\)  *x2 *q: drink$/\1/p' \
	    "$t_tmp/screen")
	ui_keys i
	ui_wait_gone '^Your pack'
	ui_keys '\'
	if [ -z "$look" ] || [ "$look" = "potion of healing" ]; then
		ui_fail "$name" "the pack shows the potions as '$look', not a look"
	elif ! ui_wait_all '^Items known' '^Potions: 0 of [0-9]* known' \
	    "$look: not yet known"; then
		ui_fail "$name" "\\: no '$look: not yet known' among 0 potions known"
	else
		ui_keys '\'
		ui_wait_gone '^Items known'
		ui_keys q a
		ui_wait 'Turn 5 '
		ui_keys i
		if ! ui_wait '^  a) ! potion of healing  *x1 *q: drink$'; then
			ui_fail "$name" "drunk: the pack does not name the potion left"
		else
			ui_keys i
			ui_wait_gone '^Your pack'
			ui_keys '\'
			if ! ui_wait_all '^Potions: 1 of [0-9]* known' \
			    '^potion of healing  '; then
				ui_fail "$name" "drunk: \\ does not name the potion of healing"
			elif ui_has_all "$look: not yet known"; then
				ui_fail "$name" "drunk: \\ still shows '$look' unknown"
			else
				t_ok "$name ($look)"
			fi
			ui_keys '\'
		fi
	fi
fi
ui_quit

# --- aiming and enchanting: the verb again or . is the nearest monster -------
cat >"$t_tmp/wand.dun" <<'EOF'
name: The Wand Hall
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: / item wand-of-striking
legend: k monster kobold

map
############
#@/......k.#
############
end
EOF
name="z + letter asks which way, and . zaps at the nearest monster in view"
ui_start zp1 --seed 2 --dungeon "$t_tmp/wand.dun"
if ! ui_wait '^astray: The Wand Hall' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the wand hall did not start"
else
	ui_keys l
	ui_wait 'Turn 1 '
	ui_keys g
	ui_wait 'Turn 2 '
	ui_keys z
	if ! ui_wait_all '^Zap which item? (a-z; Escape cancels)' '^  a) - '; then
		ui_fail "$name" "z: no 'Zap which item?' over the wand"
	else
		ui_keys a
		if ! ui_wait '^Zap it which way? (z or \.: the nearest monster)'; then
			ui_fail "$name" "z a: no 'Zap it which way?'"
		else
			ui_keys .
			if ui_wait 'Turn 3 ' &&
			    ui_wait_gone '^Zap it which way?'; then
				t_ok "$name"
			else
				ui_fail "$name" "z a .: no zap at the kobold (turn $(ui_turn))"
			fi
		fi
	fi
fi
ui_quit

cat >"$t_tmp/forge.dun" <<'EOF'
name: The Forge
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: s item short-sword
legend: / item wand-of-slowing
legend: ? item scroll-of-enchanting

map
#########
#@s/??..#
#########
end
EOF
name="a known scroll of enchanting asks which item, offering weapons, armour and wands"
ui_start en1 --seed 2 --dungeon "$t_tmp/forge.dun"
if ! ui_wait '^astray: The Forge' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the forge did not start"
else
	# The sword is a, the wand b, the scrolls c; w a wields the sword,
	# and the first scroll, unknown, enchants it and is known.
	for k in 1 2 3 4; do
		ui_keys l
		ui_wait "Turn $((2 * k - 1)) "
		ui_keys g
		ui_wait "Turn $((2 * k)) "
	done
	ui_keys w a
	ui_wait 'Turn 9 '
	ui_keys r c
	ui_wait 'Turn 10 '
	ui_keys r c
	if ! ui_wait_all '^Enchant which item? (a-z, ) what you wield, \[ what you wear; Escape cancels)' \
	    '^  b) - ' '^  Wielding +1 short sword'; then
		ui_fail "$name" "r c: no 'Enchant which item?' with the wand and the +1 sword"
	elif ui_has_all '^  c) '; then
		ui_fail "$name" "r c: the scroll is offered to enchant"
	else
		ui_keys b
		ui_wait 'Turn 11 '
		ui_keys C
		if ui_wait_all '^  Blows  .*with your +1 short sword$' \
		    '^  To hit       [0-9]*% of your blows land$'; then
			t_ok "$name"
		else
			ui_fail "$name" "C: no +1 short sword and to-hit"
		fi
		ui_keys C
	fi
fi
ui_quit

# --- travel and explore: a cursor picks the cell, X walks the rest ---------
cat >"$t_tmp/halls.dun" <<'EOF'
name: The Empty Halls
depth: 1
movement: 8-octile
corners: no-corner-cut

map
####################
#@.......#.........#
#........#.........#
#........+.........#
####################
end
EOF
name="_ moves a cursor along a marked route, Enter travels there; X explores until nothing is left"
ui_start tr1 --seed 1 --dungeon "$t_tmp/halls.dun"
if ! ui_wait '^astray: The Empty Halls' || ! ui_poll ui_has_turn_drawn 0; then
	ui_fail "$name" "the halls did not start"
else
	at0=$(ui_player)
	ui_keys _
	if ! ui_wait '^Travel where?'; then
		ui_fail "$name" "_: no 'Travel where?'"
	else
		ui_keys l l l l j
		# The route to the cursor is marked: four steps, the player's
		# own symbol (a white bullet, or a backquote without UTF-8).
		mark='`'
		[ -n "$ui_locale" ] && mark='◦'
		# The cursor moves one key at a time, so wait for the
		# route to the last of them (the keys are read in turn).
		ui_poll ui_has_count 5 23 "$mark" 4
		marks=$(ui_count_rows 5 23 "$mark")
		ui_press Enter
		if [ "$marks" -ne 4 ]; then
			ui_fail "$name" "$marks route marks to the cursor, not 4"
		elif ! ui_wait 'Turn 4 ' || ! ui_wait 'You are there'; then
			ui_fail "$name" "Enter: no arrival on turn 4"
		elif ! ui_poll ui_has_turn_at 4 \
		    "$((${at0% *} + 1)) $((${at0#* } + 4))"; then
			ui_fail "$name" "the player is at $(ui_player), not 4 east 1 south of $at0"
		else
			ui_keys X
			# The message line is drawn before the status line
			# (slowly under valgrind): wait for both together.
			if ui_poll ui_has_explored_after 5; then
				t_ok "$name (explored by turn $(ui_turn))"
			else
				ui_fail "$name" "X did not explore the halls (turn $(ui_turn))"
			fi
		fi
	fi
fi
ui_quit

name="Shift+l runs east along the hall to its wall, G then j runs south"
ui_start tr2 --seed 1 --dungeon "$t_tmp/halls.dun"
if ! ui_wait '^astray: The Empty Halls' || ! ui_poll ui_has_turn_drawn 0; then
	ui_fail "$name" "the halls did not start"
else
	at0=$(ui_player)
	ui_keys L
	if ! ui_wait 'Turn 7 '; then
		ui_fail "$name" "L: not on turn 7 (turn $(ui_turn))"
	elif ! ui_poll ui_has_turn_at 7 "${at0% *} $((${at0#* } + 7))"; then
		ui_fail "$name" "L: the player is at $(ui_player), not 7 east of $at0"
	else
		ui_keys G
		if ! ui_wait '^Run which way?'; then
			ui_fail "$name" "G: no 'Run which way?'"
		else
			ui_keys j
			if ui_wait 'Turn 9 ' && ui_poll ui_has_turn_at 9 \
			    "$((${at0% *} + 2)) $((${at0#* } + 7))"; then
				t_ok "$name"
			else
				ui_fail "$name" "G j: at $(ui_player) on turn $(ui_turn)"
			fi
		fi
	fi
fi
ui_quit

# --- the travel cursor jumps: Shift + direction, > to stairs, _ to items ----
cat >"$t_tmp/jumps.dun" <<'EOF'
name: The Jumping Hall
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: p item dagger

map
############
#@.........#
#..........#
#.....p...>#
############
end
EOF
# Whether the screen read shows the player at "ROW COL".
ui_has_player_at() {
	[ "$(ui_player)" = "$1" ]
}
# Prints "ROW COL" (0-based) of the first CHAR on the map rows.
ui_find() {
	LC_ALL=C awk -v ch="$1" 'NR >= 5 && NR <= 23 && (i = index($0, ch)) > 0 {
		print NR - 1, i - 1; exit }' "$t_tmp/screen"
}
stairs_says=$(awk '$1 == "terrain" { on = $2 == "stairs"; next }
    on && $1 == "describe" { sub(/^[ \t]*describe /, ""); print; exit }' \
    "$DATA/terrain.txt")
ui_start tr3 --seed 1 --dungeon "$t_tmp/jumps.dun"
name="_ then Shift+l: the cursor leaps 8 cells (Shift does not cancel it), Enter walks there"
if ! ui_wait '^astray: The Jumping Hall' || ! ui_wait 'Turn 0 ' ||
    ! ui_wait_rows 5 23 ')' || ! ui_wait_rows 5 23 '>'; then
	ui_fail "$name" "the jumping hall did not start"
else
	at0=$(ui_player)
	dagger=$(ui_find ')')
	stairs=$(ui_find '>')
	ui_keys _
	ui_wait '^Travel where?'
	ui_keys L
	if ! ui_wait_all '^Travel where?' '^Stone floor: '; then
		ui_fail "$name" "L: no 'Stone floor' under the travel cursor"
	else
		ui_press Enter
		if ui_poll ui_has_turn_at 8 "${at0% *} $((${at0#* } + 8))"; then
			t_ok "$name"
		else
			ui_fail "$name" "not 8 east of $at0 on turn 8: at $(ui_player)"
		fi
	fi
fi
name="_ then _: the cursor on the item seen, told as look tells it; Enter walks there"
ui_keys _
ui_wait '^Travel where?'
ui_keys _
if ! ui_wait_all '^Travel where?' '^A dagger (1): '; then
	ui_fail "$name" "_ _: the dagger is not under the cursor"
else
	ui_press Enter
	if ui_poll ui_has_player_at "$dagger"; then
		t_ok "$name"
	else
		ui_fail "$name" "the player is at $(ui_player), not on the dagger at $dagger"
	fi
fi
name="_ then >: the cursor on the stairs, described; Enter walks there"
ui_keys _
ui_wait '^Travel where?'
ui_keys '>'
if [ -z "$stairs_says" ]; then
	t_fail "$name" "no describe line for the stairs in $DATA/terrain.txt"
elif ! ui_wait '^Travel where?' || ! ui_poll ui_has_text 2 9 "$stairs_says"; then
	ui_fail "$name" "_ >: no '$stairs_says' under the cursor"
else
	ui_press Enter
	if ui_poll ui_has_player_at "$stairs"; then
		t_ok "$name"
	else
		ui_fail "$name" "the player is at $(ui_player), not on the stairs at $stairs"
	fi
fi
ui_quit

# --- choosing an item: only those the verb takes ------------------------------
cat >"$t_tmp/kit.dun" <<'EOF'
name: The Kit Room
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: p item potion-of-healing
legend: s item door-spikes

map
#######
#@ps..#
#######
end
EOF
ui_start ap1 --seed 1 --dungeon "$t_tmp/kit.dun"
name="A lists only what can be applied; r with nothing to read says so"
if ! ui_wait '^astray: The Kit Room' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the kit room did not start"
else
	for k in 1 2; do
		ui_keys l
		ui_wait "Turn $((2 * k - 1)) "
		ui_keys g
		ui_wait "Turn $((2 * k)) "
	done
	ui_keys A
	if ! ui_wait_all '^Apply which item?' '^  b) . door spikes '; then
		ui_fail "$name" "A: no 'b) door spikes' to choose"
	elif ui_has_all '^  a) '; then
		ui_fail "$name" "A: the potion (a) is offered to apply"
	else
		ui_press Escape
		ui_wait_gone '^Apply which item?'
		ui_keys r
		if ui_wait '^You have nothing to read\.$' &&
		    ! grep -q 'Read which item?' "$t_tmp/screen"; then
			t_ok "$name"
		else
			ui_fail "$name" "r: no 'You have nothing to read.'"
		fi
	fi
fi
ui_quit

# --- step mode shows only the monsters in sight -------------------------------
cat >"$t_tmp/hidden.dun" <<'EOF'
name: The Quiet Room
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: k monster kobold

map
##########
#@.......#
##########
#.k......#
##########
end
EOF
ui_start st1 --seed 3 --dungeon "$t_tmp/hidden.dun"
name="step mode: a monster out of sight acts unnamed and unmarked"
if ! ui_wait '^astray: The Quiet Room' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the quiet room did not start"
else
	ui_keys Z
	ui_wait '  \[STEP\]$'
	ui_keys .
	ui_wait 'Turn 1 '
	ui_press Space
	if ui_wait '^Step: the turn is over\.' &&
	    ! grep -q -i 'kobold' "$t_tmp/screen" &&
	    ! ui_has_rows 5 23 'k'; then
		t_ok "$name"
	else
		ui_fail "$name" "Space told of, or showed, the kobold out of sight"
	fi
fi
ui_quit

# --- the paths overlay never hides an item or caltrops --------------------------
cat >"$t_tmp/trap.dun" <<'EOF'
name: The Trap Corridor
depth: 1
movement: 8-octile
corners: no-corner-cut

legend: p item potion-of-healing
legend: c terrain caltrops

map
##########################
#@...cp..................#
##########################
end
EOF
ui_start ov1 --seed 1 --dungeon "$t_tmp/trap.dun"
name="the paths overlay marks the route to the potion in view (exploring's goal), the caltrops on it and the potion still shown"
mark='`'
[ -n "$ui_locale" ] && mark='◦'
if ! ui_wait '^astray: The Trap Corridor' || ! ui_poll ui_has_turn_drawn 0; then
	ui_fail "$name" "the trap corridor did not start"
else
	at=$(ui_player)
	ui_press Tab
	if ! ui_wait 'overlay: paths' ||
	    ! ui_wait_rows "$((${at% *} + 1))" "$((${at% *} + 1))" "$mark$mark"; then
		ui_fail "$name" "no route marks on the corridor with the overlay on"
	elif ui_has_rows "$((${at% *} + 1))" "$((${at% *} + 1))" "@$mark$mark$mark:!\\.\\."; then
		t_ok "$name"
	else
		ui_fail "$name" "the corridor does not read '@$mark$mark$mark:!..'"
	fi
fi
ui_quit

# --- sharing a game: --record keeps its replay, an end leaves a morgue ------
rec=$t_tmp/r1.replay
name="--record: the replay is there from the start; S writes the keys played"
ui_start r1 --seed 31 --record "$rec"
if ! ui_wait 'Turn 0 .*Seed 31$'; then
	ui_fail "$name" "the game of seed 31 did not start"
elif ! grep -q '^seed 31$' "$rec" 2>/dev/null; then
	ui_fail "$name" "no replay of seed 31 at the start: $(cat "$rec")"
else
	for k in 1 2 3; do
		ui_keys .
		ui_wait "Turn $k " || break
	done
	ui_keys S
	ui_wait_exit
	ui_wait_printed "^The game's replay: $rec\$"
	XDG_DATA_HOME=$t_tmp/r1-headless "$ASTRAY" --headless --data "$DATA" \
	    --replay "$rec" >"$t_tmp/r1.out" 2>&1
	if ! grep -q '^keys \.\.\.$' "$rec"; then
		ui_fail "$name" "the replay holds: $(cat "$rec")"
	elif ! grep -q "^The game's replay: $rec\$" "$t_tmp/screen"; then
		ui_fail "$name" "astray did not say where the replay is"
	elif ! grep -q '^end turn 3 .* status playing ' "$t_tmp/r1.out"; then
		ui_fail "$name" "--replay of it: $(cat "$t_tmp/r1.out")"
	else
		t_ok "$name"
	fi
fi

rec=$t_tmp/r2.replay
name="an end shows the last messages and the morgue file, which replays"
ui_start r2 --seed 31 --record "$rec"
if ! ui_wait 'Turn 0 .*Seed 31$'; then
	ui_fail "$name" "the game of seed 31 did not start"
else
	ui_keys .
	ui_wait 'Turn 1 '
	ui_keys Q
	ui_wait 'Give up this game?'
	ui_keys y
	if ! ui_wait_all '^  You gave up\.' '^  Morgue file: /' \
	    '^  Last messages' '^    You enter the dungeon' 'Press q to leave'
	then
		ui_fail "$name" "no morgue file and last messages on the end screen"
	else
		ui_keys q
		ui_wait_exit
		ui_wait_printed "^The game's morgue file: "
		morgue=$(ls "$t_tmp"/r2/data/astray/morgue-31-*.txt 2>/dev/null)
		XDG_DATA_HOME=$t_tmp/r2-headless "$ASTRAY" --headless \
		    --data "$DATA" --replay "$morgue" >"$t_tmp/r2.out" 2>&1
		if [ -z "$morgue" ]; then
			ui_fail "$name" "no morgue-31-*.txt in the data folder"
		elif ! grep -q "^The game's morgue file: $morgue\$" \
		    "$t_tmp/screen"; then
			ui_fail "$name" "astray did not say where the morgue is"
		elif ! grep -q '^end turn 1 .* status quit ' "$t_tmp/r2.out"; then
			ui_fail "$name" "--replay of it: $(cat "$t_tmp/r2.out")"
		elif ! grep -q '^keys \.Qy$' "$rec"; then
			ui_fail "$name" "the --record replay holds: $(cat "$rec")"
		else
			t_ok "$name"
		fi
	fi
fi

# --- watching a replay: astray --replay FILE in the terminal -------------------
# A replay written headless plays back on the screen, an action a step:
# Space pauses, . plays one action, + plays faster, Tab shows an overlay,
# ? the help with the replay's keys; the end says so and q leaves (exit
# 0, no save written).  The morgue file of the game above watches the
# same way, to its end.
name="--replay in the terminal: pause, step, speed, overlay, help, end, q"
XDG_DATA_HOME=$t_tmp/v1-headless "$ASTRAY" --headless --data "$DATA" \
    --seed 31 --keys 'lllll.........................' \
    --record "$t_tmp/v1.replay" \
    >"$t_tmp/v1.out" 2>&1
v1_end=$(sed -n 's/^end turn \([0-9]*\) .*/\1/p' "$t_tmp/v1.out")
ui_start v1 --replay "$t_tmp/v1.replay"
if ! ui_wait 'Replay playing, key [0-9]*/30, 250 ms'; then
	ui_fail "$name" "no replay playing"
else
	ui_keys ' '
	if ! ui_wait 'Replay paused, key [0-9]*/30'; then
		ui_fail "$name" "Space did not pause"
	else
		at=$(sed -n 's/.*Replay paused, key \([0-9]*\)\/.*/\1/p' \
		    "$t_tmp/screen")
		ui_keys .
		if ! ui_wait "Replay paused, key $((at + 1))/30"; then
			ui_fail "$name" ". did not play one key from $at"
		else
			ui_keys +
			ui_wait 'Replay paused, key [0-9]*/30, 100 ms'
			ui_press Tab
			ui_wait 'overlay: paths'
			ui_keys '?'
			if ! ui_wait_all '^astray: keys' '^Replay: Space pauses'
			then
				ui_fail "$name" "? shows no replay keys"
			fi
			ui_keys x
			ui_wait 'Replay paused'
			ui_keys ' '
			if ! ui_wait_all "Replay over on turn $v1_end " \
			    "Turn $v1_end " 'overlay: paths'; then
				ui_fail "$name" "no end at turn $v1_end"
			else
				ui_keys q
				if ! ui_wait_exit ||
				    [ "$(cat "$run.rc")" != 0 ]; then
					ui_fail "$name" "q: no exit 0"
				elif [ -e "$t_tmp/v1/data/astray/astray.save" ]
				then
					ui_fail "$name" "it wrote a save"
				else
					t_ok "$name"
				fi
			fi
		fi
	fi
fi

name="a morgue file watched in the terminal plays to the game's end"
if [ -z "$morgue" ]; then
	ui_fail "$name" "no morgue file from the case above"
else
	ui_start v2 --replay "$morgue"
	if ui_wait_all 'Replay over on turn 1 (given up)' 'Turn 1 '; then
		t_ok "$name"
	else
		ui_fail "$name" "no end of the given-up game on turn 1"
	fi
	ui_keys q
	ui_wait_exit
fi

# astray-lab play --watch on a terminal writes the replay, prints the
# command, and runs astray (found beside it) to watch it.
name="astray-lab play --watch on a terminal: astray plays the replay"
if [ -z "${LAB:-}" ] || [ ! -x "$LAB" ]; then
	t_ok "$name (skipped: no astray-lab)"
else
	ui_lab=1
	ui_start w1 play --bot careful --watch 2 --turns 300 --data "$DATA" \
	    --out "$t_tmp/w1.replay"
	ui_lab=
	if ! ui_wait_all 'Replay playing, key [0-9]*/[0-9]*' '^astray: depth 1'
	then
		ui_fail "$name" "no replay on the screen"
	else
		ui_keys q
		if ! ui_wait_exit || [ "$(cat "$run.rc")" != 0 ]; then
			ui_fail "$name" "q: no exit 0"
		elif [ ! -s "$t_tmp/w1.replay" ]; then
			ui_fail "$name" "no replay file written"
		else
			t_ok "$name"
		fi
	fi
fi

name="a death: 'You were killed by an orc', the last messages name 'the orc'"
ui_start d1 --seed 1 --dungeon "${top_srcdir:-.}/tests/data/dun/orc-room.dun"
if ! ui_wait '^astray: The Orc Room' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the orc room did not start"
else
	k=0
	while [ "$k" -lt 60 ] && ! grep -q '^  You died\.' "$t_tmp/screen"; do
		ui_keys .
		k=$((k + 1))
		ui_wait "Turn $k \|You died" || break
	done
	if ui_wait_all '^  You died\.' \
	    '^  You were killed by an orc on The Orc Room, on turn' \
	    '^    The orc hits you (' '^    You die\.\.\.'; then
		t_ok "$name"
	else
		ui_fail "$name" "no death screen as expected after $k turns"
	fi
	ui_keys q
	ui_wait_exit
fi

# Whether the screen read shows turn 16 and the door (two rows down and
# ten columns left of the player) open: the whole map row, waited for.
mem_door_open() {
	ui_has_all 'Turn 16 ' || return 1
	at=$(ui_player)
	[ -n "$at" ] || return 1
	[ "$(ui_char $((${at% *} + 2)) $((${at#* } - 10)))" = "'" ]
}
name="a door shut out of view is drawn and looked at as last seen: 'You remember an open door here'"
ui_start mem1 --seed 1 --dungeon "${top_srcdir:-.}/tests/data/dun/memory.dun"
if ! ui_wait '^astray: The Forgetful Door' || ! ui_wait 'Turn 0 '; then
	ui_fail "$name" "the memory dungeon did not start"
else
	# Down the corridor, out of sight of the door; it shuts on turn 15.
	k=0
	for key in n l l l l l l l l l l . . . . .; do
		ui_keys "$key"
		k=$((k + 1))
		ui_wait "Turn $k " || break
	done
	if [ "$k" -ne 16 ]; then
		ui_fail "$name" "not at turn 16 ($k keys)"
	elif ! ui_poll mem_door_open; then
		ui_fail "$name" "the remembered door is not drawn open"
	else
		ui_keys x h h h h h h h h h h j j
		if ui_wait '^You remember an open door here: '; then
			t_ok "$name"
		else
			ui_fail "$name" "look does not tell the door as remembered"
		fi
		ui_press Escape
	fi
	ui_quit
fi

name="--record into a folder that is not there: said before play, exit 1"
ui_start r3 --seed 31 --record "$t_tmp/gone/r.replay"
if ! ui_wait_exit; then
	ui_fail "$name" "astray did not end"
elif [ "$(cat "$run.rc")" != 1 ]; then
	ui_fail "$name" "exit status $(cat "$run.rc")"
elif ! grep -q "^astray: $t_tmp/gone/r.replay.*No such file" "$run.err"
then
	ui_fail "$name" "stderr: $(cat "$run.err")"
elif [ -f "$t_tmp/r3/data/astray/astray.save" ]; then
	ui_fail "$name" "it left a save behind"
else
	t_ok "$name"
fi

# --- every run: no sanitizer report on stderr --------------------------------
if grep -l -e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' \
    -e 'runtime error:' "$t_tmp"/run.*.err >"$t_tmp/reports" 2>/dev/null
then
	t_fail "no sanitizer reports" "in $(tr '\n' ' ' <"$t_tmp/reports")"
	while read -r f; do
		sed -n 1,20p "$f"
	done <"$t_tmp/reports"
else
	t_ok "no sanitizer reports from $ui_run runs"
fi

t_end
