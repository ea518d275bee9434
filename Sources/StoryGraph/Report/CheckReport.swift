/// What `storygraph check` found in each story it was given: findings per file, the
/// counts by severity, and the summary line.
public struct CheckReport: Sendable, Hashable {
    /// The findings of one file, or why it could not be read.
    public struct File: Sendable, Hashable {
        public var path: String
        public var readable: Bool
        /// With their notes and fixes, which SARIF and GitHub annotations show.
        public var diagnostics: [Diagnostic]

        public init(path: String, readable: Bool, diagnostics: [Diagnostic]) {
            self.path = path
            self.readable = readable
            self.diagnostics = diagnostics
        }

        public var findings: [Report.Finding] { diagnostics.map(Report.Finding.init) }

        /// "Examples/harbour.json: 1 error, 2 warnings, 0 info", or "…: could not be read".
        public var summary: String {
            guard readable else { return "\(path): could not be read" }
            let errors = diagnostics.count { $0.severity == .error }
            let warnings = diagnostics.count { $0.severity == .warning }
            let infos = diagnostics.count { $0.severity == .info }
            return
                "\(path): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
        }
    }

    package var files: [File]
    /// Whether warnings fail the check too.
    package var strict: Bool

    public init(files: [File], strict: Bool) {
        self.files = files
        self.strict = strict
    }

    package func count(_ severity: Severity) -> Int {
        files.reduce(0) { $0 + $1.diagnostics.count { $0.severity == severity } }
    }

    package var unreadable: Int { files.count { !$0.readable } }

    /// Whether the check fails: an error, or a warning under `strict`.
    package var fails: Bool { count(.error) > 0 || (strict && count(.warning) > 0) }

    /// "checked 2 stories: 2 errors, 0 warnings, 2 info (1 could not be read)".
    package var summary: String {
        let errors = count(.error)
        let warnings = count(.warning)
        let stories = files.count == 1 ? "1 story" : "\(files.count) stories"
        return "checked \(stories): \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(count(.info)) info"
            + (unreadable > 0 ? " (\(unreadable) could not be read)" : "")
    }

    /// The summary for people; for programs, every file's findings and the counts
    /// (`Schemas/check.schema.json`). The findings themselves reach people as
    /// diagnostics on stderr, as they are found.
    public func document() -> ReportDocument {
        let files = files.map { file in
            ReportValue.object([
                ("file", .string(file.path)), ("readable", .bool(file.readable)),
                ("findings", .array(file.findings.map(\.value))),
            ])
        }
        return ReportDocument(
            heading: nil,
            sections: [
                .init(
                    "",
                    [
                        .paragraph(ReportText(summary)),
                        .data([
                            .init("files", .array(files)), .init("errors", .int(count(.error))),
                            .init("warnings", .int(count(.warning))),
                            .init("infos", .int(count(.info))), .init("strict", .bool(strict)),
                        ]),
                    ])
            ])
    }

    /// What `check --format` writes on stdout.
    package enum Format: String, Sendable, CaseIterable { case text, json, sarif, github }

    /// The report in `format`: the summary (text), every file's findings (JSON), or every
    /// finding in `check`'s order as a SARIF log or GitHub annotations, which name `tool`
    /// and `rules` and make paths relative to `currentFolder`.
    package func rendered(
        _ format: Format, rules: RuleRegistry, tool: CheckCIOutput.Tool, currentFolder: String, standardInput: String
    ) -> String {
        switch format {
        case .text: return document().text()
        case .json: return document().json()
        case .sarif, .github:
            let output = CheckCIOutput(
                findings: files.flatMap(\.diagnostics), rules: rules, tool: tool, currentFolder: currentFolder,
                standardInput: standardInput)
            return format == .sarif ? output.sarif() : output.github()
        }
    }
}
