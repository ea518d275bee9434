#!/usr/bin/env python3
"""An independent count of a Ren'Py game's script, to set beside storygraph's and lint's.

    Tests/tools/renpy-count.py GAME [--json] [--errors]

GAME is a game's base folder (the one that holds `game/`), its `game/` folder, or one `.rpy`
file. Every `.rpy` under the game folder is read (`.rpym` and archives are not: Ren'Py loads
those only when asked). This is our own reading of the language, written from Ren'Py's
documentation and lint's source, sharing no code with storygraph's loader; it is an
approximation made to be compared, and its limits are listed below.

It prints (one `name: value` line each, or one JSON object with --json):
- files, lines: the .rpy files read and their physical lines.
- labels: `label` statements (local `label .x` / `label a.x` included);
  local_labels: the local ones among them; menu_labels: `menu name:`;
  from_labels: the labels `call x from y` makes.
- menus: `menu` statements (lint's "menus"); choices: menu items with a block;
  guarded_choices: those with an `if`.
- jumps, calls: `jump name` / `call name` (and `renpy.jump("x")` / `renpy.call("x")` with a
  constant name); dynamic: `jump expression` / `call expression` and non-constant
  renpy.jump/call.
- returns: `return` statements in label code.
- endings: the places the game ends: a `return`, `renpy.quit()` / `renpy.full_restart()` /
  `MainMenu(...)()` in a label outside the called code (the labels a `call` enters, and
  those they jump or fall into, unless `start` reaches them so too), and label code that runs
  off the end of its file anywhere (Ren'Py's run loop stops at a statement with no next one,
  whatever the call stack holds); ending_places lists them.
- reachable: labels and menu labels reached from `start` by a plain graph search over jump,
  call and fall-through edges (a label whose block does not end in jump/return/an exhaustive
  branch falls into the next label of its file; a label reaches the menu labels in its code);
  reachable_of: the labels and menu labels there are; reached (with --json): their names.
- dialogue, words, characters: say statements outside `translate` blocks, and the
  whitespace-separated words and the characters of their text after Ren'Py's string processing (what lint calls dialogue blocks and
  words); a menu's `who "what"` line is a say statement and counts, its bare-string caption
  does not (Ren'Py makes it a menu item).
- images, screens: `image` and `screen` statements (lint's "images" and "screens").
- missing: jumps and calls (constant names, not in screens) to labels that do not exist, as
  file:line, the statement lint reports; duplicates: labels defined twice (Ren'Py refuses to
  load the game), as file:line of the second definition.

Limits (where this count and Ren'Py may differ):
- Dead code (statements after a jump or return in the same block) gives no edge and no
  ending; its jumps and calls are still checked for missing labels, as lint checks them.
- No Python is run: `renpy.jump(var)`, `jump expression`, screens' `Jump()`/`Call()` actions
  and `call screen` add no edge; the search from `start` is over constant targets only, so
  labels reached only from screens or Python read as unreachable.
- Fall-through is judged by a label's last statement: a jump, a return, or an if/else or menu
  every branch of which ends so. A `while` never ends a block; `call` always returns.
- Creator-defined statements: the game's `renpy.register_statement("name", ...)` calls are
  found by a text search; their lines are not say statements, and a `block="script"` one's
  block is read as script. Statements registered by other means are read as unknown.
- `init` blocks are read as script (their say statements count, as lint counts them); python,
  screen, transform, style, ATL and layeredimage blocks are skipped whole.
- Say statements in a `translate` block are not the game's dialogue (lint counts them per
  language); `translate ... strings:` blocks are skipped.
"""
import json
import os
import re
import sys

# Statements that run nothing when control passes them (Ren'Py runs them at init, or never).
DECLARATIONS = {
    "define", "default", "image", "screen", "style", "transform", "init", "python", "translate",
    "layeredimage", "testcase", "label", "rpy",
}
SKIP_BLOCKS = {
    "python", "screen", "transform", "style", "layeredimage", "testcase", "image", "show",
    "scene", "camera", "define", "default", "hide", "with", "window", "nvl",
}
NOT_SAY = {
    "label", "menu", "jump", "call", "return", "if", "elif", "else", "while", "pass", "python",
    "init", "define", "default", "image", "transform", "screen", "style", "show", "scene",
    "hide", "with", "play", "queue", "stop", "voice", "window", "nvl", "pause", "translate",
    "testcase", "camera", "layeredimage", "at", "rpy", "$", "early", "for", "try", "except",
}
# The labels Ren'Py 8.0's own common scripts define (renpy/common/*.rpy, and the *.rpym
# layouts a game may load): a jump or call to one of them is not to a missing label. They are
# not the game's and are not counted.
RENPY_LABELS = {
    "_after_load", "_after_warp", "_choose_renderer", "_confirm_quit", "_console",
    "_console_return", "_developer", "_enter_game_menu", "_game_menu", "_game_menu_load",
    "_game_menu_preferences", "_game_menu_save", "_gl_test", "_hide_windows",
    "_invoke_main_menu", "_load_reload_game", "_main_menu", "_main_menu_prompt",
    "_main_menu_screen", "_noisy_return", "_quit", "_quit_prompt", "_renpy_return", "_return",
    "_return_fast_skipping", "_return_skipping", "_save_reload_game", "_splashscreen", "_start",
    "_start_replay", "_start_store", "_compat_confirm_quit", "_library_main_menu",
    "_load_screen", "_prefs_screen", "_save_screen", "joystick_preferences_screen",
    "load_screen", "main_menu_screen", "preferences_screen", "save_screen",
}
NAME = r"[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*"
LABEL_RE = re.compile(r"label\s+(" + NAME + r"(?:\." + NAME + r")?|\." + NAME + r")\s*(\(.*\))?\s*(hide\s*)?:?$")
MENU_RE = re.compile(r"menu(?:\s+(" + NAME + r"))?\s*(\(.*\))?\s*:$")
JUMP_RE = re.compile(r"jump\s+(expression\b|(?:" + NAME + r")?(?:\." + NAME + r")?)")
CALL_RE = re.compile(r"call\s+(expression\b|screen\b|(?:" + NAME + r")?(?:\." + NAME + r")?)(.*)$")
FROM_RE = re.compile(r"\bfrom\s+(" + NAME + r"(?:\." + NAME + r")?|\." + NAME + r")\s*$")
PY_CALL_RE = re.compile(r"renpy\.(jump|call)\s*\(\s*(?:(['\"])(" + NAME + r"(?:\." + NAME + r")?)\2\s*[,)])?")
REGISTER_RE = re.compile(r"renpy\.register_statement\(\s*(['\"])([^'\"]+)\1((?:[^()]|\([^()]*\))*)\)")
END_CALL_RE = re.compile(r"renpy\.(quit|full_restart)\s*\(|\bMainMenu\s*\([^)]*\)\s*\(\s*\)")


class Line:
    __slots__ = ("file", "number", "indent", "text", "children")

    def __init__(self, file, number, indent, text):
        self.file, self.number, self.indent, self.text, self.children = file, number, indent, text, []


def logical_lines(text):
    """Ren'Py's logical lines: (first line number, indent, text without comment). A line goes
    on while a bracket or a string is open, or after a backslash at its end."""
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        start_line = line
        # indentation
        j = i
        while j < n and text[j] in " \t":
            j += 1
        indent = j - i
        i = j
        buf = []
        depth = 0
        quote = None
        while i < n:
            c = text[i]
            if quote:
                if c == "\\" and i + 1 < n:
                    buf.append(text[i:i + 2])
                    if text[i + 1] == "\n":
                        line += 1
                    i += 2
                    continue
                if text.startswith(quote, i):
                    buf.append(quote)
                    i += len(quote)
                    quote = None
                    continue
                if c == "\n":
                    line += 1
                buf.append(c)
                i += 1
                continue
            if c in "\"'`":
                q = text[i:i + 3] if text[i:i + 3] in ('"""', "'''", "```") else c
                quote = q
                buf.append(q)
                i += len(q)
                continue
            if c == "#":
                while i < n and text[i] != "\n":
                    i += 1
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth = max(0, depth - 1)
            if c == "\\" and i + 1 < n and text[i + 1] == "\n":
                buf.append(" ")
                i += 2
                line += 1
                continue
            if c == "\n":
                i += 1
                line += 1
                if depth == 0:
                    break
                buf.append(" ")
                continue
            buf.append(c)
            i += 1
        s = "".join(buf).strip()
        if s:
            out.append((start_line, indent, s))
    return out


def tree(file, text):
    root = Line(file, 0, -1, "")
    stack = [root]
    for number, indent, s in logical_lines(text):
        node = Line(file, number, indent, s)
        while stack[-1].indent >= indent:
            stack.pop()
        stack[-1].children.append(node)
        stack.append(node)
    return root


def first_word(s):
    if s.startswith("$"):
        return "$"
    m = re.match(r"[^\s:(]+", s)
    return m.group(0) if m else ""


def strip_init(s):
    """`init -1 python:` -> `python:`; `init 1:` -> `init:`; `init offset = 1` stays."""
    m = re.match(r"init\b(?:\s+[-+]?\d+)?\s*(.*)$", s)
    if not m or m.group(1).startswith("offset"):
        return s
    rest = m.group(1)
    return "init:" if rest in ("", ":") else rest


STRING_RE = re.compile(r'("""|\'\'\'|```|"|\'|`)((?:\\.|(?!\1).)*)\1', re.S)


def dequote(s):
    def one(m):
        c = m.group(1)
        if c in "{[%":
            return c + c  # Ren'Py keeps these escaped: \{ is the text "{{"
        if c == "n":
            return "\n"
        if c[0] == "u" and len(c) > 1:
            return chr(int(c[1:], 16))
        return c

    return re.sub(r"\\(u[0-9a-fA-F]{1,4}|.)", one, s, flags=re.S)


def ren_strings(quote, body, delimiter):
    """The texts Ren'Py makes of a quoted string's body. A plain string is one text: runs of
    whitespace become one space, then backslash escapes (\\n a newline, any other \\c the
    character c). A triple-quoted one is monologue: split at blank lines (the file's
    `rpy monologue` delimiter), one text, and one say statement, per paragraph."""
    if len(quote) == 1:
        return [dequote(re.sub(r"\s+", " ", body))]
    body = re.sub(r" *\n *", "\n", body)
    parts = body.split(delimiter) if delimiter else [body]
    return [dequote(re.sub(r"\s+", " ", p.strip())) for p in parts if p.strip()]


WHO_RE = re.compile(r"(?:" + NAME + r"(?:\." + NAME + r")*(?:\([^()]*\)|\[[^\[\]]*\])*)")


def say_text(s, delimiter="\n\n"):
    """The texts of a say statement (several for a monologue), or None when the line is not
    one."""
    word = first_word(s)
    if word in NOT_SAY:
        return None
    rest = s
    m = STRING_RE.match(rest)
    if not m:
        # who [attributes] "what"
        w = WHO_RE.match(rest)
        if not w:
            return None
        rest = rest[w.end():]
        # image attributes: words, -words, @
        while True:
            a = re.match(r"\s+(@|-?[\w\u0080-\uffff]+)", rest)
            if not a:
                break
            rest = rest[a.end():]
        rest = rest.lstrip()
        m = STRING_RE.match(rest)
        if not m:
            return None
    else:
        # "who" "what" or "what"
        after = s[m.end():].lstrip()
        m2 = STRING_RE.match(after)
        if m2:
            rest, m = after, m2
        else:
            rest = s
    tail = rest[m.end():].strip()
    if tail.endswith(":"):
        return None
    if tail and not re.match(r"(with\b|nointeract\b|id\b|\(|at\b|$)", tail):
        return None
    return ren_strings(m.group(1), m.group(2), delimiter)


class Game:
    def __init__(self):
        self.files = 0
        self.lines = 0
        self.labels = {}  # name -> (file, line, kind)
        self.label_order = []  # (file, index, name) in file order, every kind of label
        self.duplicates = []
        self.local = 0
        self.menu_labels = 0
        self.from_labels = 0
        self.menus = 0
        self.choices = 0
        self.guarded = 0
        self.jumps = []  # (source label, target, file, line, kind)
        self.dynamic = 0
        self.returns = []  # (label, file, line)
        self.end_places = []  # renpy.quit() and the like, as file:line
        self.off_places = []  # labels whose code runs off the end of their file
        self.falls = {}  # label -> next label it falls into
        self.inside = []  # (label, menu label in its code)
        self.dialogue = 0
        self.words = 0
        self.characters = 0
        self.images = 0
        self.screens = 0
        # Creator-defined statements (renpy.register_statement): their first words, and those
        # whose block is script (block="script"), found by a first pass over every file.
        self.user = set()
        self.user_script = set()

    def find_user_statements(self, texts):
        for text in texts:
            for m in REGISTER_RE.finditer(text):
                name = m.group(2).split()[0]
                self.user.add(name)
                if re.search(r"block\s*=\s*['\"]script['\"]", m.group(3)):
                    self.user_script.add(name)

    def define(self, name, file, line, kind):
        if name in self.labels:
            self.duplicates.append((name, file, line))
        else:
            self.labels[name] = (file, line, kind)

    def read(self, rel, text):
        self.files += 1
        self.lines += text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        root = tree(rel, text)
        mono = re.search(r"^rpy\s+monologue\s+(single|none|double)\s*$", text, re.M)
        delimiter = {"single": "\n", "none": ""}.get(mono.group(1) if mono else "double", "\n\n")
        state = {"global": None, "label": None, "chain": [], "monologue": delimiter, "dead": False}
        self.walk(root.children, state, rel, in_translate=False)
        # The label code at the end of the file runs off it (the game ends) unless it ends.
        chain = state["chain"]
        for k, (name, block_end, _, _) in enumerate(chain):
            nxt = chain[k + 1][0] if k + 1 < len(chain) else None
            if not block_end:
                if nxt:
                    self.falls[name] = nxt
                else:
                    self.off_places.append((name, f"{rel}: {name} runs off the end of the file"))

    def source(self, state):
        """The label whose code this statement is, None in dead code (after a jump or return)."""
        return None if state["dead"] else state["label"]

    def qualify(self, target, state):
        if target.startswith("."):
            return (state["global"] or "") + target
        return target

    def walk(self, lines, state, file, in_translate, in_menu=False):
        state["siblings"] = lines
        # A global label names the local labels after it in its own block only (Ren'Py parses
        # each block with a lexer of its own, which starts from its parent's global label).
        outer = state["global"]
        outer_dead = state["dead"]
        for line in lines:
            self.statement(line, state, file, in_translate, in_menu)
            state["siblings"] = lines
            word = first_word(strip_init(line.text))
            chain = state["chain"]
            if chain and chain[-1][3] is line:
                # After a label's block, its siblings run on from it unless the block ends.
                state["dead"] = chain[-1][1]
                continue
            # A statement after a label's block, beside the label, runs on from it: it decides
            # whether the label's code ends there (declarations run nothing and decide nothing).
            if chain and chain[-1][2] is lines and not chain[-1][1] and word not in DECLARATIONS:
                chain[-1][1] = self.block_ends([line])
            # After a statement that ends, the rest of the block is dead code: lint still checks
            # its jumps and calls, but no control reaches them.
            if not state["dead"] and word not in DECLARATIONS and self.block_ends([line]):
                state["dead"] = True
        state["global"] = outer
        state["dead"] = outer_dead

    def statement(self, line, state, file, in_translate, in_menu):
        s = strip_init(line.text)
        word = first_word(s)
        if in_menu:
            m = STRING_RE.match(s)
            if m and s.endswith(":"):
                self.choices += 1
                if re.search(r"\bif\b", s[m.end():]):
                    self.guarded += 1
                self.walk(line.children, state, file, in_translate)
                return
            if word == "set":
                return
            if m and not s[m.end():].strip():
                return  # a caption: shown by the menu, not a say statement
        if word == "label":
            m = LABEL_RE.match(s)
            if m:
                name = m.group(1)
                if name.startswith("."):
                    name = (state["global"] or "") + name
                    self.local += 1
                elif "." in name:
                    self.local += 1
                else:
                    state["global"] = name
                self.define(name, file, line.number, "label")
                state["label"] = name
                state["dead"] = False
                body = line.children
                state["chain"].append([name, False, state["siblings"], line])
                self.walk(body, state, file, in_translate)
                # Where the label's own block ends (a label without a block runs on into the
                # statements after it; they are read as the label's by the walk of the parent).
                if body:
                    state["chain"][-1][1] = self.block_ends(body)
                return
        if word == "menu":
            m = MENU_RE.match(s)
            if m:
                self.menus += 1
                if m.group(1):
                    self.menu_labels += 1
                    self.define(m.group(1), file, line.number, "menu")
                    if self.source(state) is not None:
                        self.inside.append((self.source(state), m.group(1)))
                self.walk(line.children, state, file, in_translate, in_menu=True)
                return
        if word == "translate":
            parts = s.split()
            if len(parts) >= 3 and parts[2].rstrip(":") in ("strings", "python", "style"):
                return
            self.walk(line.children, state, file, in_translate=True)
            return
        if word in ("if", "elif", "else", "while", "init"):
            self.walk(line.children, state, file, in_translate)
            return
        if word == "jump":
            m = JUMP_RE.match(s)
            if m and m.group(1) == "expression":
                self.dynamic += 1
            elif m and m.group(1):
                self.jumps.append((self.source(state), self.qualify(m.group(1), state), file, line.number, "jump"))
            return
        if word == "call":
            m = CALL_RE.match(s)
            if m and m.group(1) == "screen":
                return
            if m and m.group(1) == "expression":
                self.dynamic += 1
            elif m and m.group(1):
                self.jumps.append((self.source(state), self.qualify(m.group(1), state), file, line.number, "call"))
            f = FROM_RE.search(s)
            if f:
                self.from_labels += 1
                self.define(self.qualify(f.group(1), state), file, line.number, "from")
            return
        if word == "return":
            if state["label"] is not None:
                self.returns.append((self.source(state), file, line.number))
            return
        if word == "$" or word == "python" or s.startswith("python"):
            self.python(line, state, file)
            return
        if word == "image":
            self.images += 1
            return
        if word == "screen":
            self.screens += 1
            return
        if word in self.user_script:
            self.walk(line.children, state, file, in_translate)
            return
        if word in SKIP_BLOCKS or word in NOT_SAY or word in self.user:
            return
        texts = say_text(s, state["monologue"])
        if texts is not None:
            if not in_translate:
                self.dialogue += len(texts)
                self.words += sum(len(t.split()) for t in texts)
                self.characters += sum(len(t) for t in texts)
            return

    def python(self, line, state, file):
        """Constant renpy.jump/call and the calls that end the game, in label code only."""
        if state["label"] is None:
            return
        texts = [line.text]
        stack = list(line.children)
        while stack:
            c = stack.pop(0)
            texts.append(c.text)
            stack[:0] = c.children
        for t in texts:
            for m in PY_CALL_RE.finditer(t):
                if m.group(3):
                    self.jumps.append((self.source(state), self.qualify(m.group(3), state), file, line.number, m.group(1)))
                else:
                    self.dynamic += 1
            if END_CALL_RE.search(t):
                self.end_places.append((self.source(state), f"{file}:{line.number} {END_CALL_RE.search(t).group(0)}"))

    def ends(self, line):
        """Whether control never runs past this statement."""
        s = strip_init(line.text)
        word = first_word(s)
        if word in ("jump", "return"):
            return True
        if word == "$" or word == "python":
            text = " ".join([s] + [c.text for c in line.children])
            return bool(re.search(r"renpy\.(jump|quit|full_restart)\s*\(", text))
        if word == "menu":
            items = [c for c in line.children if STRING_RE.match(c.text) and c.text.endswith(":")]
            return bool(items) and all(self.block_ends(c.children) for c in items)
        return False

    def block_ends(self, body):
        """Whether control never runs past the end of this block: one of its statements ends
        (what follows it is dead code), or an if/elif/else chain in it ends on every branch."""
        for k, line in enumerate(body):
            if self.ends(line):
                return True
            if first_word(line.text) == "if":
                j = k
                while True:
                    if not self.block_ends(body[j].children):
                        break
                    if first_word(body[j].text) == "else":
                        return True
                    j += 1
                    if j == len(body) or first_word(body[j].text) not in ("elif", "else"):
                        break
        return False

    def results(self):
        called = {t for (_, t, _, _, k) in self.jumps if k == "call"}
        flow = {}  # jump, fall-through and inside edges: the control that does not call
        for (src, t, _, _, k) in self.jumps:
            if src is not None and k == "jump":
                flow.setdefault(src, set()).add(t)
        for a, b in list(self.falls.items()) + self.inside:
            flow.setdefault(a, set()).add(b)
        edges = {a: set(b) for a, b in flow.items()}
        for (src, t, _, _, k) in self.jumps:
            if src is not None and k == "call":
                edges.setdefault(src, set()).add(t)

        def search(roots, graph):
            seen = set()
            todo = list(roots)
            while todo:
                x = todo.pop()
                if x in seen or x not in self.labels:
                    continue
                seen.add(x)
                todo.extend(graph.get(x, ()))
            return seen

        reach = search(["start"], edges)
        # A return ends the game in code entered from `start` without a call (the main line),
        # and in any label a call never enters; in a called label's code it goes back.
        main = search(["start"], flow)
        subroutines = search(called, flow) - main
        ending_places = [f"{f}:{n} return in {lbl}" for (lbl, f, n) in self.returns
                         if lbl is not None and lbl not in subroutines]
        ending_places += [p for (lbl, p) in self.end_places if lbl is not None and lbl not in subroutines]
        # Running off the end of a file ends the game even in called code: Ren'Py's run loop
        # stops at a statement with no next one, whatever the call stack holds.
        ending_places += [p for (lbl, p) in self.off_places]
        endings = len(ending_places)
        missing = [f"{f}:{n} {k} {t}" for (_, t, f, n, k) in self.jumps
                   if t not in self.labels and t not in RENPY_LABELS]
        return {
            "files": self.files,
            "lines": self.lines,
            "labels": sum(1 for v in self.labels.values() if v[2] == "label")
            + sum(1 for d in self.duplicates if self.labels.get(d[0], (0, 0, ""))[2] == "label"),
            "local_labels": self.local,
            "menu_labels": self.menu_labels,
            "from_labels": self.from_labels,
            "menus": self.menus,
            "choices": self.choices,
            "guarded_choices": self.guarded,
            "jumps": sum(1 for j in self.jumps if j[4] == "jump"),
            "calls": sum(1 for j in self.jumps if j[4] == "call"),
            "dynamic": self.dynamic,
            "returns": len(self.returns),
            "endings": endings,
            "reachable": sum(1 for x in reach if self.labels[x][2] in ("label", "menu")),
            "reachable_of": sum(1 for v in self.labels.values() if v[2] in ("label", "menu")),
            "reached": sorted(x for x in reach if self.labels[x][2] in ("label", "menu")),
            "dialogue": self.dialogue,
            "words": self.words,
            "characters": self.characters,
            "images": self.images,
            "screens": self.screens,
            "missing": missing,
            "ending_places": ending_places,
            "duplicates": [f"{f}:{n} {name}" for (name, f, n) in self.duplicates],
        }


def game_files(arg):
    if os.path.isfile(arg):
        return os.path.dirname(arg) or ".", [arg]
    base = arg
    gamedir = os.path.join(arg, "game") if os.path.isdir(os.path.join(arg, "game")) else arg
    if os.path.basename(os.path.normpath(gamedir)) == "game":
        base = os.path.dirname(os.path.normpath(gamedir))
    files = []
    for d, dirs, names in os.walk(gamedir):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(".rpy"):
                files.append(os.path.join(d, n))
    return base, files


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    base, files = game_files(args[0])
    game = Game()
    texts = {}
    for path in files:
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            rel = os.path.relpath(path, base).replace("\\", "/")
            texts[rel] = f.read().replace("\r\n", "\n").replace("\r", "\n")
    game.find_user_statements(texts.values())
    # Ren'Py reads files in the order of their names relative to the game folder.
    for rel in sorted(texts):
        game.read(rel, texts[rel])
    r = game.results()
    if "--json" in argv:
        print(json.dumps(r, ensure_ascii=False, indent=1))
        return 0
    for k, v in r.items():
        if isinstance(v, list):
            print(f"{k}: {len(v)}")
            if "--errors" in argv:
                for x in v:
                    print(f"  {x}")
        else:
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
