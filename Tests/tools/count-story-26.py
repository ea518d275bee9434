#!/usr/bin/env python3
"""An independent count of a story, sharing nothing with storygraph's loaders.

    count-story-26.py FORMAT PATH

Prints one JSON object: passages, reachable, endings, broken (links whose static
target does not exist), dynamic (links whose target is an expression), and
format-specific figures. Every reading here is a plain regular expression over
the text plus a breadth-first search over the links found; where a construct is
not read, it is said in the `unread` list so the comparison can say why.

Formats: sugarcube, sugarcube-html, snowman, harlowe (Twee file, Twee folder, or
published HTML), ink (source, INCLUDEs followed), ink-json (compiled, also
wrapped in a script), yarn, choicescript (the folder holding scenes/), destini
(the project folder), gamebook (a JS list of text nodes, or `stepN` objects).
"""
import html
import json
import os
import re
import sys
from collections import deque


def bfs(starts, edges):
    seen = set()
    queue = deque(s for s in starts if s is not None)
    while queue:
        node = queue.popleft()
        if node in seen:
            continue
        seen.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in seen:
                queue.append(nxt)
    return seen


# ---------------------------------------------------------------- Twine

SPECIAL_SUGARCUBE = {
    "StoryInit", "StoryCaption", "StoryMenu", "StoryBanner", "StorySubtitle", "StoryAuthor",
    "StoryDisplayTitle", "StoryShare", "StorySettings", "StoryInterface", "PassageReady",
    "PassageDone", "PassageHeader", "PassageFooter",
}
ALWAYS_RENDERED = {"StoryInit", "StoryCaption", "StoryMenu", "StoryBanner", "PassageReady",
                   "PassageDone", "PassageHeader", "PassageFooter", "StorySubtitle", "StoryAuthor"}
NON_STORY_TAGS = {"script", "stylesheet", "widget", "Twine.private", "Twine.image"}
HARLOWE_SPECIAL_TAGS = {"header", "footer", "startup", "debug-header", "debug-footer", "debug-startup"}


def read_twee_files(path):
    files = []
    if os.path.isdir(path):
        for root, _dirs, names in os.walk(path):
            for name in sorted(names):
                if name.lower().endswith((".twee", ".tw", ".tw2")):
                    files.append(os.path.join(root, name))
    else:
        files.append(path)
    return sorted(files)


def unescape_twee(name):
    return re.sub(r"\\(.)", r"\1", name)


def parse_twee(path):
    passages = {}
    start = None
    for file in read_twee_files(path):
        text = open(file, encoding="utf-8", errors="replace").read().replace("\r\n", "\n")
        chunks = re.split(r"(?m)^::(?!:)", text)
        for chunk in chunks[1:]:
            header, _, body = chunk.partition("\n")
            m = re.match(r"\s*((?:\\.|[^\[{\\])*)(?:\[((?:\\.|[^\]])*)\])?\s*(\{.*\})?\s*$", header)
            if not m:
                continue
            name = unescape_twee(m.group(1).strip())
            tags = set((m.group(2) or "").split())
            passages[name] = (tags, body)
            if name == "StoryData":
                try:
                    start = json.loads(body).get("start") or start
                except ValueError:
                    pass
    return passages, start or "Start"


def parse_twine_html(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    sd = re.search(r"<tw-storydata([^>]*)>", text)
    startnode = re.search(r'startnode="(\d+)"', sd.group(1)).group(1) if sd else None
    passages, start = {}, None
    for m in re.finditer(r"<tw-passagedata([^>]*)>(.*?)</tw-passagedata>", text, re.S):
        attrs = m.group(1)
        name = html.unescape(re.search(r'name="([^"]*)"', attrs).group(1))
        tags = set(html.unescape((re.search(r'tags="([^"]*)"', attrs) or [None, ""])[1]).split())
        pid = (re.search(r'pid="(\d+)"', attrs) or [None, None])[1]
        passages[name] = (tags, html.unescape(m.group(2)))
        if pid == startnode:
            start = name
    return passages, start or "Start"


# Quoted strings; a backquoted argument is an expression to SugarCube, so it is not one.
STRING = r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')"""


def strip_quotes(s):
    return s[1:-1]


def twine_links(body, fmt):
    """(static link targets, dynamic count, inclusions) of one passage body."""
    targets, dynamic, includes = [], 0, []
    body_nc = re.sub(r"/\*.*?\*/|<!--.*?-->", "", body, flags=re.S)
    for m in re.finditer(r"<<(?:include|display)\s+\[\[(.*?)\]\]\s*>>", body_nc):
        includes.append(m.group(1).split("|")[-1].strip())
    body_nc = re.sub(r"<<(?:include|display)\s+\[\[(.*?)\]\]\s*>>", "", body_nc)
    for m in re.finditer(r"\[\[(.*?)\]\]", body_nc, re.S):
        inner = m.group(1).split("][", 1)[0]
        if "|" in inner:
            target = inner.rsplit("|", 1)[1]
        elif "->" in inner:
            target = inner.rsplit("->", 1)[1]
        elif "<-" in inner:
            target = inner.split("<-", 1)[0]
        else:
            target = inner
        target = target.strip()
        if re.match(r"^[a-z]+://", target):
            continue  # an external link, not a passage
        if fmt.startswith("sugarcube") and re.search(r"^[$_]\w|[\s(+][$_]\w|^State\.|^setup\.", target):
            dynamic += 1
        else:
            targets.append(target)
    if fmt.startswith("sugarcube"):
        for m in re.finditer(r"\[img\[", body_nc):
            i, depth = m.end(), 1
            while i < len(body_nc) and depth:
                depth += {"[": 1, "]": -1}.get(body_nc[i], 0)
                i += 1
            if body_nc[i:i + 1] == "[":
                j = body_nc.find("]", i)
                target = body_nc[i + 1:j].strip()
                if re.search(r"^[$_]\w|[\s(+][$_]\w", target):
                    dynamic += 1
                else:
                    targets.append(target)
        for m in re.finditer(r"Engine\.(?:play|goto)\(\s*" + STRING + r"\s*\)", body_nc):
            targets.append(strip_quotes(m.group(1)))
        for m in re.finditer(r"<<textbox\s+(.*?)>>", body_nc, re.S):
            strings = [strip_quotes(s) for s in re.findall(STRING, m.group(1))]
            if len(strings) >= 3:
                targets.append(strings[2])
        for m in re.finditer(r"<<(goto|include|display|link|button|actions|choice|click)\b(.*?)>>", body_nc, re.S):
            macro, args = m.group(1), m.group(2)
            if "[[" in args:
                continue  # already read as a link
            strings = [strip_quotes(s) for s in re.findall(STRING, args)]
            if not strings and macro in ("goto", "include", "display") and re.fullmatch(r"\s*[A-Za-z][\w -]*\s*", args):
                strings = [args.strip()]  # a bareword argument is a string to SugarCube
            if macro in ("include", "display"):
                if strings:
                    includes.append(strings[0])
                elif args.strip():
                    dynamic += 1
            elif macro in ("goto", "actions", "choice"):
                if strings:
                    targets.extend(strings if macro == "actions" else strings[:1])
                elif args.strip():
                    dynamic += 1
            elif len(strings) >= 2:
                targets.append(strings[1])
            elif args.strip()[len(strings[0]) + 2 if strings else 0:].strip():
                dynamic += 1  # a passage argument that is an expression ($var, State.passage …)
    if fmt == "harlowe":
        for m in re.finditer(r"\((link-goto|click-goto|link-reveal-goto|goto|go-to|display):(.*?)\)", body_nc, re.S):
            strings = [strip_quotes(s) for s in re.findall(STRING, m.group(2))]
            if not strings:
                dynamic += 1
            elif m.group(1) == "display":
                includes.append(strings[-1])
            else:
                targets.append(strings[-1])
    if fmt == "chapbook":
        for m in re.finditer(r"\{(link to|embed passage|reveal link)\s*:?(.*?)\}", body_nc, re.S):
            strings = [strip_quotes(x) for x in re.findall(STRING, m.group(2))]
            if m.group(1) == "reveal link":
                if "passage" in m.group(2) and strings:
                    includes.append(strings[-1])
            elif not strings:
                dynamic += 1
            elif m.group(1) == "embed passage":
                includes.append(strings[0])
            else:
                targets.append(strings[0])
    if fmt == "snowman":
        for m in re.finditer(r"story\.(show|render|passage)\(\s*" + STRING, body_nc):
            (targets if m.group(1) == "show" else includes).append(strip_quotes(m.group(2)))
        for m in re.finditer(r"data-passage=\"([^\"]+)\"", body_nc):
            targets.append(m.group(1))
    return targets, dynamic, includes


def count_twine(path, fmt):
    if path.lower().endswith((".html", ".htm")):
        passages, start = parse_twine_html(path)
    else:
        passages, start = parse_twee(path)
    unread = []
    widget_links, widget_calls = {}, {}
    for name, (tags, body) in passages.items():
        if "widget" in tags:
            for m in re.finditer(r"<<widget\s+" + STRING + r"[^>]*>>(.*?)<</widget>>", body, re.S):
                wname = strip_quotes(m.group(1))
                widget_links[wname] = twine_links(m.group(2), fmt)
                widget_calls[wname] = set(re.findall(r"<<([A-Za-z][\w-]*)", m.group(2)))

    def widget_closure(calls):
        seen, todo = set(), [c for c in calls if c in widget_links]
        while todo:
            w = todo.pop()
            if w in seen:
                continue
            seen.add(w)
            todo.extend(c for c in widget_calls.get(w, ()) if c in widget_links)
        return seen

    story = {n for n, (tags, _b) in passages.items()
             if n not in ("StoryTitle", "StoryData") and not (tags & NON_STORY_TAGS)
             and not (fmt.startswith("sugarcube") and n in SPECIAL_SUGARCUBE)
             and not (fmt == "harlowe" and tags & HARLOWE_SPECIAL_TAGS)}
    edges, dyn, broken, broken_names, own, incl = {}, 0, 0, set(), {}, {}
    linked, included = set(), set()
    for name, (tags, body) in passages.items():
        if tags & {"script", "stylesheet", "widget"} or name in ("StoryTitle", "StoryData"):
            continue
        targets, d, includes = twine_links(body, fmt)
        if name == "StoryInit":
            targets, d = [], 0  # StoryInit runs, its output is thrown away: only what it includes runs
        if fmt.startswith("sugarcube"):
            for w in widget_closure(set(re.findall(r"<<([A-Za-z][\w-]*)", body))):
                t2, d2, i2 = widget_links[w]
                targets, includes = targets + t2, includes + i2
                d += d2
        edges[name] = [t for t in targets + includes if t in passages]
        own[name] = (set(targets), d)
        incl[name] = [t for t in includes if t in passages]
        linked.update(targets)
        included.update(includes)
        dyn += d
    # Broken links counted once where they are written (a widget's once, not once per caller).
    for name, (tags, body) in passages.items():
        if tags & {"script", "stylesheet"} or name in ("StoryTitle", "StoryData", "StoryInit"):
            continue
        targets, _d, includes = twine_links(body, fmt)
        for t in targets + includes:
            if t not in passages:
                broken += 1
                broken_names.add(t)
    starts = [start] + [n for n in ALWAYS_RENDERED if n in passages] if fmt.startswith("sugarcube") else [start]
    if fmt == "harlowe":
        starts += [n for n, (tags, _b) in passages.items() if tags & {"header", "footer", "startup"}]
    reach = bfs(starts, edges) & story
    fragments = included - linked

    def effective(n):
        seen, todo, links, d = set(), [n], set(), 0
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            t, dx = own.get(x, (set(), 0))
            links |= t
            d += dx
            todo.extend(incl.get(x, ()))
        return links, d

    endings = 0
    for n in reach - fragments:
        links, d = effective(n)
        if d == 0 and (not links or (links <= {start, n} and n != start)):
            endings += 1
    if re.search(r"Engine\.play|Story\.get|Macro\.add", "".join(b for _n, (t, b) in passages.items() if "script" in t)):
        unread.append("JavaScript in the story script (Engine.play / Macro.add) not followed")
    return {"passages": len(story), "all_passages": len(passages), "start": start,
            "reachable": len(reach), "endings": endings, "broken": broken,
            "broken_targets": len(broken_names), "dynamic": dyn, "widgets": len(widget_links),
            "unread": unread}


# ---------------------------------------------------------------- ink source

def ink_sources(path, missing):
    seen, order, todo = set(), [], [os.path.abspath(path)]
    while todo:
        f = todo.pop(0)
        if f in seen:
            continue
        if not os.path.exists(f):
            missing.append(f)
            continue
        seen.add(f)
        order.append(f)
        text = open(f, encoding="utf-8-sig", errors="replace").read()
        for m in re.finditer(r"(?m)^\s*INCLUDE\s+(.+?)\s*$", text):
            todo.append(os.path.join(os.path.dirname(path), m.group(1)))
    return order


def strip_ink_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?<!:)//.*", "", text)


def count_ink(path):
    knots, stitches, functions, choices, gathers = [], 0, 0, 0, 0
    edges, current, top = {}, "<top>", []
    missing = []
    for f in ink_sources(path, missing):
        text = strip_ink_comments(open(f, encoding="utf-8-sig", errors="replace").read())
        depth = 0
        for line in text.split("\n"):
            s = line.strip()
            m = re.match(r"^={2,}\s*(function\s+)?([\w]+)", s)
            if m:
                # Counted as inklecate -s counts them: a function is a knot too.
                knots.append(m.group(2))
                current = m.group(2)
                if m.group(1):
                    functions += 1
                depth = 0
            elif re.match(r"^=\s*[\w]+", s):
                stitches += 1
            elif depth == 0 and re.match(r"^[*+]", s):
                choices += 1
            elif depth == 0 and re.match(r"^-(?!>)", s):
                gathers += 1
            for t in re.findall(r"(?:->|<-)\s*([\w.]+)", s):
                edges.setdefault(current, set()).add(t.split(".")[0])
            depth += s.count("{") - s.count("}")
            depth = max(depth, 0)
    for f in ink_sources(path, []):
        text = strip_ink_comments(open(f, encoding="utf-8-sig", errors="replace").read())
        for name in re.findall(r"(\w+)\s*\(", text):
            edges.setdefault("<top>", set()).add(name)  # a function is entered by its call
    reach = bfs(["<top>"], edges)
    return {"invalid": "INCLUDE file missing: " + ", ".join(os.path.basename(m) for m in missing) if missing else None,
            "knots": len(knots), "stitches": stitches, "functions": functions, "choices": choices,
            "gathers": gathers, "reachable_knots": len([k for k in knots if k in reach]),
            "unread": ["gathers/choices inside multi-line { } blocks not counted"]}


# ---------------------------------------------------------------- compiled ink

def count_ink_json(path):
    text = open(path, encoding="utf-8-sig", errors="replace").read()
    start = text.index("{")
    end = text.rindex("}")
    story = json.loads(text[start:end + 1])
    root = story["root"]
    named = root[-1] if isinstance(root[-1], dict) else {}
    knots = [k for k in named if not k.startswith("#") and k != "global decl"]

    def targets(node, knot, out):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("->", "f()", "->t->", "^->", "*") and isinstance(value, str) and not node.get("var"):
                    if not value.startswith("."):
                        out.add(value.split(".")[0])
                else:
                    targets(value, knot, out)
        elif isinstance(node, list):
            for item in node:
                targets(item, knot, out)

    # A function is a knot only ever called (`f()`), never diverted to: ink's compiler marks
    # it (`=== function f ===`), the JSON does not. It is no passage of the flow (a call
    # returns), so it is counted apart: checked on pureblue with inkjs's compiler, whose
    # parsed story has 15 knots, 2 of them functions (check_suspicion, check_time).
    called, diverted = set(), set()

    def uses(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, str) and key in ("f()", "->", "->t->", "^->", "*") and not node.get("var"):
                    (called if key == "f()" else diverted).add(value.split(".")[0])
                else:
                    uses(value)
        elif isinstance(node, list):
            for item in node:
                uses(item)

    uses(root)
    functions = [k for k in knots if k in called and k not in diverted]
    flow = [k for k in knots if k not in functions]
    edges = {}
    for k in knots:
        out = set()
        targets(named[k], k, out)
        edges[k] = out
    top = set()
    targets(root[:-1], None, top)
    edges["<top>"] = top
    reach = bfs(["<top>"], edges)
    variable_diverts = len(re.findall(r'"var"\s*:\s*true', text))
    return {"inkVersion": story.get("inkVersion"), "knots": len(flow), "functions": len(functions),
            "reachable_knots": len([k for k in flow if k in reach]),
            "variable_diverts": variable_diverts, "unread": []}


# ---------------------------------------------------------------- Yarn

def count_yarn(path):
    text = open(path, encoding="utf-8-sig", errors="replace").read().replace("\r\n", "\n")
    # A title written more than once (Yarn Spinner 3 node groups, each with `when:`
    # headers) is one name whose nodes all count: each node is one passage.
    nodes, order = {}, []
    for block in re.split(r"(?m)^===\s*$", text):
        m = re.search(r"(?m)^title:\s*(.+?)\s*$", block)
        if not m:
            continue
        body = block.split("\n---\n", 1)[1] if "\n---\n" in block else ""
        nodes.setdefault(m.group(1), []).append(body)
        order.append(m.group(1))
    edges, broken, endings_src, invalid = {}, 0, {}, None
    for name, bodies in nodes.items():
        edges[name], endings_src[name] = [], []
        for body in bodies:
            # `<<if>>` as a statement (a line of its own) needs `<<endif>>`; at the end of a
            # line or option it is that line's condition.
            if len(re.findall(r"(?m)^\s*<<if\b", body)) != len(re.findall(r"<<endif\s*>>", body)):
                invalid = "node %s: <<if>> without <<endif>>" % name
            ts = re.findall(r"<<(?:jump|detour)\s+([\w.]+)\s*>>", body)
            ts += [t.split("|")[-1].strip() for t in re.findall(r"\[\[(.*?)\]\]", body)]
            edges[name] += [t for t in ts if t in nodes]
            broken += len([t for t in ts if t not in nodes])
            endings_src[name].append(len(ts) == 0)
    start = "Start" if "Start" in nodes else (order[0] if order else None)
    reach = bfs([start], edges)
    endings = sum(sum(endings_src[n]) for n in reach)
    return {"invalid": invalid, "passages": len(order), "start": start,
            "reachable": len([n for n in order if n in reach]), "endings": endings,
            "broken": broken, "unread": ["options without a jump fall through (counted as an ending when the node has no jump)"]}


# ---------------------------------------------------------------- ChoiceScript

def count_choicescript(path):
    scenes_dir = os.path.join(path, "scenes")
    files = {os.path.splitext(f)[0]: os.path.join(scenes_dir, f)
             for f in os.listdir(scenes_dir) if f.endswith(".txt")}
    startup = open(files["startup"], encoding="utf-8-sig", errors="replace").read()
    scene_list, inside = [], False
    for line in startup.replace("\r\n", "\n").split("\n"):
        if re.match(r"^\s*\*scene_list\b", line):
            inside = True
        elif inside and re.match(r"^[ \t]+\S", line):
            scene_list.append(line.strip().lstrip("$").strip().strip('"'))
        elif inside:
            break
    scene_list = scene_list or ["startup"]
    edges, labels, broken_labels, broken_scenes, finishes = {}, 0, 0, 0, 0
    # The scenes read: the list's, and any scene a *goto_scene or *gosub_scene names (the
    # runtime loads it by name whether or not the list has it).
    todo, read = list(scene_list), []
    while todo:
        name = todo.pop(0)
        if name in read:
            continue
        read.append(name)
        if name not in files:
            broken_scenes += 1
            continue
        text = open(files[name], encoding="utf-8-sig", errors="replace").read()
        scene_labels = set(re.findall(r"(?m)^\s*\*label\s+(\S+)", text))
        labels += len(scene_labels)
        out = set()
        for t in re.findall(r"(?m)^\s*\*(?:goto|gosub)\s+(\S+)", text):
            if t not in scene_labels and not t.startswith("{"):
                broken_labels += 1
        for t in re.findall(r"(?m)\*(?:goto_scene|gosub_scene)\s+(\S+)", text):
            out.add(t)
            if t in files:
                todo.append(t)
            else:
                broken_scenes += 1
        if re.search(r"(?m)^\s*\*finish", text) and name in scene_list and scene_list.index(name) + 1 < len(scene_list):
            out.add(scene_list[scene_list.index(name) + 1])
        finishes += len(re.findall(r"(?m)^\s*\*(?:finish|ending)\b", text))
        edges[name] = out
    reach = bfs([scene_list[0]], edges)
    return {"scenes": len([s for s in read if s in files]), "scene_list": len(scene_list), "scene_files": len(files), "reachable_scenes": len(reach & set(scene_list)),
            "labels": labels, "broken_labels": broken_labels, "broken_scenes": broken_scenes,
            "finish_or_ending": finishes, "unread": []}


# ---------------------------------------------------------------- Destini and gamebooks

def count_destini(path):
    texts = []
    for root, _dirs, names in os.walk(path):
        for n in names:
            if n.endswith(".swift"):
                texts.append(open(os.path.join(root, n), encoding="utf-8", errors="replace").read())
    src = "\n".join(texts)
    # `Story(title: …, choice1Destination: 2, …)`, or an initialiser of the author's own with
    # short labels (`stories(t: …, c1d: 2, c2d: 1)`).
    stories = re.findall(r"\b(?:Story|stories)\(\s*t(?:itle)?:(?:(?!\b(?:Story|stories)\().)*?c(?:hoice)?1(?:Destination|d):\s*(\d+)(?:(?!\b(?:Story|stories)\().)*?c(?:hoice)?2(?:Destination|d):\s*(\d+)\s*\)", src, re.S)
    edges = {i: {int(a), int(b)} for i, (a, b) in enumerate(stories)}
    endings = [i for i, d in edges.items() if i != 0 and d <= {0}]
    reach = bfs([0], {i: (d if i not in endings else set()) for i, d in edges.items()})
    return {"passages": len(stories), "reachable": len(reach), "endings": len([e for e in endings if e in reach]),
            "broken": len([t for d in edges.values() for t in d if t >= len(stories)]), "unread": []}


def count_gamebook(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    nodes = {}
    if "textNodes" in text:
        for m in re.finditer(r"\{\s*id:\s*(\d+),(.*?)(?=\{\s*id:\s*\d+,|\Z)", text, re.S):
            nodes[int(m.group(1))] = [int(x) for x in re.findall(r"nextText:\s*(-?\d+)", m.group(2))]
        start = min(nodes) if nodes else None
    else:
        for m in re.finditer(r"const\s+step(\d+)\s*=\s*\{(.*?)\n\};", text, re.S):
            nodes[int(m.group(1))] = [int(x) for x in re.findall(r"nextStep:\s*(-?\d+)", m.group(2))]
        start = 0
    edges = {k: [t for t in v if t in nodes] for k, v in nodes.items()}
    reach = bfs([start], edges)
    endings = len([k for k in reach if all(t <= 0 and t not in nodes for t in nodes[k]) or not nodes[k]])
    broken = len([t for v in nodes.values() for t in v if t > 0 and t not in nodes])
    options = sum(len(v) for v in nodes.values())
    return {"passages": len(nodes), "options": options, "reachable": len(reach), "endings": endings,
            "broken": broken, "unread": []}


def count_twison(path):
    story = json.load(open(path, encoding="utf-8-sig"))
    by_pid = {p["pid"]: p["name"] for p in story["passages"]}
    names = {p["name"] for p in story["passages"]}
    start = by_pid.get(str(story.get("startnode")), by_pid.get(story.get("startnode")))
    edges, broken, endings = {}, 0, set()
    for p in story["passages"]:
        links = [l.get("link") or l.get("name") for l in p.get("links", [])]
        edges[p["name"]] = [l for l in links if l in names]
        broken += len([l for l in links if l not in names])
        if not links:
            endings.add(p["name"])
    reach = bfs([start], edges)
    return {"passages": len(names), "reachable": len(reach), "endings": len(endings & reach),
            "broken": broken, "unread": []}


def main():
    fmt, path = sys.argv[1], sys.argv[2]
    if fmt in ("sugarcube", "sugarcube-html", "snowman", "harlowe", "chapbook"):
        out = count_twine(path, "sugarcube" if fmt == "sugarcube-html" else fmt)
    elif fmt == "ink":
        out = count_ink(path)
    elif fmt == "ink-json":
        out = count_ink_json(path)
    elif fmt == "yarn":
        out = count_yarn(path)
    elif fmt == "choicescript":
        out = count_choicescript(path)
    elif fmt == "destini":
        out = count_destini(path)
    elif fmt == "twison":
        out = count_twison(path)
    elif fmt == "gamebook":
        out = count_gamebook(path)
    else:
        sys.exit("unknown format " + fmt)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
