import Foundation
import StoryFormats
import StoryGraph
import StoryHTML
import StoryMap
import StoryRender

/// `storygraph map STORY [-o FILE]`: the story map rendered through Graphviz.
struct MapCommand: WatchableCommand {
    typealias OutputFormat = MapRequest.Format

    static let configuration = CommandConfiguration(
        name: "map",
        abstract: "Draw the story map as SVG, PNG, PDF, DOT or an interactive HTML report.",
        discussion: """
            Passages are white boxes, choices green boxes, endings red; the start has a bold \
            border and a 'start' marker. Restarts are dashed grey edges back to the start, \
            broken links point to a red 'missing' box, unreachable passages are grey. \
            Without -o, SVG goes to stdout. HTML is the page 'report --format html' writes, \
            with this command's overlays on its map.
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [outputOption.spec, formatOption.spec, engineOption.spec, Watch.option.spec]
            + MapStyleOptions.specs + [LayoutMemoryEstimate.maxMemoryOption.spec] + MapOverlayOptions.specs
            + InputOptions.specs)

    static let outputOption = Option.text(
        "output", short: "o", value: "FILE",
        help: "Write the map here; its extension picks the format. " + OutputFile.helpNote)
    static let formatOption = Option<OutputFormat>.choice(
        "format", help: "Output format (default: from the file extension, else svg).")
    static let engineOption = Option<MapEngine>.choice(
        "engine", help: "Graphviz layout engine; auto picks dot for small stories and tuned dot or sfdp for big ones.",
        default: .auto)

    let paths: [String]
    let output: String?
    let format: OutputFormat
    let engine: MapEngine
    let input: InputOptions
    let style: MapStyleOptions
    let overlays: MapOverlays
    let overlayOptions: MapOverlayOptions
    let command: String
    /// `--max-memory`, in MiB (0: no ceiling).
    let memoryCeiling: Int
    let watches: Bool
    var watchedPaths: [String] { paths }
    var writtenPaths: [String] { output.map { [$0] } ?? [] }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        try self.init(arguments, format: nil)
    }

    /// `format` forces the output format (the `dot` command's DOT text).
    init(_ arguments: ParsedArguments, format forced: OutputFormat?) throws(CLIError) {
        command = arguments.command
        paths = arguments.positional
        watches = forced == nil && arguments[Watch.option]
        output = forced == nil ? arguments.value(Self.outputOption) : nil
        input = try InputOptions(arguments)
        style = MapStyleOptions(arguments)
        overlayOptions = MapOverlayOptions(arguments)
        overlays = overlayOptions.overlays
        engine = arguments[Self.engineOption]
        memoryCeiling = arguments[LayoutMemoryEstimate.maxMemoryOption]
        if let forced {
            format = forced
        } else if let chosen = arguments.value(Self.formatOption) {
            format = chosen
        } else if let output {
            let ext = (output as NSString).pathExtension.lowercased()
            if OutputFormat(rawValue: ext) == nil, OutputFile.isStream(output) {
                format = .svg // `-o -`, /dev/stdout, a FIFO: no extension to go by
            } else if let fromExtension = OutputFormat(rawValue: ext) {
                format = fromExtension
            } else {
                throw .usage(
                    "cannot tell the format of '\(output)' from its extension; use .svg, .png, .pdf, .dot or .html, or --format",
                    command: "map")
            }
        } else {
            format = .svg
        }
    }

    func validate() throws(CLIError) {
        try Watch.validate(self)
        try overlayOptions.validate(command: command)
        let toStdout = output.map { OutputFile.standardDescriptor($0) == STDOUT_FILENO } ?? true
        if toStdout, format == .png || format == .pdf, isatty(1) == 1 {
            throw .usage("refusing to write \(format.rawValue.uppercased()) to a terminal; use -o FILE", command: "map")
        }
    }

    /// What `map` asks of the library: this command's format, style, overlays, engine and
    /// ceiling.
    var request: MapRequest {
        MapRequest(
            format: format, options: style.options, overlays: overlays, engine: engine, memoryCeilingMiB: memoryCeiling)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal)
        let graph = StoryGraph(result.story)
        if format == .html { return try page(graph, diagnostics: result.diagnostics, terminal) }
        let analysis = MapAnalysis(graph, stateBudget: overlays.stateMarks ? overlayOptions.stateBudget : nil)
        let plan: MapPlan
        do {
            plan = try MapDrawing.plan(analysis, request)
        } catch {
            throw .usage(error.message, command: "map")
        }
        if overlays.pinnedLayout { terminal.report(PinnedLayout.refusals(of: graph.story)) }
        for warning in plan.warnings { terminal.printError("warning: \(warning)") }
        if let refusal = plan.refusal { throw Self.refused(refusal, story: paths[0]) }
        if let reason = plan.engine.reason, !terminal.quiet, format != .dot {
            terminal.printError(TerminalLine(reason))
        }
        if format == .png || format == .pdf, !terminal.quiet, let dot = plan.dot, let warning = Self.fontWarning(dot) {
            terminal.printError(TerminalLine(warning))
        }
        let data: Data
        do {
            let spinner =
                format == .dot
                ? nil
                : LayoutSpinner(
                    terminal: terminal, what: "laying out \(plan.boxes) boxes with \(plan.engine.engine.rawValue)")
            defer { spinner?.finish() }
            let rendered = try plan.render()
            spinner?.finish()
            if !terminal.quiet {
                for warning in rendered.warnings {
                    terminal.printError("warning: graphviz: \(TerminalText.escaped(warning))")
                }
            }
            data = rendered.data
        } catch {
            throw Self.cliError(error, story: paths[0])
        }
        guard let output else {
            terminal.write(data: data)
            return .success
        }
        try OutputFile.write(data, to: output, terminal: terminal)
        if !terminal.quiet, OutputFile.standardDescriptor(output) == nil {
            let drawn = plan.options.decorations.visiblePassages?.count ?? graph.passageCount
            terminal.printError(
                "wrote \(output) (\(format.rawValue), \(drawn) \(drawn == 1 ? "passage" : "passages"), \(data.count) bytes)"
            )
        }
        return .success
    }

    /// A map the library would not or could not draw: a request naming what the story
    /// lacks is a usage error; a layout past the memory ceiling, or a PNG past cairo's
    /// limit, is refused as input too big (exit 65); anything else Graphviz says is an
    /// internal failure.
    static func cliError(_ failure: MapFailure, story path: String) -> CLIError {
        switch failure {
        case .request(let error):
            return .usage(error.message, command: "map")
        case .memory(let refusal):
            return refused(refusal, story: path)
        case .render(let error):
            if error.stage == .size, let bitmap = error.bitmap { return tooLarge(bitmap, story: path) }
            return .failure(error.description)
        }
    }

    /// The refusal of a layout past `--max-memory`: exit 65, as for input past the size
    /// limit (this story is too big for this map), located at the story.
    static func refused(_ refusal: MemoryRefusal, story path: String) -> CLIError {
        .input(
            StoryLoadError(
                refusal.description, at: SourceLocation(file: path, line: 1, column: 1),
                rule: MapRules.mapMemoryCeiling.id))
    }

    /// The one warning of a map whose labels hold characters no installed font covers
    /// (cairo draws them as empty boxes); `nil` when every character has a font.
    static func fontWarning(_ dot: String) -> String? {
        let missing = FontCoverage.uncovered(in: dot)
        guard !missing.isEmpty else { return nil }
        let shown = missing.prefix(5).map {
            "U+" + String($0.value, radix: 16, uppercase: true).leftPadded4 + " " + TerminalText.escaped(String($0))
        }
        let more = missing.count > 5 ? ", and \(missing.count - 5) more" : ""
        let count = missing.count == 1 ? "1 character" : "\(missing.count) characters"
        return "warning: no installed font has \(count) of the map's labels (\(shown.joined(separator: ", "))\(more)); "
            + "PNG and PDF draw them as empty boxes: install fonts-noto-cjk and fonts-noto-color-emoji (make deps), or write SVG"
    }

    /// The refusal of a PNG past cairo's limit (exit 65, as for a map past `--max-memory`),
    /// with what draws the story instead.
    static func tooLarge(_ bitmap: BitmapSize, story path: String) -> CLIError {
        let limit = BitmapSize.cairoLimit - 1
        let message =
            "the map is \(bitmap) as PNG, past the \(limit.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) px a side Graphviz's bitmap renderer draws "
            + "(it would shrink the picture to a blank); write SVG (-o map.svg), the HTML report (report STORY --format html), "
            + "or draw part of the story with --focus PASSAGE or --cluster"
        return .input(
            StoryLoadError(message, at: SourceLocation(file: path, line: 1, column: 1), rule: MapRules.bitmapSize.id))
    }

    /// `--format html`: the report page, its map drawn with this command's style and
    /// overlays; the state search runs once, within this command's budget, for the report
    /// and the map's marks alike.
    private func page(_ graph: StoryGraph, diagnostics: [Diagnostic], _ terminal: Terminal) throws(CLIError) -> ExitCode
    {
        let analysis = StoryAnalysis(
            graph, loadDiagnostics: diagnostics,
            options: .init(disabledRules: input.disabled, stateBudget: overlayOptions.stateBudget))
        let drawn: DrawnMap
        do {
            drawn = try MapDrawing.draw(MapAnalysis(analysis), request)
        } catch {
            switch error {
            case .memory(let refusal): throw Self.refused(refusal, story: paths[0])
            case .request, .render: throw .usage(error.description, command: "map")
            }
        }
        if !terminal.quiet {
            for warning in drawn.warnings { terminal.printError("warning: \(TerminalText.escaped(warning))") }
        }
        let data = drawn.data
        guard let output else {
            terminal.write(data: data)
            return .success
        }
        try OutputFile.write(data, to: output, terminal: terminal)
        if !terminal.quiet, OutputFile.standardDescriptor(output) == nil {
            terminal.printError(
                "wrote \(output) (html, \(graph.passageCount) \(graph.passageCount == 1 ? "passage" : "passages"), \(data.count) bytes)"
            )
        }
        return .success
    }
}

private extension String {
    /// At least four hex digits, as `U+00E9` is written.
    var leftPadded4: String { count >= 4 ? self : String(repeating: "0", count: 4 - count) + self }
}
