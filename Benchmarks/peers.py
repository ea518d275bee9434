#!/usr/bin/env python3
"""The peers of storygraph's benchmarks: the same work done the way a user of networkx or
igraph would do it, on the same storygraph JSON file.

    peers.py networkx|igraph STORY [--ops load,scc,paths,simple_paths,cycles,playthroughs]
             [--reps K] [--budget-ms MS] [--path-limit N] [--cycle-limit N] [--runs N]
             [--step-cap N] [--igraph-cycles]

Prints one JSON line per operation (median of K runs, in milliseconds), as
storygraph-bench and ceiling do. An operation a library cannot do within the budget
prints {"op": ..., "unsupported": "why"} instead of a figure.

The graph: passages are nodes; a choice is an edge when it is not a restart, leaves a
passage that is not an ending, and names a passage that exists. An ending is a passage
declared one, or one with no way on but restarts (as storygraph and ceiling.c read it).
"""
import itertools
import json
import random
import statistics
import sys
import time

OPS = ["load", "scc", "paths", "simple_paths", "cycles", "playthroughs"]


def read_story(path):
    """json.load, then the passages as (ids, endings, choice targets per passage)."""
    with open(path, encoding="utf-8") as f:
        story = json.load(f)
    passages = story["passages"]
    ids = [p["id"] for p in passages]
    known = set(ids)
    ending = []
    steps = []
    for p in passages:
        ways = [c for c in p.get("choices") or [] if not c.get("restart")]
        is_end = bool(p.get("ending")) or not ways
        ending.append(is_end)
        steps.append([] if is_end else [c["to"] for c in ways if c.get("to") in known])
    start = story.get("start") or ids[0]
    return ids, ending, steps, start


class NetworkX:
    name = "networkx"

    def __init__(self):
        import networkx
        self.nx = networkx

    def load(self, path):
        ids, ending, steps, start = read_story(path)
        graph = self.nx.DiGraph()
        graph.add_nodes_from(ids)
        graph.add_edges_from((v, w) for v, targets in zip(ids, steps) for w in targets)
        self.graph, self.start = graph, start
        self.endings = {v for v, e in zip(ids, ending) if e}
        return f"{graph.number_of_nodes()} passages, {graph.number_of_edges()} distinct steps"

    def scc(self):
        return f"{sum(1 for _ in self.nx.strongly_connected_components(self.graph))} components"

    def paths(self):
        try:
            order = list(self.nx.topological_sort(self.graph))
        except self.nx.NetworkXUnfeasible:
            return "cyclic: no DP"
        count = {}
        succ = self.graph.succ
        for v in reversed(order):
            count[v] = 1 if v in self.endings else sum(count[w] for w in succ[v])
        return str(count[self.start])

    def simple_paths(self, limit):
        if self.start in self.endings:
            return "1 paths"
        found = sum(1 for _ in itertools.islice(self.nx.all_simple_paths(self.graph, self.start, self.endings), limit))
        return f"{found} paths"

    def cycles(self, limit):
        return f"{sum(1 for _ in itertools.islice(self.nx.simple_cycles(self.graph), limit))} cycles"

    def playthroughs(self, runs, cap):
        """Random readers in pure Python over networkx's adjacency."""
        succ = {v: list(ws) for v, ws in self.graph.succ.items()}
        rng = random.Random(1)
        steps = 0
        for _ in range(runs):
            v = self.start
            for _ in range(cap):
                ways = succ[v]
                if not ways:
                    break
                v = ways[int(rng.random() * len(ways))]
                steps += 1
        return f"{runs} runs, {steps} steps", steps


class IGraph:
    name = "igraph"

    def __init__(self):
        import igraph
        self.ig = igraph

    def load(self, path):
        ids, ending, steps, start = read_story(path)
        index = {v: i for i, v in enumerate(ids)}
        edges = [(i, index[w]) for i, targets in enumerate(steps) for w in targets]
        self.graph = self.ig.Graph(n=len(ids), edges=edges, directed=True)
        self.start = index[start]
        self.ending = ending
        self.endings = [i for i, e in enumerate(ending) if e]
        return f"{self.graph.vcount()} passages, {self.graph.ecount()} steps"

    def scc(self):
        return f"{len(self.graph.connected_components(mode='strong'))} components"

    def paths(self):
        if not self.graph.is_dag():
            return "cyclic: no DP"
        order = self.graph.topological_sorting(mode="out")
        adjacency = self.graph.get_adjlist(mode="out")
        count = [0] * self.graph.vcount()
        ending = self.ending
        for v in reversed(order):
            count[v] = 1 if ending[v] else sum(count[w] for w in adjacency[v])
        return str(count[self.start])

    def simple_paths(self, limit):
        if self.ending[self.start]:
            return "1 paths"
        found = self.graph.get_all_simple_paths(self.start, to=self.endings, mode="out", max_results=limit)
        return f"{len(found)} paths"

    def cycles(self, limit):
        # igraph 1.0's simple_cycles has bounds on cycle length, not on their number:
        # it can only be run where every cycle fits in the budget (checked by the caller).
        simple = self.graph.copy()
        simple.simplify(multiple=True, loops=False)
        found = len(simple.simple_cycles(mode=self.ig.OUT))
        return f"{min(found, limit)} cycles"

    def playthroughs(self, runs, cap):
        """igraph's own random_walk, one call per reader (igraph draws its numbers from
        Python's random module unless told otherwise)."""
        walk = self.graph.random_walk
        random.seed(1)
        steps = 0
        for _ in range(runs):
            steps += len(walk(self.start, cap, mode="out", stuck="return")) - 1
        return f"{runs} runs, {steps} steps", steps


def main(argv):
    if len(argv) < 2 or argv[0] not in ("networkx", "igraph"):
        sys.exit("usage: peers.py networkx|igraph STORY [--ops ...] [--reps K] [--path-limit N] "
                 "[--cycle-limit N] [--runs N] [--step-cap N] [--igraph-cycles]")
    tool = NetworkX() if argv[0] == "networkx" else IGraph()
    path = argv[1]
    options = {"ops": ",".join(OPS), "reps": "5", "path-limit": "1000000", "cycle-limit": "100000",
               "runs": "10000", "step-cap": "1000", "budget-ms": "inf"}
    rest = argv[2:]
    igraph_cycles = "--igraph-cycles" in rest
    rest = [a for a in rest if a != "--igraph-cycles"]
    for key, value in zip(rest[::2], rest[1::2]):
        if not key.startswith("--") or key[2:] not in options:
            sys.exit(f"peers.py: unknown option {key}")
        options[key[2:]] = value
    reps = int(options["reps"])
    budget = float(options["budget-ms"])
    limits = {"simple_paths": (int(options["path-limit"]),), "cycles": (int(options["cycle-limit"]),),
              "playthroughs": (int(options["runs"]), int(options["step-cap"]))}
    tool.load(path)
    passages = len(read_story(path)[0])
    for op in options["ops"].split(","):
        if op not in OPS:
            sys.exit(f"peers.py: unknown operation {op}")
        if op == "cycles" and tool.name == "igraph" and not igraph_cycles:
            print(json.dumps({"op": op, "passages": passages,
                              "unsupported": "igraph's simple_cycles cannot stop at a count"}), flush=True)
            continue
        samples, result, work = [], "", None
        for _ in range(reps):
            began = time.perf_counter()
            outcome = tool.load(path) if op == "load" else getattr(tool, op)(*limits.get(op, ()))
            samples.append((time.perf_counter() - began) * 1e3)
            result, work = outcome if isinstance(outcome, tuple) else (outcome, None)
            if sum(samples) >= budget:
                break
        line = {"op": op, "passages": passages, "reps": len(samples), "median_ms": statistics.median(samples),
                "samples_ms": samples, "result": result}
        if work is not None:
            line["per_second"] = work / (statistics.median(samples) / 1e3)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
