#!/usr/bin/env node
// Replays in ink's own runtime every playthrough `storygraph test` gives for an ink story
// (a counterexample of an expectation that fails, the way to a passage that is reachable),
// and says whether the runtime agrees with the verdict.
//
//   storygraph test STORY.ink --expect FILE --format json > verdicts.json
//   node Tests/tools/replay-ink-counterexamples.js INKJS STORY.ink verdicts.json
//
// INKJS is inkjs (https://github.com/y-lohse/inkjs, not part of this repository) bundled
// for node, compiler included: from a copy of its sources,
//   esbuild src/ink.ts --bundle --platform=node --format=cjs --outfile=ink-full.js
// The story is compiled by inkjs's compiler with every visit counted, then played: at each
// menu the next of the trace's `play_keys` (1-based, among the choices shown) is chosen,
// and the label the runtime shows is compared with the trace's. The claim is then checked
// in the runtime's state:
//   reachable / unreachable P, before {first, then}: the runtime's visit counts of the
//     passages (storygraph's ink ids are the runtime's container paths: knot, knot.stitch,
//     knot.g-0, knot.c-0);
//   always / at_endings C: C evaluated on the runtime's variables (comparisons, `not`, `and`,
//     `or`, numbers, true/false and variable names: what the benchmark's expectations use).
// Exit code 1 when the runtime disagrees with a verdict, 2 when a playthrough cannot be
// replayed (a label differs, a key past the menu).
"use strict";
const fs = require("fs");

const [inkjsPath, storyPath, verdictsPath] = process.argv.slice(2);
if (!verdictsPath) {
    console.error("usage: replay-ink-counterexamples.js INKJS STORY.ink VERDICTS.json");
    process.exit(64);
}
const ink = require(require("path").resolve(inkjsPath));
const source = fs.readFileSync(storyPath, "utf8");
const verdicts = JSON.parse(fs.readFileSync(verdictsPath, "utf8"));
const expectations = JSON.parse(fs.readFileSync(verdicts.expect_file, "utf8")).expect;

function compile() {
    const options = new ink.CompilerOptions(null, [], true /* count all visits */);
    const story = new ink.Compiler(source, options).Compile();
    if (!story) throw new Error("inkjs could not compile " + storyPath);
    return story;
}

function visits(story, passage) {
    try {
        return story.state.VisitCountAtPathString(passage);
    } catch (e) {
        return null;
    }
}

// A small evaluator of the conditions the expectations use, on the runtime's variables.
function evaluate(text, story) {
    const tokens = text.match(/\s*(>=|<=|==|!=|>|<|\(|\)|[A-Za-z_][A-Za-z0-9_.]*|-?\d+(\.\d+)?)/g).map((t) => t.trim());
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++];
    function primary() {
        const t = next();
        if (t === "(") {
            const v = or();
            next();
            return v;
        }
        if (t === "not") return !primary();
        if (t === "true") return true;
        if (t === "false") return false;
        if (/^-?\d/.test(t)) return Number(t);
        const v = story.variablesState[t];
        if (v === undefined) throw new Error("no variable " + t);
        return typeof v === "object" && v !== null && "valueObject" in v ? v.valueObject : v;
    }
    function comparison() {
        let a = primary();
        while ([">=", "<=", "==", "!=", ">", "<"].includes(peek())) {
            const op = next();
            const b = primary();
            a = { ">=": a >= b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, "<": a < b }[op];
        }
        return a;
    }
    function and() {
        let a = comparison();
        while (peek() === "and" || peek() === "&&") {
            next();
            a = comparison() && a;
        }
        return a;
    }
    function or() {
        let a = and();
        while (peek() === "or" || peek() === "||") {
            next();
            a = and() || a;
        }
        return a;
    }
    return Boolean(or());
}

// Plays the keys; returns what the runtime showed and whether it could.
function replay(keys) {
    const story = compile();
    const labels = [];
    let k = 0;
    for (;;) {
        while (story.canContinue) story.Continue();
        if (story.currentChoices.length === 0 || k === keys.length) break;
        const key = keys[k++];
        if (key < 1 || key > story.currentChoices.length) {
            return { story, labels, error: `key ${key} past a menu of ${story.currentChoices.length}` };
        }
        labels.push(story.currentChoices[key - 1].text);
        story.ChooseChoiceIndex(key - 1);
    }
    return { story, labels, error: k < keys.length ? `the story ended with ${keys.length - k} keys left` : null };
}

let disagree = 0;
let unplayable = 0;
let checked = 0;
for (const result of verdicts.expectations) {
    const trace = result.trace;
    if (!trace || !trace.play_keys) continue;
    // An unknown verdict's trace is a way through a condition storygraph cannot decide:
    // replayed as evidence, not counted as agreement.
    const evidence = result.verdict === "unknown";
    if (!(evidence || result.verdict === "fails" || (result.verdict === "holds" && result.kind === "reachable"))) continue;
    const expectation = expectations[verdicts.expectations.indexOf(result)];
    const { story, labels, error } = replay(trace.play_keys);
    const said = trace.steps.filter((s) => s.choice_text !== undefined && s.choice_text !== "");
    const wanted = said.map((s) => s.choice_text);
    let agrees;
    let why;
    if (error) {
        // An unknown verdict's way that the runtime does not offer: the condition storygraph
        // could not decide was false there, so that way is not a playthrough.
        if (evidence) {
            console.log(`EVIDENCE  unknown ${result.name}: the runtime does not play this way (${error})`);
            continue;
        }
        unplayable++;
        console.log(`UNPLAYABLE ${result.name}: ${error}`);
        continue;
    }
    switch (result.kind) {
        case "every_ending_reachable":
        case "reachable":
        case "unreachable": {
            if (result.kind === "every_ending_reachable") {
                const place = trace.steps[trace.steps.length - 1].passage;
                const n = visits(story, place);
                agrees = n > 0;
                why = `the runtime visited '${place}' ${n} time(s)`;
                break;
            }
            const passage = expectation[result.kind];
            const n = visits(story, passage);
            agrees = n > 0;
            why = `the runtime visited '${passage}' ${n} time(s)`;
            break;
        }
        case "before": {
            const first = visits(story, expectation.before.first);
            const then = visits(story, expectation.before.then);
            agrees = then > 0 && first === 0;
            why = `visits: '${expectation.before.then}' ${then}, '${expectation.before.first}' ${first}`;
            break;
        }
        case "always":
        case "at_endings": {
            const condition = expectation[result.kind];
            const value = evaluate(condition, story);
            agrees = value === false && (result.kind === "always" || story.currentChoices.length === 0);
            why = `'${condition}' is ${value} in the runtime after the playthrough`;
            break;
        }
        default:
            continue;
    }
    if (evidence) {
        console.log(`EVIDENCE  unknown ${result.name}: ${trace.play_keys.length} choices; ${why}`);
        continue;
    }
    checked++;
    const labelsAgree = wanted.length === 0 || wanted.every((w, i) => labels[i] === undefined || labels[i].trim() === w.trim());
    if (!agrees) disagree++;
    console.log(
        `${agrees ? "AGREES   " : "DISAGREES"} ${result.verdict} ${result.name}: ${trace.play_keys.length} choices; ${why}` +
            (labelsAgree ? "" : ` (labels differ: runtime ${JSON.stringify(labels)}, storygraph ${JSON.stringify(wanted)})`),
    );
}
console.log(`${checked} playthroughs replayed in inkjs: ${checked - disagree} agree, ${disagree} disagree, ${unplayable} unplayable`);
process.exit(disagree ? 1 : unplayable ? 2 : 0);
