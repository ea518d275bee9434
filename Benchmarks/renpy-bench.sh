#!/usr/bin/env bash
# Ren'Py load + report speed (issue 30: under a second per 10,000 lines, release build) on the
# three largest real games of the trial set, beside Debian's Ren'Py 8.0.3 `renpy <game> lint`
# (through Tests/tools/renpy-lint.py) measured in the same run: lint parses and checks the
# same .rpy files.
#
#   Benchmarks/renpy-bench.sh [GAMES] [RUNS]
#
# GAMES defaults to /work/trials/renpy/games (Tests/tools/try-real-renpy.sh --fetch);
# the binary is $STORYGRAPH, else .build/release/storygraph. RUNS (default 3) runs of each,
# interleaved so both tools see the same machine load; the best of each is printed.
#
# Lines: every line of every .rpy file under the game's game/ folder (all of the .rpy files
# Ren'Py and storygraph read, translations included), counted as `wc -l` counts them
# (newline characters). Each case is checked: its folder must exist and hold a game/ folder,
# and its line count must equal the one written below (else the row says so).
# Times are CPU seconds (user + system, children included), not wall time, because the
# machine is shared: "load" is the load step of `report --timings` (its cpu column),
# "report" the whole `report --format json` process (load included), "s/10k" that per
# 10,000 lines, "lint" the whole `renpy <game> lint` process on a fresh copy of the game
# (so it parses every file; the copy is not timed), "ratio" report / lint.
set -u
here=$(cd "$(dirname "$0")" && pwd)
games=${1:-/work/trials/renpy/games}
runs=${2:-3}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -d "$games" ] || { echo "renpy: no games at $games (Tests/tools/try-real-renpy.sh --fetch); skipped"; exit 0; }
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build -c release --product storygraph" >&2; exit 64; }
[ -x /usr/games/renpy ] || { echo "no /usr/games/renpy (apt-get install renpy)" >&2; exit 64; }
python3 - "$games" "$runs" "$bin" "$here/../Tests/tools/renpy-lint.py" <<'PY'
import os, re, resource, shutil, subprocess, sys, tempfile, time
games, runs, binary, lint_script = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
# name, base (the folder holding game/), .rpy lines as wc -l counts them
CASES = [
    ("gcammisa+KatawaShoujo-RenPy8", ".", 592779),
    ("AdamIsin+Rogue-Like-0.980i-win", ".", 111117),
    ("debian+renpy-demo", "demo", 66302),
]

def rpy_lines(game_folder):
    lines = files = 0
    for root, _, names in os.walk(game_folder):
        for name in names:
            if name.lower().endswith(".rpy"):
                with open(os.path.join(root, name), "rb") as f:
                    lines += f.read().count(b"\n")
                files += 1
    return lines, files

def cpu_of(command, env=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, env=env, errors="replace")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, run

# Every game's line count, to say which three are the largest.
sizes = {}
for name in sorted(os.listdir(games)):
    for base in (".", "demo", "the_question"):
        if os.path.isdir(os.path.join(games, name, base, "game")):
            sizes[name] = rpy_lines(os.path.join(games, name, base, "game"))[0]
            break
largest = sorted(sizes, key=lambda n: -sizes[n])[:3]
if sorted(largest) != sorted(c[0] for c in CASES):
    print(f"note: the three largest games here are {', '.join(largest)}, not the cases below")

scratch = tempfile.mkdtemp(prefix="renpy-bench-")
print(f"{'game':32} {'files':>5} {'lines':>8} {'load s':>7} {'report s':>8} {'s/10k':>6} {'lint s':>7} {'ratio':>6}")
worst = 0.0
try:
    for name, base, expected in CASES:
        folder = os.path.join(games, name, base)
        if not os.path.isdir(os.path.join(folder, "game")):
            print(f"{name:32} missing: no game/ folder in {folder}")
            continue
        lines, files = rpy_lines(os.path.join(folder, "game"))
        if lines != expected:
            print(f"{name:32} is not the case measured before: {lines} .rpy lines, not {expected}")
            continue
        report, load, lint = [], [], []
        lint_exit = None
        for _ in range(runs):
            cpu, wall, run = cpu_of([binary, "report", folder, "--format", "json", "--color", "never", "--timings"])
            if run.returncode != 0:
                print(f"{name}: report exit {run.returncode}: {run.stderr.strip()[:300]}")
                break
            m = re.search(r"^load\s+[\d.]+ ms\s+cpu\s+([\d.]+) ms", run.stderr, re.M)
            report.append(cpu)
            if m:
                load.append(float(m.group(1)) / 1000)
            copy = os.path.join(scratch, name)
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(folder, copy)
            home = os.path.join(scratch, "home")
            os.makedirs(home, exist_ok=True)
            env = dict(os.environ, HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
            cpu, wall, run = cpu_of(["/usr/bin/python3", lint_script, copy, "lint"], env=env)
            lint_exit = run.returncode
            if "lint report" not in run.stdout + run.stderr:
                print(f"{name}: lint gave no report (exit {run.returncode})")
            lint.append(cpu)
        if not report or not lint:
            continue
        r, l = min(report), min(lint)
        per = r / lines * 10_000
        worst = max(worst, per)
        load_s = f"{min(load):7.2f}" if load else "      -"
        print(f"{name:32} {files:5} {lines:8} {load_s} {r:8.2f} {per:6.3f} {l:7.2f} {r / l:6.3f}")
finally:
    shutil.rmtree(scratch, ignore_errors=True)
print(f"worst s per 10,000 lines: {worst:.3f} (target < 1); best of {runs} runs, CPU seconds")
PY
