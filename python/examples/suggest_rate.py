# SPDX-License-Identifier: MIT
"""How often pdn-legal's "did you mean" is right: for every illegal move it
finds in the files given, whether it suggests a move, and whether playing
the suggestion in place of the written move makes the rest of the game's
main line legal (the game replayed again through the pdntools module).

    python3 suggest_rate.py FILE...      (pdn-legal in PATH)
"""
import collections
import sys

import pdntools


def rest_legal(game, ply, move):
    """The main line with move in place of the move at ply: all legal?"""
    for node in game.mainline():
        if node.ply() == ply:
            try:
                node.text = move
            except ValueError:
                return False
            break
    else:
        return False
    return not [f for f in game.check(draw_rules=False)
                if f.code in ("illegal", "ambiguous", "move")]


def main(paths):
    total = collections.Counter()
    for path in paths:
        found = [r for r in pdntools.check_file(path, args=["-R"])
                 if r.get("code") == "illegal" and "suggest" in r]
        by_game = {r["game"]: r for r in found}
        games = {}
        if by_game:
            for g in pdntools.read(path):
                if g.number in by_game:
                    games[g.number] = g
        for num, r in sorted(by_game.items()):
            total["illegal"] += 1
            if r["suggest"] is None:
                continue
            total["suggested"] += 1
            g = games.get(num)
            if g is not None and rest_legal(g, r["ply"], r["suggest"]):
                total["right"] += 1
            else:
                total["wrong"] += 1
                print("%s game %d ply %d: '%s' -> '%s': rest not legal"
                      % (path, num, r["ply"], r["move"], r["suggest"]),
                      file=sys.stderr)
    print("illegal moves %d, suggested %d (%.1f%%), rest of the game legal "
          "after the suggestion %d (%.1f%% of suggestions)" % (
              total["illegal"], total["suggested"],
              100.0 * total["suggested"] / max(1, total["illegal"]),
              total["right"],
              100.0 * total["right"] / max(1, total["suggested"])))


if __name__ == "__main__":
    main(sys.argv[1:])
