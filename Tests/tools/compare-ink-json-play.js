#!/usr/bin/env node
// Plays one way through a compiled ink story (.ink.json) in both ink's own runtime and
// `storygraph play`, and says whether every menu the reader sees is the same: the choices
// offered (their labels, in order) at each step, and whether the story ended.
//
//   node Tests/tools/compare-ink-json-play.js INKJS STORYGRAPH STORY.ink.json 1 1 3 2
//
// INKJS is inkjs bundled for node (see replay-ink-counterexamples.js); STORYGRAPH the
// built binary. The keys are 1-based, among the choices shown, as `play` takes them
// (a `storygraph test` trace's `play_keys`). Exit code 1 when a menu differs.
"use strict";
const fs = require("fs");
const { execFileSync } = require("child_process");

const [inkjsPath, storygraph, storyPath, ...rest] = process.argv.slice(2);
if (!storyPath) {
    console.error("usage: compare-ink-json-play.js INKJS STORYGRAPH STORY.ink.json KEY...");
    process.exit(64);
}
const keys = rest.map(Number);
const ink = require(require("path").resolve(inkjsPath));

// ink's runtime: the menus shown, one list of labels per stop.
function runtimeMenus() {
    const story = new ink.Story(fs.readFileSync(storyPath, "utf8").replace(/^\uFEFF/, ""));
    const menus = [];
    for (let k = 0; ; k++) {
        while (story.canContinue) story.Continue();
        menus.push(story.currentChoices.map((c) => c.text.trim()));
        if (story.currentChoices.length === 0 || k === keys.length) break;
        story.ChooseChoiceIndex(keys[k] - 1);
    }
    return menus;
}

// storygraph play: the numbered choices of each menu it prints (locked ones are not
// offered), the condition it shows after a label (`[if …]`) left out.
function storygraphMenus() {
    const input = keys.join("\n") + "\nq\n";
    let out;
    try {
        out = execFileSync(storygraph, ["play", storyPath], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
        out = e.stdout || "";
    }
    const menus = [];
    let current = null;
    for (const line of out.split("\n")) {
        const m = line.match(/^ {2}(\d+)\. (.*?)(\s+\[if .*\])?$/);
        if (m) {
            if (current === null) current = [];
            current.push(m[2].trim());
        } else if (current !== null && !/^ {2}-\. /.test(line)) {
            menus.push(current);
            current = null;
        }
    }
    if (current !== null) menus.push(current);
    return menus;
}

const a = runtimeMenus();
const b = storygraphMenus();
let differ = 0;
for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = JSON.stringify(a[i] || []);
    const y = JSON.stringify(b[i] || []);
    if (x !== y) differ++;
    console.log(`${x === y ? "same   " : "DIFFERS"} menu ${i + 1}: ink ${x}${x === y ? "" : `, storygraph ${y}`}`);
}
console.log(`${a.length} menus in ink's runtime, ${b.length} in storygraph play: ${differ} differ`);
process.exit(differ ? 1 : 0);
