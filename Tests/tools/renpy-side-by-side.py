#!/usr/bin/env python3
"""Ren'Py side by side: Debian's `renpy` lint, an independent count and storygraph, per game.

    Tests/tools/renpy-side-by-side.py LIST WORK [--lint-again] [--markdown]

LIST is Tests/tools/real-renpy-games.tsv (repository, commit, game base in the repository,
.rpy lines, Ren'Py's verdict); WORK holds games/owner+name (each game's files at its commit,
as try-real-renpy.sh --fetch leaves them) and receives lint/owner+name.txt, Ren'Py lint's
report (kept: delete it, or pass --lint-again, to run lint again). Lint runs through
Tests/tools/renpy-lint.py (Debian's package `renpy`, 8.0.3). The independent count is
Tests/tools/renpy-count.py. storygraph is $STORYGRAPH, else .build/debug/storygraph; without
it only lint and the count are compared.

For each game it prints one row: .rpy lines; lint's flow errors (jumps and calls to labels
that do not exist, at file:line) and how many storygraph reports at the same file and line
(its broken-link, duplicate-id and renpy-* errors; for a game Ren'Py refuses, its renpy-syntax errors at Ren'Py's
parse errors); lint's dialogue blocks, words and menus beside storygraph's; the count's
labels, menus, endings and labels reachable from `start` beside storygraph's; the times.
Then every disagreement, one line each. Exits 1 when lint and storygraph disagree on an
error line or one of lint's figures (dialogue blocks, words, characters, menus, images,
screens; the count's figures are an approximation and
are shown, not held against storygraph).
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("renpy_count", os.path.join(HERE, "renpy-count.py"))
count = importlib.util.module_from_spec(spec)
spec.loader.exec_module(count)


def read_list(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        repo, commit, base, lines, verdict = line.rstrip("\n").split("\t")[:5]
        rows.append({"repo": repo, "commit": commit, "base": base, "lines": int(lines), "verdict": verdict})
    return rows


def number(s):
    return int(s.replace(",", ""))


def run_lint(base, out, home):
    env = dict(os.environ, HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.monotonic()
    with open(out, "w", encoding="utf-8") as f:
        subprocess.run(["/usr/bin/python3", os.path.join(HERE, "renpy-lint.py"), base, "lint"],
                       stdout=f, stderr=subprocess.STDOUT, env=env, timeout=1800)
    return time.monotonic() - t0


def parse_lint(path):
    """Lint's figures and flow errors; for a game Ren'Py refuses, its parse errors."""
    text = open(path, encoding="utf-8-sig", errors="replace").read()
    flat = " ".join(text.split())
    r = {"read": False, "errors": [], "parse_errors": []}
    m = re.search(r"The game contains ([\d,]+) menus, ([\d,]+) images, and ([\d,]+) screens", flat)
    if m:
        r.update(read=True, menus=number(m.group(1)), images=number(m.group(2)), screens=number(m.group(3)),
                 dialogue=0, words=0, characters=0)
        d = re.search(r"The game contains ([\d,]+) dialogue blocks, containing ([\d,]+) words and ([\d,]+) characters", flat)
        if d:
            r.update(dialogue=number(d.group(1)), words=number(d.group(2)), characters=number(d.group(3)))
        for f, line, kind, label in re.findall(r"^(.+?):(\d+) The (jump|call) is to nonexistent label '([^']*)'\.", text, re.M):
            r["errors"].append((f, int(line), f"{kind} {label}"))
    for f, line, msg in re.findall(r'^File "(.+?)", line (\d+): (.*)$', text, re.M):
        r["parse_errors"].append((f, int(line), msg))
    r["duplicates"] = [(f, int(line), name) for name, _, _, f, line in re.findall(
        r"The label (\S+) is defined twice, at File \"(.+?)\", line (\d+):.*?and File \"(.+?)\", line (\d+)", flat)]
    return r


def storygraph(binary, base):
    """storygraph's `check` and `report` of the game, as JSON, with their exit codes and times."""
    out = {}
    for command in ("check", "report"):
        t0 = time.monotonic()
        run = subprocess.run([binary, command, base, "--format", "json", "--color", "never"],
                             capture_output=True, text=True, timeout=600)
        out[command + "_ms"] = int((time.monotonic() - t0) * 1000)
        out[command + "_exit"] = run.returncode
        try:
            out[command] = json.loads(run.stdout)
        except ValueError:
            out[command] = None
            out[command + "_stderr"] = run.stderr.strip().splitlines()[:3]
    return out


def relative(f, base):
    """A finding's file as lint names it: relative to the base (the folder holding game/)."""
    f = os.path.abspath(f).replace("\\", "/")
    b = os.path.abspath(base).replace("\\", "/").rstrip("/") + "/"
    return f[len(b):] if f.startswith(b) else f


def sg_findings(sg, base):
    found = []
    for entry in (sg.get("check") or {}).get("files", []):
        for finding in entry.get("findings", []):
            loc = finding.get("location")
            if loc:
                found.append((relative(loc["file"], base), loc["line"], finding.get("rule", ""),
                              finding["severity"], finding["message"]))
    return found


def flow_error(rule, severity):
    """storygraph's findings that stand for lint's flow errors: the shared broken-link and
    duplicate-id, and the loader's own Ren'Py errors (renpy-missing-label …) but its syntax."""
    if rule in ("broken-link", "duplicate-id"):
        return True
    return rule.startswith("renpy-") and rule != "renpy-syntax" and severity == "error"


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        print("usage: renpy-side-by-side.py LIST WORK [--lint-again] [--markdown]", file=sys.stderr)
        return 64
    rows = read_list(args[0])
    work = os.path.abspath(args[1])
    binary = os.environ.get("STORYGRAPH", ".build/debug/storygraph")
    have_sg = os.access(binary, os.X_OK)
    if not have_sg:
        print(f"no storygraph binary at {binary}: comparing lint and the count only", file=sys.stderr)
    os.makedirs(os.path.join(work, "lint"), exist_ok=True)
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    table = []
    notes = []
    disagreements = 0
    for row in rows:
        name = row["repo"].replace("/", "+").replace(":", "+")
        base = os.path.normpath(os.path.join(work, "games", name, row["base"]))
        if not os.path.isdir(base):
            notes.append(f"{row['repo']}: no files at {base} (run try-real-renpy.sh --fetch)")
            continue
        lint_path = os.path.join(work, "lint", name + ".txt")
        lint_s = None
        if "--lint-again" in argv or not os.path.exists(lint_path):
            lint_s = run_lint(base, lint_path, home)
        lint = parse_lint(lint_path)
        game = count.Game()
        _, files = count.game_files(base)
        texts = {}
        for path in files:
            with open(path, encoding="utf-8-sig", errors="replace") as f:
                texts[os.path.relpath(path, base).replace("\\", "/")] = f.read().replace("\r\n", "\n").replace("\r", "\n")
        game.find_user_statements(texts.values())
        for rel in sorted(texts):
            game.read(rel, texts[rel])
        ours = game.results()
        # storygraph is given the game folder (game/ under the base), the folder Ren'Py reads.
        game_dir = os.path.join(base, "game") if os.path.isdir(os.path.join(base, "game")) else base
        sg = storygraph(binary, game_dir) if have_sg else None
        src = {}
        st = {}
        unreachable_labels = None
        unknown_labels = 0
        findings = []
        if sg:
            findings = sg_findings(sg, base)
            rep = sg.get("report") or {}
            st = rep.get("structure") or {}
            src = st.get("source") or {}
            if "unreachable" in rep:
                # Passages named name:line are the parts storygraph splits a label into.
                unreachable_labels = sum(1 for p in rep["unreachable"] if not re.search(r":\d+$", p))
            # Passages neither proven reachable nor proven unreachable (past a cut call or a
            # computed link): storygraph's `reach.unknown`, labels only.
            unknown_labels = sum(1 for u in (rep.get("reach") or {}).get("unknown", [])
                                 if not re.search(r":\d+$", u["id"]))
        g = lambda k: src.get(k, "-") if sg else "·"

        # Flow errors: lint's (or, for a refused game, Ren'Py's parse errors) at the same line.
        if lint["read"]:
            wanted = [(f, n, what) for (f, n, what) in lint["errors"]]
            sg_errors = [(f, n) for (f, n, rule, sev, _) in findings if flow_error(rule, sev)]
        else:
            wanted = [(f, n, msg) for (f, n, msg) in lint["parse_errors"]]
            sg_errors = [(f, n) for (f, n, rule, sev, _) in findings if rule == "renpy-syntax"]
        same = sum(1 for (f, n, _) in wanted if (f, n) in sg_errors)
        errors_cell = f"{len(wanted)} / {same if sg else '·'}"
        if sg:
            for (f, n, what) in wanted:
                if (f, n) not in sg_errors:
                    notes.append(f"{row['repo']}: Ren'Py {f}:{n} {what}: storygraph has no error there")
                    disagreements += 1
            extra = sorted(set(x for x in sg_errors if x not in [(f, n) for (f, n, _) in wanted]))
            for (f, n) in extra:
                msg = next((m for (ff, nn, _, _, m) in findings if (ff, nn) == (f, n)), "")
                notes.append(f"{row['repo']}: storygraph error at {f}:{n} ({msg[:100]}): Ren'Py reports none there")
                disagreements += 1
        if lint["read"]:
            pairs = [("dialogue", "dialogue_blocks"), ("words", "words"), ("characters", "characters"), ("menus", "menus"),
                     ("images", "images"), ("screens", "screens")]
            if sg:
                for ours_key, sg_key in pairs:
                    if src.get(sg_key) != lint[ours_key]:
                        notes.append(f"{row['repo']}: {ours_key}: lint {lint[ours_key]}, storygraph {src.get(sg_key, '-')}")
                        disagreements += 1
            for k in ("dialogue", "words", "characters", "menus", "images", "screens"):
                if ours[k] != lint[k]:
                    notes.append(f"{row['repo']}: {k}: lint {lint[k]}, the count {ours[k]} (the count's error)")
            lint_cells = [f"{lint['dialogue']:,} / {g('dialogue_blocks')}", f"{lint['words']:,} / {g('words')}",
                          f"{lint['menus']} / {g('menus')}"]
        else:
            lint_cells = ["refused", "", ""]
        if sg and sg.get("report") is None:
            notes.append(f"{row['repo']}: storygraph report exit {sg.get('report_exit')}: {' '.join(sg.get('report_stderr', []))[:200]}")
        reach_sg = "·"
        if sg and st:
            # Labels proven reachable, and (when storygraph withholds a claim) how many it
            # calls unknown; the rest it proves unreachable.
            proven = src.get('labels', 0) - (unreachable_labels or 0) - unknown_labels
            reach_sg = "-" if unreachable_labels is None else (
                f"{proven}" + (f" (+{unknown_labels} unknown)" if unknown_labels else ""))
        labels_all = ours["labels"] + ours["menu_labels"]
        table.append([
            row["repo"], f"{row['lines']:,}", errors_cell, *lint_cells,
            f"{labels_all} / {g('labels')}", f"{ours['endings']} / {st.get('endings', '-') if sg else '·'}",
            f"{ours['reachable']} of {ours['reachable_of']} / {reach_sg}",
            f"{lint_s:.1f} s" if lint_s is not None else "kept",
            f"{sg['check_ms']} / {sg['report_ms']} ms" if sg else "·",
        ])
    head = ["game", ".rpy lines", "lint errors / storygraph at same line", "dialogue lint / sg",
            "words lint / sg", "menus lint / sg", "labels count / sg", "endings count / sg",
            "reachable count / sg", "lint", "sg check / report"]
    if "--markdown" in argv:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in table:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(str(x[i])) for x in table + [head]) for i in range(len(head))]
        for r in [head] + table:
            print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
    for n in notes:
        print("  " + n)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
