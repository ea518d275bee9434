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
        options: [
            OptionSpec("strict", help: "Fail on warnings too."),
            OptionSpec.choice("format", Format.self, help: "Output format.", default: .text),
        ] + InputOptions.specs)

    let paths: [String]
    let strict: Bool
    let disabled: Set<String>
    let format: Format
    let input: InputOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        strict = arguments.flag("strict")
        disabled = InputOptions(arguments).disabled
        format = arguments.choice("format", as: Format.self) ?? .text
        input = InputOptions(arguments)
    }

    /// The findings of one file, or why it could not be read.
    struct FileResult: Encodable {
        var file: String
        var readable: Bool
        var findings: [Report.Finding]
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        var results: [FileResult] = []
        var counts: [Severity: Int] = [:]
        var unreadable = 0
        for path in paths {
            let diagnostics: [Diagnostic]
            var readable = true
            do throws(StoryLoadError) {
                var loaded = try StoryLoading.load(paths: [path], format: input.format, options: input.options)
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
                unreadable += 1
            }
            for diagnostic in diagnostics { counts[diagnostic.severity, default: 0] += 1 }
            if format == .text { terminal.report(diagnostics) }
            results.append(FileResult(file: path, readable: readable, findings: diagnostics.map(Report.Finding.init)))
        }
        let errors = counts[.error] ?? 0
        let warnings = counts[.warning] ?? 0
        let infos = counts[.info] ?? 0
        let files = paths.count == 1 ? "1 story" : "\(paths.count) stories"
        let summary = "checked \(files): \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
            + (unreadable > 0 ? " (\(unreadable) could not be read)" : "")
        switch format {
        case .text:
            terminal.print(summary)
        case .json:
            struct Document: Encodable {
                var files: [FileResult]
                var errors: Int
                var warnings: Int
                var infos: Int
                var strict: Bool
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let document = Document(files: results, errors: errors, warnings: warnings, infos: infos, strict: strict)
            terminal.write(String(decoding: try! encoder.encode(document), as: UTF8.self) + "\n")
            if !terminal.quiet { terminal.printError(summary) }
        }
        if unreadable > 0 { return .dataError }
        return errors > 0 || (strict && warnings > 0) ? .findings : .success
    }
}
