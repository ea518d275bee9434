#!/usr/bin/env python3
"""storygraph beside ChoiceScript's own quicktest and randomtest, on real games.

    Tests/tools/choicescript-side-by-side.py TOOL GAME... [--runs N] [--mutants K] [--randomtest-limit S]

TOOL is a copy of https://github.com/dfabulich/choicescript (run under node; it is not
part of this repository). Each GAME is a game folder holding scenes/ (or a folder of scene
files). Nothing is fetched and nothing is written inside this repository: each game is
copied to TOOL/web/sg-NAME/, where the authors' tools look for games.

For each game it prints:
  * quicktest's verdict and, when it fails, whether `storygraph check` reports an error at
    the same file and line;
  * the same for K mutants per kind (a *goto to a missing label, a *goto_scene to a missing
    scene, a *goto removed from an option so that it falls out of its *choice), because real
    games that pass quicktest have no error to compare;
  * randomtest and `storygraph fuzz` with the same number of runs and seed: each tool's own
    timing of its play loop (randomtest's "Time:", fuzz's "runs/s" line) and wall-clock time,
    runs per second, the ratio; and whether fuzz reaches every ending randomtest reaches
    (an *ending, or a *finish with no next scene, whose line randomtest covered);
  * the wall time of check, report, paths, map (SVG) and fuzz.
The binary is $STORYGRAPH, else .build/release/storygraph. Exit code 1 when a quicktest
error is not reported by check at its line, or fuzz misses an ending randomtest reached.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("STORYGRAPH", ".build/release/storygraph")


def run(args, cwd=None, timeout=600):
    start = time.monotonic()
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, errors="replace")
    return p, time.monotonic() - start


def scenes_of(game):
    inner = os.path.join(game, "scenes")
    return inner if os.path.isdir(inner) else game


def install(tool, game, name):
    """Copies the game where the authors' tools look: TOOL/web/NAME/scenes."""
    target = os.path.join(tool, "web", name)
    shutil.rmtree(target, ignore_errors=True)
    if os.path.isdir(os.path.join(game, "scenes")):
        shutil.copytree(game, target, ignore=shutil.ignore_patterns(".git"))
    else:
        shutil.copytree(game, os.path.join(target, "scenes"))
    return target


QUICKTEST_ERROR = re.compile(r"^(\S+) line (\d+): (.*)$")


def quicktest(tool, name):
    p, seconds = run(["node", "quicktest.js", name], cwd=tool)
    out = p.stdout + p.stderr
    if "QUICKTEST PASSED" in out:
        return "passed", None, seconds
    after = out.split("QUICKTEST FAILED", 1)[-1]
    for line in after.splitlines():
        m = QUICKTEST_ERROR.match(line.strip())
        if m:
            return "failed", (m.group(1), int(m.group(2)), m.group(3)), seconds
    return "failed", None, seconds


def check_errors(game):
    p, seconds = run([BIN, "check", game, "--color", "never"])
    errors = set()
    for line in (p.stdout + p.stderr).splitlines():
        m = re.match(r"^(.*?/)?([^/]+)\.txt:(\d+):\d+: error: ", line)
        if m:
            errors.add((m.group(2), int(m.group(3))))
    return errors, p.returncode, seconds


def mutants(scenes, kind, count):
    """(scene file, line index, new line or None to delete) for `count` mutants of `kind`."""
    found = []
    for file in sorted(os.listdir(scenes)):
        if not file.endswith(".txt") or file.startswith("choicescript_"):
            continue
        with open(os.path.join(scenes, file), encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        for i, raw in enumerate(lines):
            line = raw.rstrip("\r")
            stripped = line.strip()
            indent = len(line) - len(line.lstrip(" \t"))
            if kind == "label" and re.match(r"^\*goto\s+\w+\s*$", stripped):
                found.append((file, i, line[:indent] + "*goto sg_no_such_label"))
            elif kind == "scene" and re.match(r"^\*goto_scene\s+\w+", stripped):
                found.append((file, i, line[:indent] + "*goto_scene sg_no_such_scene"))
            elif kind == "fall-out" and re.match(r"^\*(goto|finish)\b", stripped) and indent > 0:
                j = i + 1
                while j < len(lines) and not lines[j].strip():
                    j += 1
                if j < len(lines):
                    nxt = lines[j].rstrip("\r")
                    nindent = len(nxt) - len(nxt.lstrip(" \t"))
                    prev = lines[i - 1].strip() if i > 0 else ""
                    # Falls onto the next #option, and the body keeps a line of its own.
                    if nindent < indent and nxt.strip().startswith("#") and prev and not prev.startswith("#"):
                        found.append((file, i, None))
    if count <= 0:
        return []
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(k * step)] for k in range(count)]


def compare_mutant(tool, game, name, mutant):
    file, index, replacement = mutant
    work = tempfile.mkdtemp(prefix="sg-mutant-")
    try:
        copy = os.path.join(work, name)
        if os.path.isdir(os.path.join(game, "scenes")):
            shutil.copytree(game, copy, ignore=shutil.ignore_patterns(".git"))
        else:
            shutil.copytree(game, os.path.join(copy, "scenes"))
        path = os.path.join(copy, "scenes", file)
        with open(path, encoding="utf-8", errors="replace", newline="") as f:
            lines = f.read().split("\n")
        ending = "\r" if lines[index].endswith("\r") else ""
        if replacement is None:
            del lines[index]
        else:
            lines[index] = replacement + ending
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("\n".join(lines))
        install(tool, copy, name)
        verdict, error, _ = quicktest(tool, name)
        ours, _, _ = check_errors(copy)
        return verdict, error, (error[0], error[1]) in ours if error else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.path.join(tool, "web", name), ignore_errors=True)


def randomtest(tool, name, runs, limit):
    try:
        p, wall = run(["node", "randomtest.js", f"num={runs}", f"game={name}", "seed=0", "showChoices=false",
                       "showCoverage=true"], cwd=tool, timeout=limit)
    except subprocess.TimeoutExpired:
        return False, None, float(limit), {}, f"did not finish in {limit} s"
    out = p.stdout
    m = re.search(r"^Time: ([0-9.]+)s", out, re.M)
    covered = set()
    for line in out.splitlines():
        c = re.match(r"^(\S+) (\d+): ", line)
        if c and int(c.group(2)) > 0:
            covered.add(c.group(1))
    lines = {}
    for line in out.splitlines():
        c = re.match(r"^(\S+) (\d+): (.*)$", line)
        if c:
            lines.setdefault(c.group(1), []).append((int(c.group(2)), c.group(3)))
    return ("RANDOMTEST PASSED" in out), (float(m.group(1)) if m else None), wall, lines, out


def passage_starts(game):
    """Passage id -> (scene, start line), from the DOT text's tooltips."""
    p, _ = run([BIN, "dot", game, "--color", "never", "--quiet"])
    starts = {}
    for line in p.stdout.splitlines():
        m = re.search(r'id="passage:([^"]+)".*\(([^()]*?)([^/()]+)\.txt:(\d+):\d+\)"\];$', line)
        if m:
            starts[m.group(1)] = (m.group(3), int(m.group(4)))
    return starts


def main():
    args = sys.argv[1:]
    runs, count, limit = 1000, 2, 600
    if "--runs" in args:
        k = args.index("--runs"); runs = int(args[k + 1]); del args[k:k + 2]
    if "--randomtest-limit" in args:
        k = args.index("--randomtest-limit"); limit = int(args[k + 1]); del args[k:k + 2]
    if "--mutants" in args:
        k = args.index("--mutants"); count = int(args[k + 1]); del args[k:k + 2]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    tool, games = os.path.abspath(args[0]), args[1:]
    failures = 0
    for game in games:
        game = os.path.abspath(game)
        name = "sg-" + os.path.basename(game.rstrip("/"))
        scenes = scenes_of(game)
        print(f"== {os.path.basename(game)} ({len([f for f in os.listdir(scenes) if f.endswith('.txt')])} scene files, "
              f"{sum(1 for f in os.listdir(scenes) if f.endswith('.txt') for _ in open(os.path.join(scenes, f), errors='replace'))} lines)")
        install(tool, game, name)

        verdict, error, qt_seconds = quicktest(tool, name)
        ours, code, check_seconds = check_errors(game)
        if error:
            same = (error[0], error[1]) in ours
            failures += not same
            print(f"  quicktest {verdict} ({qt_seconds:.2f} s): {error[0]} line {error[1]}: {error[2][:90]}")
            print(f"    check reports an error at {error[0]}.txt:{error[1]}: {'yes' if same else 'NO'}")
        else:
            print(f"  quicktest {verdict} ({qt_seconds:.2f} s); check exit {code}, {len(ours)} error lines")
        for kind in ("label", "scene", "fall-out"):
            for mutant in mutants(scenes, kind, count):
                m_verdict, m_error, same = compare_mutant(tool, game, name, mutant)
                where = f"{mutant[0]}:{mutant[1] + 1}"
                if m_error is None:
                    print(f"  mutant {kind:8} {where:28} quicktest {m_verdict}, no error to compare")
                    continue
                failures += not same
                print(f"  mutant {kind:8} {where:28} quicktest: {m_error[0]} line {m_error[1]}: "
                      f"{m_error[2][:48]}… check same line: {'yes' if same else 'NO'}")
        install(tool, game, name)

        passed, rt_loop, rt_wall, coverage, rt_out = randomtest(tool, name, runs, limit)
        p, fuzz_wall = run([BIN, "fuzz", game, "--runs", str(runs), "--seed", "0", "--format", "json", "--color", "never"])
        m = re.search(r"in ([0-9.]+) s \(([0-9.]+) (k|M|)\s?runs/s", p.stderr)
        fuzz_rate = None
        if m:
            fuzz_rate = float(m.group(2)) * {"k": 1e3, "M": 1e6, "": 1}[m.group(3)]
        rt_rate = runs / rt_loop if rt_loop else None
        if not passed:
            reason = rt_out if isinstance(rt_out, str) and rt_out.startswith("did not") else \
                next((l for l in rt_out.splitlines() if l.startswith("RANDOMTEST FAILED")), "failed")
            print(f"  randomtest: {reason[:120]}")
        print(f"  randomtest {runs} runs: {'passed' if passed else 'FAILED'}, loop {rt_loop} s "
              f"({rt_rate:,.0f} runs/s), wall {rt_wall:.2f} s ({runs / rt_wall:,.0f} runs/s)" if rt_rate else
              f"  randomtest {runs} runs: {'passed' if passed else 'FAILED'}, wall {rt_wall:.2f} s")
        if fuzz_rate:
            print(f"  fuzz {runs} runs: loop {fuzz_rate:,.0f} runs/s, wall {fuzz_wall:.3f} s "
                  f"({runs / fuzz_wall:,.0f} runs/s)")
        if fuzz_rate and rt_rate:
            print(f"  ratio (play loop): {fuzz_rate / rt_rate:,.0f}x; ratio (wall): {(runs / fuzz_wall) / (runs / rt_wall):,.0f}x")

        # Endings randomtest reached: covered *ending lines, and covered *finish lines of
        # scenes with no next scene (fuzz's endings are passages: the passage holding it).
        fuzz = json.loads(p.stdout) if p.stdout.strip().startswith("{") else {}
        reached = {o["passage"] for o in fuzz.get("outcomes", []) if "passage" in o}
        report, _ = run([BIN, "report", game, "--format", "json", "--color", "never", "--quiet"])
        try:
            endings = {e["id"] for e in json.loads(report.stdout).get("endings", [])}
        except json.JSONDecodeError:
            endings = set()
        starts = passage_starts(game)
        by_scene = {}
        for pid, (scene, line) in starts.items():
            by_scene.setdefault(scene, []).append((line, pid))
        missed, rt_endings = [], set()
        for scene, rows in coverage.items():
            # randomtest prints one row past the end ("undefined").
            last = max((n for n, (_, text) in enumerate(rows, start=1) if text.strip() and text != "undefined"), default=0)
            for number, (hits, text) in enumerate(rows, start=1):
                command = text.strip().split(" ")[0].lower() if text.strip().startswith("*") else ""
                # An ending command, or the scene's last line (the scene runs out).
                if hits <= 0 or (command not in ("*ending", "*finish", "*restart") and number != last):
                    continue
                candidates = sorted(r for r in by_scene.get(scene, []) if r[0] <= number)
                if not candidates:
                    continue
                holder = candidates[-1][1]
                if holder not in endings:
                    continue  # a *finish that goes on to the next scene
                rt_endings.add(holder)
                if holder not in reached:
                    missed.append(f"{scene}.txt:{number} ({holder})")
        failures += len(missed)
        print(f"  endings: randomtest reached {len(rt_endings)}, fuzz reached {len(reached & endings)} of "
              f"{len(endings)}; fuzz missed {', '.join(missed) if missed else 'none'} of randomtest's")

        times = []
        out_dir = tempfile.mkdtemp(prefix="sg-map-")
        for command in (["check"], ["report"], ["paths", "--limit", "1000"], ["map", "-o", os.path.join(out_dir, "map.svg")],
                        ["fuzz", "--runs", str(runs)]):
            q, seconds = run([BIN, command[0], game] + command[1:] + ["--quiet", "--color", "never"])
            times.append(f"{command[0]} {seconds:.2f} s (exit {q.returncode})")
        shutil.rmtree(out_dir, ignore_errors=True)
        print("  times: " + ", ".join(times))
        shutil.rmtree(os.path.join(tool, "web", name), ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
