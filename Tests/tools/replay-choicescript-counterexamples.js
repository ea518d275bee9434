#!/usr/bin/env node
// Replays in ChoiceScript's own engine every counterexample `storygraph test` gives for a
// ChoiceScript game (the playthrough of an expectation that fails), and says whether the
// engine agrees.
//
//   storygraph test GAME/scenes --expect FILE --format json > verdicts.json
//   node Tests/tools/replay-choicescript-counterexamples.js TOOL GAME verdicts.json
//
// TOOL is a copy of https://github.com/dfabulich/choicescript (not part of this
// repository); GAME the folder holding scenes/ (or the scenes folder). The game is copied
// to TOOL/web/sg-replay/, where the engine's randomtest looks for games, and randomtest runs
// once with its choice picker replaced (in memory; TOOL is not changed) by one that takes,
// at each *choice, the option whose text is the trace's next choice label (the trace's
// steps without a label, a *goto or a page turn, the engine takes by itself). The engine's own scenes, *if, *set, *goto and
// *gosub do the rest. What the engine did is then checked against the verdict:
//   before {first, then}: the engine reached `then` (a scene it loads, or scene:label, a
//     *label it passes or a *goto's target) without having entered `first` before;
//   reachable / unreachable P: the engine reached P;
//   always / at_endings C: C, on the engine's variables after the playthrough (comparisons,
//     not, and, or: what the benchmark's expectations use), is false.
// Exit code 1 when the engine disagrees with a verdict, 2 when a playthrough cannot be
// replayed (an option that is not offered).
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

if (process.argv[2] === "--child") {
    child(process.argv[3], process.argv[4]);
    return;
}

const [tool, game, verdictsPath] = process.argv.slice(2);
if (!verdictsPath) {
    console.error("usage: replay-choicescript-counterexamples.js TOOL GAME VERDICTS.json");
    process.exit(64);
}
const verdicts = JSON.parse(fs.readFileSync(verdictsPath, "utf8"));
const expectations = JSON.parse(fs.readFileSync(verdicts.expect_file, "utf8")).expect;
const scenes = fs.existsSync(path.join(game, "scenes")) ? path.join(game, "scenes") : game;
const target = path.join(tool, "web", "sg-replay");
fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(path.join(target, "scenes"), { recursive: true });
for (const file of fs.readdirSync(scenes)) fs.copyFileSync(path.join(scenes, file), path.join(target, "scenes", file));
const own = path.join(game, "mygame.js");
if (fs.existsSync(own)) fs.copyFileSync(own, path.join(target, "mygame.js"));

// One run of the engine, in a child node process (the engine's globals are fresh each
// time), choosing by `labels` / `keys`: the scenes it entered, in order, the options it
// took, its variables at the end, and what stopped it, if anything.
function play(labels, keys) {
    const child = require("child_process").spawnSync(
        process.execPath, [__filename, "--child", tool, JSON.stringify({ labels, keys })],
        { encoding: "utf8", maxBuffer: 1 << 26 });
    const lines = (child.stdout || "").trim().split("\n");
    try {
        return JSON.parse(lines[lines.length - 1]);
    } catch (e) {
        return { log: [], picks: [], stats: null, problem: "the engine's run gave no result: " + (child.stderr || "").slice(0, 400), played: 0 };
    }
}

// The child: runs randomtest.js once in this process's own context, its picker replaced.
function child(tool, plan) {
    const { labels, keys } = JSON.parse(plan);
    const result = { log: [], picks: [], stats: null, problem: null, played: 0, skipped: 0 };
    const write = (text) => fs.writeSync(1, text + "\n");
    const finish = () => {
        try {
            // The variables: numbers, strings and booleans (the engine keeps its scene there too).
            result.stats = {};
            for (const [name, value] of Object.entries(typeof stats === "undefined" ? {} : stats)) {
                if (["number", "string", "boolean"].includes(typeof value)) result.stats[name] = value;
            }
        } catch (e) {}
        write(JSON.stringify(result));
    };
    global.__replay = {
        choose(options, scene) {
            const names = options.map((o) => String(o.ultimateOption.name).trim());
            if (result.played >= labels.length) return 0; // past the trace: the first option
            // A label with no menu here is a button the engine presses by itself (a
            // *page_break's or *finish's text): passed over, and counted.
            for (let k = result.played; k < labels.length; k++) {
                const index = names.indexOf(labels[k].trim());
                if (index < 0) continue;
                result.skipped += k - result.played;
                result.picks.push(names[index]);
                result.played = k + 1;
                return index;
            }
            result.problem = `in ${scene}: none of the trace's next labels is offered: ${JSON.stringify(names)}`;
            throw new Error("replay stopped");
        },
        entered(name) {
            if (result.log[result.log.length - 1] !== name) result.log.push(name);
        },
    };
    process.chdir(tool);
    process.argv = ["node", "randomtest.js", "num=1", "seed=0", "game=sg-replay", "avoidUsedOptions=false",
        "showCoverage=false", "showChoices=false"];
    const exit = process.exit;
    process.exit = (code) => {
        if (!result.problem && code) result.problem = "the engine stopped (exit " + code + ")";
        finish();
        exit(0);
    };
    console.log = () => {};
    global.require = require;
    const source = fs.readFileSync("randomtest.js", "utf8")
        .replace("function chooseIndex(options, choiceLine, sceneName) {",
            "function chooseIndex(options, choiceLine, sceneName) { return __replay.choose(options, sceneName);\n")
        .replace(/if \(!delay\) randomtest\(\);\s*$/, "");
    try {
        vm.runInThisContext(source, { filename: "randomtest.js" });
        const load = Scene.prototype.loadLines;
        Scene.prototype.loadLines = function () {
            __replay.entered(this.name);
            return load.apply(this, arguments);
        };
        // A *label the engine passes, and one a *goto jumps to: "scene:label".
        const label = Scene.prototype.label;
        Scene.prototype.label = function (data) {
            __replay.entered(this.name + ":" + String(data).trim().toLowerCase());
            return label.apply(this, arguments);
        };
        const jump = Scene.prototype["goto"];
        Scene.prototype["goto"] = function (data) {
            const done = jump.apply(this, arguments);
            __replay.entered(this.name + ":" + String(data).trim().toLowerCase());
            return done;
        };
        randomtest();
    } catch (e) {
        if (!result.problem) result.problem = String((e && e.message) || e);
    }
    finish();
    exit(0);
}
function evaluate(text, vars) {
    const tokens = text.match(/\s*(>=|<=|!=|=|>|<|\(|\)|[A-Za-z_][A-Za-z0-9_]*|-?\d+(\.\d+)?)/g).map((t) => t.trim());
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++];
    function primary() {
        const t = next();
        if (t === "(") { const v = or(); next(); return v; }
        if (t === "not") return !primary();
        if (t === "true") return true;
        if (t === "false") return false;
        if (/^-?\d/.test(t)) return Number(t);
        const v = vars[t.toLowerCase()];
        if (v === undefined) throw new Error("no variable " + t);
        return v === "true" ? true : v === "false" ? false : isNaN(Number(v)) ? v : Number(v);
    }
    function comparison() {
        let a = primary();
        while ([">=", "<=", "!=", "=", ">", "<"].includes(peek())) {
            const op = next();
            const b = primary();
            a = { ">=": a >= b, "<=": a <= b, "!=": a != b, "=": a == b, ">": a > b, "<": a < b }[op];
        }
        return a;
    }
    function and() { let a = comparison(); while (peek() === "and") { next(); a = comparison() && a; } return a; }
    function or() { let a = and(); while (peek() === "or") { next(); a = and() || a; } return a; }
    return Boolean(or());
}

const reached = (log, place) => log.some((entry) => entry === place || entry.split(":")[0] === place && !place.includes(":"));

let checked = 0;
let disagree = 0;
let unplayable = 0;
verdicts.expectations.forEach((result, k) => {
    const trace = result.trace;
    if (!trace || !trace.play_keys || result.verdict !== "fails") return;
    const expectation = expectations[k];
    const labels = trace.steps.filter((s) => s.choice_text).map((s) => s.choice_text);
    const keys = trace.play_keys;
    const run = play(labels, keys);
    if (run.problem && run.played < labels.length) {
        unplayable++;
        console.log(`UNPLAYABLE ${result.name}: ${run.problem}`);
        return;
    }
    let agrees;
    let why;
    switch (result.kind) {
        case "before": {
            const { first, then } = expectation.before;
            const at = run.log.findIndex((entry) => entry === then);
            const firstAt = run.log.findIndex((entry) => entry === first || entry.split(":")[0] === first);
            agrees = at >= 0 && (firstAt < 0 || firstAt > at);
            why = at < 0 ? `the engine never reached '${then}'` : `the engine reached '${then}' at entry ${at + 1} of its path, '${first}' ${firstAt < 0 ? "never" : "at entry " + (firstAt + 1)}`;
            break;
        }
        case "unreachable": {
            agrees = reached(run.log, expectation.unreachable);
            why = `the engine ${agrees ? "reached" : "did not reach"} '${expectation.unreachable}'`;
            break;
        }
        case "always":
        case "at_endings": {
            const condition = expectation[result.kind];
            const value = run.stats ? evaluate(condition, run.stats) : null;
            agrees = value === false;
            why = `'${condition}' is ${value} on the engine's variables after the playthrough`;
            break;
        }
        default:
            return;
    }
    checked++;
    if (!agrees) disagree++;
    console.log(`${agrees ? "AGREES   " : "DISAGREES"} fails ${result.name}: ${run.picks.length} of the trace's ${labels.length} labels taken at the engine's *choice menus (${run.skipped} buttons it pressed by itself); ${why}`);
    console.log(`          scenes entered: ${run.log.join(" → ")}`);
});
fs.rmSync(target, { recursive: true, force: true });
console.log(`${checked} counterexamples replayed in ChoiceScript: ${checked - disagree} agree, ${disagree} disagree, ${unplayable} unplayable`);
process.exit(disagree ? 1 : unplayable ? 2 : 0);
