#!/bin/sh
# game-items.sh: the player's items, played headless with --keys.
#
# For each case a seed is found whose player starts with an item of a
# kind in a straight line of bare floor one to three cells east or west
# (read from --show-level, so the cases follow level generation).  The
# keys walk there, pick it up with g and use it, and what the player
# would notice is checked from the per-turn state lines and messages:
#
# - a scroll of teleport: the position jumps ten or more cells in one
#   turn, and the game says so;
# - a noise maker thrown the other way: it rattles where a throw along
#   that row lands, and monsters hear it;
# - picking up, then dropping: the pack line and the floor line of
#   --show-level;
# - a recording of the teleport game replays to the same end digest.
#
# Run by make check with ASTRAY, DATA and top_srcdir set.

. "${top_srcdir:-.}/tests/lib.sh"

t_need_astray
t_begin
XDG_DATA_HOME=$t_tmp/xdg
export XDG_DATA_HOME
unset ASTRAY_DATA

# A copy of the data folder whose items.txt holds the item KIND alone, so
# that every item a level gets is one (the search below then stays short
# whatever level generation does): sets mod, the folder.
mod_for() {
	mod=$t_tmp/mod-$1
	rm -rf "$mod"
	cp -R "$DATA" "$mod" || exit 99
	awk -v want="$1" '/^item / { keep = ($2 == want) } keep' \
	    "$DATA/items.txt" >"$mod/items.txt"
	grep -q "^item $1\$" "$mod/items.txt" || exit 99
	# Nor are the monsters' drops (each names an item items.txt must
	# have).
	sed -e '/^[[:space:]]*drops /d' "$DATA/monsters.txt" \
	    >"$mod/monsters.txt"
	# The vaults' own items (the crypt's potion) are not in it: each
	# stands for the terrain it lies on.
	sed -e 's/^legend: \(.\) item [^ ]* on \(.*\)$/legend: \1 terrain \2/' \
	    -e 's/^legend: \(.\) item .*$/legend: \1 terrain floor/' \
	    "$DATA/vaults.txt" >"$mod/vaults.txt"
}

# Finds a seed whose player has the item KIND on its row, 1 to 3 cells
# away over bare floor, in the data folder mod_for made: sets seed, dir
# (h or l), dist, ix, iy; returns 1 if none of seeds 1 to 600 has one.
find_item() {
	mod_for "$1"
	for seed in $(seq 1 600); do
		t_run "$ASTRAY" --headless --data "$mod" --seed "$seed" \
		    --show-level
		found=$(LC_ALL=C awk -v want="$1" '
		NR == 1 { next }
		/^item / { split($4, p, ","); at[p[1] "," p[2]] = $2; next }
		/^(monster|end|pack) / { next }
		{ row[NR - 2] = $0
		  if ((i = index($0, "@")) > 0) { px = i - 1; py = NR - 2 } }
		END {
			for (d = 1; d <= 3; d++) {
				for (s = -1; s <= 1; s += 2) {
					x = px + s * d
					if (at[x "," py] != want) continue
					ok = 1
					for (k = 1; k <= d; k++)
						if (substr(row[py], px + s * k + 1, 1) != "." &&
						    k < d) ok = 0
					if (ok) { print (s < 0 ? "h" : "l"), d, x, py; exit }
				}
			}
		}' "$t_tmp/out")
		if [ -n "$found" ]; then
			set -- $found
			dir=$1 dist=$2 ix=$3 iy=$4
			return 0
		fi
	done
	return 1
}

# Prints a direction key N times.
repeat() {
	awk -v k="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", k }'
}

# Prints field NAME of state line number N (1 = the first) of $t_tmp/out.
state_field() {
	awk -v n="$2" -v f="$1" '/^state / && ++c == n {
		for (i = 1; i < NF; i++) if ($i == f) { print $(i + 1); exit } }' \
	    "$t_tmp/out"
}

# --- teleport -----------------------------------------------------------
name="a scroll of teleport: picked up with g, read with r a, the player jumps"
if ! find_item scroll-of-teleport; then
	t_fail "$name" "no seed from 1 to 600 has one on the player's row"
else
	keys="$(repeat "$dir" "$dist")gra"
	t_run "$ASTRAY" --headless --data "$mod" --seed "$seed" \
	    --keys "$keys" --each-turn --messages --record "$t_tmp/tp.replay"
	n=$((dist + 1))		# state lines before the reading
	before=$(state_field pos "$n")
	after=$(state_field pos $((n + 1)))
	bx=${before%,*} by=${before#*,} ax=${after%,*} ay=${after#*,}
	moved=$(( (ax > bx ? ax - bx : bx - ax) + (ay > by ? ay - by : by - ay) ))
	if [ "$t_status" -ne 0 ]; then
		t_fail "$name" "exit status $t_status: $(t_first_line "$t_tmp/err")"
	elif ! grep -q "^message [0-9]* a - scroll titled [A-Z ]* (1)\.$" \
	    "$t_tmp/out" || ! grep -q "That was a scroll of teleport" \
	    "$t_tmp/out"; then
		t_fail "$name" "no 'a - scroll titled ...' message, or not named when read (seed $seed)"
	elif [ "$moved" -lt 10 ] ||
	    ! grep -q 'you are somewhere else' "$t_tmp/out"; then
		t_fail "$name" "seed $seed: from $before to $after only"
	else
		t_ok "$name (seed $seed: $before to $after)"
	fi
	end=$(sed -n 's/^end .*digest //p' "$t_tmp/out")
	t_run "$ASTRAY" --headless --data "$mod" --replay "$t_tmp/tp.replay"
	if [ "$t_status" -eq 0 ] && [ -n "$end" ] &&
	    [ "$(sed -n 's/^end .*digest //p' "$t_tmp/out")" = "$end" ]; then
		t_ok "the teleport game replays to the same end ($end)"
	else
		t_fail "teleport replay" "status $t_status, end digest differs"
	fi
fi

# --- noise maker ----------------------------------------------------------
name="a noise maker: thrown with t a and a direction, it rattles and is heard"
if ! find_item noise-maker; then
	t_fail "$name" "no seed from 1 to 600 has one on the player's row"
else
	back=h
	[ "$dir" = h ] && back=l
	t_run "$ASTRAY" --headless --data "$mod" --seed "$seed" \
	    --keys "$(repeat "$dir" "$dist")gta$back" --messages --show-level
	if [ "$t_status" -ne 0 ]; then
		t_fail "$name" "exit status $t_status: $(t_first_line "$t_tmp/err")"
	elif ! grep -q "^message [0-9]* The noise maker rattles \(at your feet\|beside you to the \(east\|west\)\|[0-9]* steps to the \(east\|west\)\); \(no monster hears it\|a monster hears it\|[0-9]* monsters hear it\)\.$" "$t_tmp/out" ||
	    grep -q "^message .*[0-9],[0-9]" "$t_tmp/out"; then
		t_fail "$name" "seed $seed: no rattle on row $iy, told as a way: $(grep rattles "$t_tmp/out")"
	elif ! grep -q "^pack a noise-maker count 1 plus 0$" "$t_tmp/out"; then
		t_fail "$name" "seed $seed: the pack does not hold one noise maker left"
	else
		t_ok "$name (seed $seed)"
	fi
fi

# --- pick up and drop -------------------------------------------------------
name="d a drops the stack where the player stands"
t_run "$ASTRAY" --headless --data "$mod" --seed "$seed" \
    --keys "$(repeat "$dir" "$dist")gda" --show-level
if [ "$t_status" -eq 0 ] && ! grep -q '^pack ' "$t_tmp/out" &&
    grep -q "^item noise-maker at $ix,$iy count 2 plus 0$" "$t_tmp/out"; then
	t_ok "$name"
else
	t_fail "$name" "seed $seed: status $t_status, not on the floor at $ix,$iy"
fi

t_end
