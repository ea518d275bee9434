import Foundation
import StoryFormats
import StoryGraph

/// `storygraph diff OLD NEW`: what changed between two versions of a story.
struct DiffCommand: Command {
    typealias Format = StoryDiff.Format
    /// What makes `--fail-on` exit 1.
    typealias FailOn = StoryDiff.FailOn

    static let configuration = CommandConfiguration(
        name: "diff",
        abstract:
            "Show what changed between two versions of a story: passages, links, endings, paths, odds and findings.",
        discussion: """
            Passages are matched by id, then the ones left by the words of their text: a \
            removed and an added passage with at least --rename-threshold of their words \
            alike are one passage renamed (the most alike pairs first; ties by source \
            order). Links are compared on the passages in both versions, by label and \
            target. Findings are new or fixed by severity, rule and message (not place; a renamed passage by its new id). \
            Either side may be git:REV:PATH, the file at a git revision (read with \
            'git show REV:PATH' in the current folder; REV cannot start with '-'). Exit code 1 under --fail-on when \
            the diff has what it names; 65 when a version cannot be read. JSON keys are \
            checked against Schemas/diff.schema.json.
            """,
        arguments: [
            ArgumentSpec("OLD", help: "The old version: a story file or folder, or git:REV:PATH."),
            ArgumentSpec("NEW", help: "The new version: a story file or folder, or git:REV:PATH."),
        ],
        options: [formatOption.spec, failOnOption.spec, renameThresholdOption.spec] + AnalysisOptions.specs
            + InputOptions.specs)

    static let formatOption = Option<Format>.choice(
        "format", help: "Output format (markdown: to paste in a pull request).", default: .text)
    static let failOnOption = Option.oneOf(
        "fail-on", value: "CHANGE",
        help:
            "Exit 1 when the new version has errors the old did not (new-errors) or lost an ending a reader could reach (lost-endings); repeat for both.",
        allowed: FailOn.allCases.map(\.rawValue), repeating: true)
    static let renameThresholdOption = Option<Double>.number(
        "rename-threshold", value: "FRACTION",
        help:
            "How alike the words of a removed and an added passage must be to count as a rename (Dice coefficient; 1: only the same words).",
        default: PassageMatching.defaultThreshold, in: 0.01...1, expected: "a number from 0.01 to 1")

    let old: String
    let new: String
    let format: Format
    let failOn: Set<FailOn>
    let threshold: Double
    let analysis: AnalysisOptions
    let input: InputOptions
    let gitFiles: [GitFile?]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        old = arguments.positional[0]
        new = arguments.positional[1]
        format = arguments[Self.formatOption]
        failOn = Set(arguments.values(Self.failOnOption).compactMap(FailOn.init))
        threshold = arguments[Self.renameThresholdOption]
        analysis = AnalysisOptions(arguments)
        input = try InputOptions(arguments)
        gitFiles = [try GitFile(old, command: "diff"), try GitFile(new, command: "diff")]
    }

    func validate() throws(CLIError) {
        if StandardInput.means(old) && StandardInput.means(new) {
            throw .usage("OLD and NEW cannot both be standard input ('-')", command: "diff")
        }
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let options = StoryAnalysis.Options(budget: analysis.budget, maxCycles: 0, disabledRules: input.disabled)
        var analyses: [StoryAnalysis] = []
        for (path, git) in zip([old, new], gitFiles) {
            let result: LoadResult
            if let git {
                let loaded: LoadResult
                do throws(StoryLoadError) {
                    loaded = try StoryLoading.load(
                        sources: [git.source()], format: input.format, options: input.options)
                } catch {
                    throw input.refusal(error)
                }
                result = try input.accept(loaded, terminal, printFindings: false)
            } else {
                result = try input.load([path], terminal, printFindings: false)
            }
            analyses.append(
                StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics, options: options))
        }
        let diff = StoryDiff(old: analyses[0], oldName: old, new: analyses[1], newName: new, renameThreshold: threshold)
        terminal.write(diff.rendered(format))
        let failures = diff.failures(failOn)
        if !failures.isEmpty && !terminal.quiet {
            terminal.printError("diff fails: \(failures.joined(separator: ", "))")
        }
        return failures.isEmpty ? .success : .findings
    }
}
