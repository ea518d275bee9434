/// The tools of `storygraph mcp`, in the order `tools/list` lists them: the commands, each
/// answering with its `--format json` document (`map` with its SVG or DOT text). A new
/// command becomes a tool with one entry here.
package enum MCPTools {
    /// Options no tool takes: where output goes, watching, timing, a format the tool fixes.
    static let commandLineOnly: Set<String> = ["format", "output", "watch", "timings"]

    package static let all: [MCPTool] = [
        .command(
            ReportCommand.self, title: "Analyse a story", fixed: ["--format=json"],
            // --heat needs the HTML page, which no tool writes.
            leftOut: commandLineOnly.union(["heat", "runs", "seed", "policy"])),
        .command(
            CheckCommand.self, title: "Check a story for problems", fixed: ["--format=json"],
            leftOut: commandLineOnly),
        .command(
            TestCommand.self, title: "Check the writer's expectations", fixed: ["--format=json"],
            leftOut: commandLineOnly),
        .command(
            PathsCommand.self, title: "List the paths to the endings", fixed: ["--format=json"],
            leftOut: commandLineOnly, defaults: ["limit": 1000]),
        .command(
            FuzzCommand.self, title: "Play the story many times at random", fixed: ["--format=json"],
            leftOut: commandLineOnly),
        .command(
            MapCommand.self, title: "Draw the story map",
            description: "Draw the story map as SVG text (or, with format 'dot', Graphviz DOT text).",
            leftOut: commandLineOnly.subtracting(["format"]), allowed: ["format": ["svg", "dot"]],
            defaults: ["format": "svg"]),
        .play(title: "Play the story step by step"),
    ]
}
