#!/usr/bin/env python3
"""Lays out storygraph's own DOT for many random stories under AddressSanitizer.

Graphviz's dot (2.42, Debian 12's) frees memory twice on some graphs whose edge labels
meet a cluster or an edge with constraint=false. The exporter avoids those shapes; this
script checks that it does, on random stories with traps, restarts, broken and dynamic
links, tags for --cluster and every drawing option, and prints how many layouts Graphviz
got wrong (0 is the only passing answer).

    python3 Tests/tools/graphviz-crash-check.py [COUNT] [--raw]

--raw also lays out, for comparison, the shapes the exporter avoids (labels on clustered
and non-constraining edges), to show the harness finds the bug. Needs gcc, pkg-config,
libgraphviz-dev and a built storygraph (swift build).
"""
import json
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "storygraph")

HARNESS = r"""
#include <gvc.h>
#include <stdio.h>
int main(int argc, char **argv) {
    FILE *file = fopen(argv[1], "r");
    if (!file) return 2;
    GVC_t *context = gvContext();
    Agraph_t *graph = agread(file, 0);
    if (!graph) return 3;
    if (gvLayout(context, graph, argc > 2 ? argv[2] : "dot") != 0) return 4;
    char *data; unsigned int length;
    gvRenderData(context, graph, "svg", &data, &length);
    gvFreeRenderData(data);
    gvFreeLayout(context, graph);
    agclose(graph);
    return gvFreeContext(context);
}
"""


def build_harness(folder):
    source = os.path.join(folder, "layout.c")
    binary = os.path.join(folder, "layout")
    with open(source, "w") as f:
        f.write(HARNESS)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libgvc"], capture_output=True, text=True, check=True)
    subprocess.run(["gcc", "-fsanitize=address", source, "-o", binary] + flags.stdout.split(), check=True)
    return binary


def random_story(seed):
    """A story of 3 to 30 passages: random choices, some restarts, broken and dynamic links, tags."""
    r = random.Random(seed)
    n = r.randint(3, 30)
    ids = ["p%d" % i for i in range(n)]
    passages = []
    for i, pid in enumerate(ids):
        choices = []
        for _ in range(r.choice([0, 1, 1, 2, 2, 3, 4])):
            roll = r.random()
            if roll < 0.06:
                target = "missing%d" % r.randrange(3)
            else:
                target = r.choice(ids)
            choice = {"text": "go %d" % r.randrange(100), "to": target}
            if r.random() < 0.15:
                choice["if"] = "x > %d" % r.randrange(5)
            choices.append(choice)
        passage = {"id": pid, "text": "Passage %d text that wraps over a few words." % i, "tags": [r.choice(["a", "b", "c"])]}
        if choices:
            passage["choices"] = choices
        elif r.random() < 0.5:
            passage["choices"] = [{"text": "again", "to": ids[0], "restart": True}]
        passages.append(passage)
    return {"title": "random %d" % seed, "start": ids[0], "passages": passages}


OPTION_SETS = [
    [], ["--style", "compact"], ["--direction", "LR"], ["--style", "compact", "--direction", "LR"],
    ["--cluster", "tag"], ["--cluster", "tag", "--style", "compact"], ["--no-restarts", "--style", "compact"],
    ["--no-analysis", "--style", "compact"], ["--path", "1", "--style", "compact"],
]


def raw_variant(dot):
    """The shapes the exporter avoids: every xlabel back to a plain label."""
    return dot.replace("xlabel=", "label=")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    raw = "--raw" in sys.argv
    count = int(args[0]) if args else 300
    if not os.path.exists(BINARY):
        sys.exit("graphviz-crash-check: build storygraph first (swift build)")
    with tempfile.TemporaryDirectory() as folder:
        harness = build_harness(folder)
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")

        def one(seed):
            story = os.path.join(folder, "s%d.json" % seed)
            with open(story, "w") as f:
                json.dump(random_story(seed), f)
            options = OPTION_SETS[seed % len(OPTION_SETS)]
            made = subprocess.run([BINARY, "dot", story] + options, capture_output=True, text=True)
            if made.returncode == 64 and "has only 0 paths" in made.stderr:
                return ("ok", seed, [])  # --path 1 of a story with no path: nothing to draw
            if made.returncode not in (0, 1):
                return ("dot-failed", seed, options, made.stderr.strip()[:200])
            results = []
            for variant in (["ours", "raw"] if raw else ["ours"]):
                dot = made.stdout if variant == "ours" else raw_variant(made.stdout)
                path = os.path.join(folder, "s%d-%s.dot" % (seed, variant))
                with open(path, "w") as f:
                    f.write(dot)
                laid = subprocess.run([harness, path], env=env, capture_output=True, timeout=120)
                bad = laid.returncode != 0 or b"ERROR: AddressSanitizer" in laid.stderr
                results.append((variant, bad))
                if bad and variant == "ours":
                    kept = os.path.join(tempfile.gettempdir(), "graphviz-crash-%d.json" % seed)
                    with open(kept, "w") as f:
                        json.dump(random_story(seed), f)
                    results.append(("kept", kept, options))
            return ("ok", seed, results)

        with ThreadPoolExecutor(max(1, os.cpu_count() or 1)) as pool:
            outcomes = list(pool.map(one, range(count)))
    failures = [o for o in outcomes if o[0] != "ok"]
    ours = sum(1 for o in outcomes if o[0] == "ok" and any(r[0] == "ours" and r[1] for r in o[2]))
    print("graphviz-crash-check: %d stories, %d option sets" % (count, len(OPTION_SETS)))
    print("  storygraph's DOT: %d layouts failed" % ours)
    if raw:
        raws = sum(1 for o in outcomes if o[0] == "ok" and any(r[0] == "raw" and r[1] for r in o[2]))
        print("  the same DOT with plain labels: %d layouts failed" % raws)
    for o in outcomes:
        if o[0] == "ok":
            for r in o[2]:
                if r[0] == "kept":
                    print("  failing story kept: %s (options: %s)" % (r[1], " ".join(r[2]) or "none"))
    for f in failures:
        print("  seed %d: storygraph dot %s failed: %s" % (f[1], " ".join(f[2]), f[3]))
    sys.exit(1 if ours or failures else 0)


if __name__ == "__main__":
    main()
