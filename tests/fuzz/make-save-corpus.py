#!/usr/bin/env python3
"""make-save-corpus.py: the save harness's seed corpus, made by the game.

Usage: tests/fuzz/make-save-corpus.py ASTRAY [TOP]

ASTRAY is a built astray; TOP the source tree (default: the folder two
levels up from this script).  Rewrites tests/fuzz/corpus/save/ whole:

- payload-NAME.save: byte 1, then the payload of a save the game wrote
  (after the envelope and the data signature), for a few games chosen to
  cover the save's parts: a generated level, dungeon files with gates,
  collapses, digging, doors, searching monsters, remembered cells, a
  door held shut and a monster digging.  fuzz-save.c wraps
  such an input in a valid envelope (the shipped data's signature, a
  fixed-up checksum), so the fuzzer works on what the loader range-checks.
- payload-extreme-FIELD.save: the generated game's payload with one
  counter set to the most play can reach (or one past it), the checksum
  fixed up by the harness as for every payload: the turn, the kills and
  the score at their limits must load and play on without overflowing;
  one past must be refused.
- file-NAME.save: byte 0, then a whole save file, for the envelope's own
  checks (one complete, one cut short).

Run it whenever the save format changes (save.c SAVE_VERSION); the
inputs are small (a few kB each) and the whole stays far under 2 MB.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

MAGIC = b"ASTRAYSAVE"

# Limits from src/game/model/state.h.
GAME_TURN_MAX = 1000000000
GAME_KILLS_MAX = 1000000000
GAME_SCORE_MAX = 1000000000000000

# name: (extra astray arguments, keys ending with S)
GAMES = {
    "gen1": (["--seed", "1", "--depths", "2"], "lllllS"),
    "dig": (["--seed", "1", "--dungeon", "tests/data/dun/dig.dun"],
            "DlDlS"),
    "collapse": (["--seed", "3", "--dungeon",
                  "tests/data/dun/collapse.dun"], "........S"),
    "orc": (["--seed", "1", "--dungeon", "tests/data/dun/door-orc.dun"],
            "....S"),
    "search": (["--seed", "1", "--dungeon", "tests/data/dun/search.dun"],
               "......S"),
    "gates": (["--seed", "2", "--dungeon", "data/dungeons/gates.dun"],
              "..........S"),
    "arena": (["--seed", "4", "--dungeon", "tests/data/dun/arena.dun"],
              "...S"),
    # A door remembered open after it shut out of view, a potion recalled.
    "memory": (["--seed", "1", "--dungeon", "tests/data/dun/memory.dun"],
               "nllllllllll.....S"),
    # A necromancer that called (its next call, the raised), and a warg
    # with the player's trail (issue 26's tactics).
    "crypt": (["--seed", "1", "--dungeon", "tests/data/dun/crypt.dun"],
              "..S"),
    "junction": (["--seed", "1", "--dungeon",
                  "tests/data/dun/junction.dun"], "hhhS"),
    # A hobgoblin holding a door shut; a burrower in the middle of a wall.
    "hold": (["--seed", "1", "--dungeon", "tests/data/dun/hold.dun"],
             ".....S"),
    "burrow": (["--seed", "1", "--dungeon", "tests/data/dun/burrow.dun"],
               "hlhlhlhlhlhlS"),
    # On the second level of a campaign, which it reads again on loading.
    "campaign": (["--seed", "4", "--dungeon",
                  "tests/data/campaign/two.camp"], "ll>hS"),
}


def make_save(astray, top, args, keys, where):
    """Plays a headless game that ends with S; returns the save's bytes."""
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(where, "xdg"))
    env.pop("ASTRAY_DATA", None)
    path = os.path.join(where, "game.save")
    if os.path.exists(path):
        os.remove(path)
    subprocess.run([astray, "--headless", "--data",
                    os.path.join(top, "data"), "--save", path] + args +
                   ["--keys", keys], cwd=top, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    with open(path, "rb") as f:
        return f.read()


def payload_of(save):
    """The payload of a save: after magic, version and the signature."""
    assert save[:len(MAGIC)] == MAGIC
    at = len(MAGIC) + 4
    (slen,) = struct.unpack_from("<Q", save, at)
    at += 8 + slen
    (plen,) = struct.unpack_from("<Q", save, at)
    at += 8
    assert at + plen + 8 == len(save), "not a save of the known layout"
    return save[at:at + plen]


def header_offsets(payload):
    """Offsets of the counters in a payload (see game_save in save.c)."""
    at = 8                                  # seed
    (n,) = struct.unpack_from("<I", payload, at)
    at += 4 + n                             # dungeon path
    off = {"depth": at, "depths": at + 8, "campaign": at + 16,
           "stage": at + 17, "extra": at + 25, "turn": at + 33}
    at += 41 + 1                            # ..., turn, status
    off["score"] = at
    at += 8
    (n,) = struct.unpack_from("<I", payload, at)
    at += 4 + n                             # end cause
    for name in ("px", "py", "hp", "hp_max", "damage_min", "damage_max",
                 "kills", "noise"):
        off[name] = at
        at += 8
    return off


def with_field(payload, off, value):
    """The payload with one 8-byte field set."""
    b = bytearray(payload)
    struct.pack_into("<q", b, off, value)
    return bytes(b)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    astray = os.path.abspath(sys.argv[1])
    top = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                          os.path.join(os.path.dirname(__file__), "..",
                                       ".."))
    out = os.path.join(top, "tests", "fuzz", "corpus", "save")
    work = tempfile.mkdtemp(prefix="astray-corpus.")
    try:
        saves = {}
        for name, (args, keys) in sorted(GAMES.items()):
            saves[name] = make_save(astray, top, args, keys, work)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        written = []

        def put(name, data):
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)
            written.append((name, len(data)))

        for name, save in sorted(saves.items()):
            put("payload-%s.save" % name, b"\x01" + payload_of(save))
        base = payload_of(saves["gen1"])
        off = header_offsets(base)
        extremes = {
            "turn-max": ("turn", GAME_TURN_MAX),
            "turn-past": ("turn", GAME_TURN_MAX + 1),
            "kills-max": ("kills", GAME_KILLS_MAX),
            "kills-int32": ("kills", 2147483647),
            "score-max": ("score", GAME_SCORE_MAX),
            "score-past": ("score", GAME_SCORE_MAX + 1),
            "hp-one": ("hp", 1),
        }
        for name, (field, value) in sorted(extremes.items()):
            put("payload-extreme-%s.save" % name,
                b"\x01" + with_field(base, off[field], value))
        put("file-dig.save", b"\x00" + saves["dig"])
        put("file-truncated.save", b"\x00" + saves["dig"][:14])
        for name, size in written:
            print("%-36s %7d bytes" % (name, size))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
