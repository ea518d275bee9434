#!/usr/bin/env python3
"""Compares storygraph's reading of Yarn projects with Yarn Spinner's own grammar.

    Tests/tools/yarn-side-by-side.py FOLDER

FOLDER holds one sub-folder per project (Tests/tools/real-yarn-projects.sh makes it). The
grammar is tree-sitter-yarn-spinner (`pip install tree-sitter tree-sitter-yarn-spinner`).
Per project it prints nodes, options and jumps as each side counts them, and the jump
edges (node -> target of every <<jump>> and <<detour>>, and every v1 [[link]]) that only
one side has. storygraph's side: `report --format json` (structure.source) and the edges
of `dot --style compact` (a passage `Title#n` belongs to node `Title`).

Where the grammar's tree has ERROR nodes (it does not track the indentation of option
bodies, nor custom commands), its tokens are read in order: `->` is an option, `<<` `jump`
NAME (or `detour`) a jump. v1 links are text to the grammar; they are read from its text
tokens. The Yarn editor's JSON is parsed here and each body handed to the grammar.
ERROR is how many of the project's files the grammar parses with an ERROR node.
Exit code 1 when any figure or edge differs.
"""
import json, os, re, subprocess, sys
import tree_sitter as ts
import tree_sitter_yarn_spinner as tsy

PARSER = ts.Parser(ts.Language(tsy.language()))
BIN = os.environ.get("STORYGRAPH", ".build/debug/storygraph")
ERROR_FILES = 0
LINK = re.compile(r"\[\[([^\]]*)\]\]")


def leaves(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if n.child_count == 0:
            yield n
        stack.extend(reversed(n.children))


def grammar_nodes(source: bytes):
    """(title, options, jump targets, link targets) for each `title:` header the grammar
    finds, in or out of ERROR nodes; tokens after a header are its node's."""
    tree = PARSER.parse(source)
    global ERROR_FILES
    ERROR_FILES += 1 if tree.root_node.has_error else 0
    found = []
    tokens = []
    stack = [tree.root_node]
    while stack:
        n = stack.pop()
        if n.type == "title_header":
            title = ""
            for part in n.children:
                if part.type == "rest_of_line":
                    title = source[part.start_byte:part.end_byte].decode().strip()
            if found:
                found[-1][1].extend(tokens)
            found.append((title, []))
            tokens = []
            continue
        if n.child_count == 0:
            tokens.append((n.type, source[n.start_byte:n.end_byte].decode(errors="replace").strip()))
        stack.extend(reversed(n.children))
    if found:
        found[-1][1].extend(tokens)
    result = []
    for title, toks in found:
        options, jumps, links = 0, [], []
        for k, (kind, text) in enumerate(toks):
            if kind == "shortcut_arrow":
                options += 1
            if kind == "command_start" and k + 2 < len(toks) and toks[k + 1][1] in ("jump", "detour") and toks[k + 2][0] != "command_end":
                jumps.append(toks[k + 2][1])
            if kind in ("text", "rest_of_line"):
                for link in LINK.findall(text):
                    options += 1
                    links.append(link.split("|")[-1].strip())
        result.append((title, options, jumps, links))
    return result


def grammar_side(folder):
    nodes = []
    for root, _, files in sorted(os.walk(folder)):
        for name in sorted(files):
            path = os.path.join(root, name)
            lower = name.lower()
            if lower.endswith(".yarn") or lower.endswith(".yarn.txt"):
                with open(path, "rb") as f:
                    nodes += grammar_nodes(f.read().lstrip(b"\xef\xbb\xbf"))
            elif lower.endswith(".json"):
                try:
                    with open(path, "rb") as f:
                        data = json.loads(f.read().decode("utf-8-sig"))
                except ValueError:
                    continue
                if not (isinstance(data, list) and data and isinstance(data[0], dict) and "body" in data[0]):
                    continue
                for item in data:
                    text = "title: %s\n---\n%s\n===\n" % (item.get("title", ""), item.get("body", ""))
                    nodes += grammar_nodes(text.encode())
    return nodes


def storygraph_side(folder):
    report = subprocess.run([BIN, "report", folder, "--format", "json", "--color", "never"], capture_output=True, text=True)
    if not report.stdout.strip():
        return None, set(), report.stderr.strip().splitlines()[:1]
    source = json.loads(report.stdout)["structure"].get("source", {})
    run = subprocess.run([BIN, "dot", folder, "--style", "compact", "--no-analysis", "--color", "never"], capture_output=True, text=True)
    if run.returncode != 0:
        return source, None, ["dot exited %d" % run.returncode]
    dot = run.stdout
    ids = {m.group(1): m.group(2) for m in re.finditer(r'^\s*(p\d+) \[id="passage:((?:[^"\\]|\\.)*)"', dot, re.M)}
    edges = set()
    for m in re.finditer(r'^\s*(p\d+) -> (p\d+|\w+) \[id="choice:[^"]*", class="choice (\w+)"', dot, re.M):
        src, dst, kind = ids.get(m.group(1)), ids.get(m.group(2)), m.group(3)
        if src is None or dst is None or "#" in dst or kind not in ("choice", "auto", "call"):
            continue
        edges.add((src.split("#")[0].replace('\\"', '"'), dst.replace('\\"', '"')))
    # Broken links go to a "missing" node: read them from the tooltips' "A → B".
    for m in re.finditer(r'class="choice (\w+)"[^\n]*tooltip="((?:[^"\\]|\\.)*) → ((?:[^"\\]|\\.)*?): ', dot):
        if m.group(1) in ("choice", "auto", "call") and "#" not in m.group(3):
            edges.add((m.group(2).split("#")[0], m.group(3)))
    return source, edges, []


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else sys.exit(__doc__)
    differs = 0
    global ERROR_FILES
    print("%-26s %13s %13s %13s %7s  %s" % ("project", "nodes sg/ys", "options", "jumps", "ERROR", "edges only one side has"))
    for project in sorted(os.listdir(folder)):
        path = os.path.join(folder, project)
        if not os.path.isdir(path):
            continue
        ERROR_FILES = 0
        grammar = grammar_side(path)
        errors = "%d" % ERROR_FILES
        g_edges = {(t, j) for t, _, js, ls in grammar for j in js + ls if not j.startswith("{")}
        source, edges, error = storygraph_side(path)
        if source is None:
            print("%-26s storygraph could not read it: %s" % (project, error))
            differs += 1
            continue
        s = (source.get("nodes", 0), source.get("options", 0), source.get("jumps", 0) + source.get("detours", 0))
        g = (len(grammar), sum(o for _, o, _, _ in grammar), sum(len(js) for _, _, js, _ in grammar))
        s = (source.get("nodes", 0), source.get("options", 0), source.get("jumps", 0) + source.get("detours", 0))
        if edges is None:
            print("%-26s %6d/%-6d %6d/%-6d %6d/%-6d %7s  storygraph: %s" % (project, s[0], g[0], s[1], g[1], s[2], g[2], errors, error[0]))
            differs += 1
            continue
        only_sg = sorted(edges - g_edges)
        only_ys = sorted(g_edges - edges)
        notes = []
        if only_sg:
            notes.append("storygraph only: " + ", ".join("%s->%s" % e for e in only_sg[:4]) + (" …" if len(only_sg) > 4 else ""))
        if only_ys:
            notes.append("grammar only: " + ", ".join("%s->%s" % e for e in only_ys[:4]) + (" …" if len(only_ys) > 4 else ""))
        same = g == s and not only_sg and not only_ys
        differs += 0 if same else 1
        print("%-26s %6d/%-6d %6d/%-6d %6d/%-6d %7s  %s" % (project, s[0], g[0], s[1], g[1], s[2], g[2], errors, "; ".join(notes) or "same"))
    sys.exit(1 if differs else 0)


if __name__ == "__main__":
    main()
