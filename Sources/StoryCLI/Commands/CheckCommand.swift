import Foundation
import StoryFormats
import StoryGraph

/// `storygraph check STORY…`: lint findings editor-style, a summary, and an exit code
/// for CI.
struct CheckCommand: WatchableCommand {
    typealias Format = CheckReport.Format

    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check stories for broken links, traps, unreachable passages and other problems.",
        discussion: """
            Each STORY is checked on its own; files that make one story (the files of a Twee \
            project or a ChoiceScript game, an app's source files) are checked as that story. Findings are written to stderr as \
            'path:line:column: severity: message [rule-id]' (with --format json, as one JSON \
            document on stdout; with --format sarif, as a SARIF 2.1.0 log on stdout; with \
            --format github, as GitHub Actions annotation lines on stdout), then a one-line summary. Exit code 1 when any story has an \
            error, or a warning under --strict; 0 otherwise; 65 when a file cannot be read. \
            'storygraph help rules' lists every rule with its severity.
            """,
        arguments: [
            ArgumentSpec(
                "STORY",
                help:
                    "A story file or folder to check; give several to check each (files that make one story are checked together). A folder is checked story by story (one story when its files form one, as a Twee project does).",
                repeating: true)
        ],
        options: [strictOption.spec, formatOption.spec] + AnalysisOptions.stateSpecs + [Watch.option.spec]
            + InputOptions.specs)

    static let strictOption = Option.flag("strict", help: "Fail on warnings too.")
    static let formatOption = Option<Format>.choice("format", help: "Output format.", default: .text)
    /// What a SARIF log names as its driver.
    static let tool = CheckCIOutput.Tool(name: "storygraph", version: StoryGraphCLI.version)

    let paths: [String]
    let strict: Bool
    let format: Format
    let input: InputOptions
    let stateBudget: StateAnalysis.Budget
    let watches: Bool
    var watchedPaths: [String] { paths }
    var writtenPaths: [String] { [] }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        stateBudget = AnalysisOptions.stateBudget(arguments)
        watches = arguments[Watch.option]
        strict = arguments[Self.strictOption]
        format = arguments[Self.formatOption]
        input = try InputOptions(arguments)
    }

    func validate() throws(CLIError) {
        try Watch.validate(self)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        // Each STORY argument, and each story inside a folder argument, is checked on its own.
        // A folder's files left out unread (FIFOs, links out of it) are findings of its first story.
        var stories: [(name: String, files: [String], skipped: [Diagnostic])] = []
        // Files given one by one that make one story (`check src/*.twee`, the scenes of a
        // game, an app's source files) are checked as that story, as `report` reads them.
        let given = paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        let grouped = given.count > 1 ? StoryFolder(files: given).stories.filter { $0.count > 1 } : []
        let inGroup = Dictionary(grouped.flatMap { group in group.map { ($0, group) } }, uniquingKeysWith: { a, _ in a })
        var checked = Set<String>()
        for path in paths {
            if let group = inGroup[path] {
                if checked.insert(group[0]).inserted { stories.append((group[0], group, [])) }
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                stories.append((path, [path], []))
                continue
            }
            do {
                let folder = try StoryFolder(path)
                if folder.stories.isEmpty { stories.append((path, [path], folder.findings)) }
                for (k, group) in folder.stories.enumerated() {
                    // A folder of one story is read as the folder, as `report` reads it: an
                    // app project's story file then comes with the files beside it.
                    let files = folder.stories.count == 1 ? [path] : group
                    stories.append((group.count == 1 ? group[0] : path, files, k == 0 ? folder.findings : []))
                }
            } catch {
                stories.append((path, [path], []))
            }
        }
        var files: [CheckReport.File] = []
        for story in stories {
            let check = try StoryCheck(name: story.name, input: input, stateBudget: stateBudget) {
                () throws(StoryLoadError) in try input.read(story.files)
            }
            var diagnostics = check.findings
            let readable = check.analysed != nil
            // A folder read again for one of its stories reports its skipped files once.
            diagnostics = story.skipped + diagnostics.filter { $0.ruleID != FormatRules.fileSkipped.id }
            let file = CheckReport.File(path: story.name, readable: readable, diagnostics: diagnostics)
            if format == .text {
                terminal.report(diagnostics)
                // One block per story when there are several: its findings, then its line.
                if stories.count > 1 && !terminal.quiet { terminal.printError(TerminalLine(file.summary)) }
            }
            files.append(file)
        }
        let report = CheckReport(files: files, strict: strict)
        terminal.write(
            report.rendered(
                format, rules: StoryLoading.rules, tool: Self.tool,
                currentFolder: FileManager.default.currentDirectoryPath,
                standardInput: StandardInput.name))
        // The summary goes to stderr when stdout holds a document for programs.
        if format != .text, !terminal.quiet { terminal.printError(TerminalLine(report.summary)) }
        if report.unreadable > 0 { return .dataError }
        return report.fails ? .findings : .success
    }
}
