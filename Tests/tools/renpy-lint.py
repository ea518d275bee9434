#!/usr/bin/env python3
"""Runs Debian's Ren'Py 8.0.3 (`/usr/games/renpy`, package `renpy`) headless, for its lint.

    Tests/tools/renpy-lint.py GAME_BASE lint [OUTPUT]

GAME_BASE is a writable copy of the game (the folder that holds `game/`); HOME should be a
scratch folder for saves. SDL's dummy video and audio drivers are set. Two shims, nothing else
changed, then Debian's launcher runs as it is:
- Debian bookworm's renpy 8.0.3 stops before lint on Python 3.11 with "ValueError: AST node
  line range (44, 1) is not valid" (Ren'Py issue #4544): Ren'Py moves the start line of the
  screen-language expressions it wraps but leaves their end line unset, and
  `ast.fix_missing_locations` then sets the end line to 1. Here a node without an end line
  takes its own start line (what Python before 3.11 accepted).
- `config.check_conflicting_properties` (below).
"""
import ast
import os
import runpy
import sys


def fix_missing_locations(node):
    """Python's own, but a missing end takes the node's start (never line 1 before it)."""

    def fix(node, start):
        start = list(start)
        for k, (begin, end) in enumerate((("lineno", "end_lineno"), ("col_offset", "end_col_offset"))):
            if begin in node._attributes:
                if getattr(node, begin, None) is None:
                    setattr(node, begin, start[k])
                else:
                    start[k] = getattr(node, begin)
            if end in node._attributes:
                value = getattr(node, end, None)
                if value is None or (begin == "lineno" and value < start[k]):
                    setattr(node, end, start[k])
        for child in ast.iter_child_nodes(node):
            fix(child, start)

    fix(node, (1, 0))
    return node


ast.fix_missing_locations = fix_missing_locations

# The gui.rpy of projects made with Ren'Py 8.1 or later sets this variable, which 8.1 added
# (it turns on a check of style properties, nothing else): 8.0.3 refuses to start on an
# unknown config variable. Known here with 8.1's default, it changes no statement of the game.
sys.path.insert(0, "/usr/share/games/renpy")
import renpy.config  # noqa: E402

renpy.config.check_conflicting_properties = False
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.argv = ["/usr/games/renpy"] + sys.argv[1:]
runpy.run_path("/usr/games/renpy", run_name="__main__")
