import Foundation
import StoryGraph
import StoryFormats

/// `storygraph check STORY…`: lint findings editor-style, a summary, and an exit code
/// for CI.
struct CheckCommand: Command {
    enum Format: String, CaseIterable { case text, json }

    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check stories for broken links, traps, unreachable passages and other problems.",
        discussion: """
            Each STORY is checked on its own. Findings are written to stderr as \
            'path:line:column: severity: message [rule-id]' (with --format json, as one JSON \
            document on stdout), then a one-line summary. Exit code 1 when any story has an \
            error, or a warning under --strict; 0 otherwise; 65 when a file cannot be read. \
            'storygraph help rules' lists every rule with its severity.
            """,
        arguments: [ArgumentSpec("STORY", help: "A story file to check; give several to check each.", repeating: true)],
        options: [strictOption.spec, formatOption.spec] + InputOptions.specs)

    static let strictOption = Option.flag("strict", help: "Fail on warnings too.")
    static let formatOption = Option<Format>.choice("format", help: "Output format.", default: .text)

    let paths: [String]
    let strict: Bool
    let disabled: Set<String>
    let format: Format
    let input: InputOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        strict = arguments[Self.strictOption]
        disabled = InputOptions(arguments).disabled
        format = arguments[Self.formatOption]
        input = InputOptions(arguments)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        var files: [CheckReport.File] = []
        for path in paths {
            let diagnostics: [Diagnostic]
            var readable = true
            do throws(StoryLoadError) {
                var loaded = try input.read([path])
                loaded.diagnostics.removeAll { $0.ruleID.map(disabled.contains) ?? false }
                if let refusal = StoryLoading.refusal(of: loaded) { throw refusal }
                let graph = StoryGraph(loaded.story)
                diagnostics = Lint(
                    graph, loadDiagnostics: loaded.diagnostics, reachability: Reachability(graph),
                    components: StronglyConnectedComponents(graph), disabled: disabled).findings
            } catch {
                diagnostics = error.diagnostics.isEmpty
                    ? [Diagnostic(FormatRules.unreadableFile, "cannot read the story", at: SourceLocation(file: path, line: 1))]
                    : error.diagnostics.filter { !($0.ruleID.map(disabled.contains) ?? false) }
                readable = false
            }
            if format == .text { terminal.report(diagnostics) }
            files.append(CheckReport.File(path: path, readable: readable, findings: diagnostics.map(Report.Finding.init)))
        }
        let report = CheckReport(files: files, strict: strict)
        let document = report.document()
        switch format {
        case .text:
            terminal.write(document.text())
        case .json:
            terminal.write(document.json())
            if !terminal.quiet { terminal.printError(report.summary) }
        }
        if report.unreadable > 0 { return .dataError }
        return report.fails ? .findings : .success
    }
}
