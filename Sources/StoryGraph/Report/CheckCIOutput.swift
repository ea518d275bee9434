import Foundation

/// `check`'s findings in the forms CI systems read: SARIF 2.1.0 (OASIS) for code-scanning
/// views, and GitHub Actions workflow commands for inline annotations. Both keep `check`'s
/// order: stories as given, each story's findings as `Lint` sorts them.
package struct CheckCIOutput {
    /// The program that found them: the SARIF driver.
    package struct Tool: Sendable, Hashable {
        package var name: String
        package var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// Every finding of every story checked, in `check`'s order.
    package let findings: [Diagnostic]
    /// The rules a finding can name (`rules` of the SARIF driver; a result's `ruleIndex`).
    package let rules: RuleRegistry
    package let tool: Tool
    /// The folder relative paths are read from and artifact URIs are made relative to.
    package let currentFolder: String
    /// The file name standard input has in locations (`<stdin>`): no URI, no file to annotate.
    package let standardInput: String

    /// Each file's path relative to the current folder (nil outside it), worked out once
    /// per file rather than once per finding.
    private var relativePaths: [String: String?] = [:]

    package init(findings: [Diagnostic], rules: RuleRegistry, tool: Tool, currentFolder: String, standardInput: String)
    {
        self.findings = findings
        self.rules = rules
        self.tool = tool
        self.currentFolder = currentFolder
        self.standardInput = standardInput
        for finding in findings {
            for file in [finding.location?.file] + finding.notes.map(\.location?.file) {
                guard let file, relativePaths[file] == nil else { continue }
                relativePaths[file] = .some(relativePath(file))
            }
        }
    }

    // MARK: SARIF

    /// The identifier of the SARIF 2.1.0 schema (its `id`, OASIS errata 01).
    package static let sarifSchema =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// One SARIF log with one run: the driver with every registered rule, one result per
    /// finding. Columns are counted in Unicode scalars, as every location of storygraph's
    /// is, so the run's `columnKind` is `unicodeCodePoints`. Pretty-printed with sorted
    /// keys: the same findings give the same bytes.
    ///
    /// - Complexity: O(rules + findings · notes).
    package func sarif() -> String {
        let index = Dictionary(uniqueKeysWithValues: rules.rules.enumerated().map { ($1.id, $0) })
        let descriptors = rules.rules.map { rule in
            ReportValue.object([
                ("id", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.meaning))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])),
            ])
        }
        let results = findings.map { finding in
            var result: [(String, ReportValue)] = [
                ("level", .string(Self.level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
            ]
            if let id = finding.ruleID {
                result.append(("ruleId", .string(id)))
                if let i = index[id] { result.append(("ruleIndex", .int(i))) }
            }
            if let location = finding.location {
                result.append(("locations", .array([.object([("physicalLocation", physicalLocation(location))])])))
            }
            if !finding.notes.isEmpty {
                let related = finding.notes.enumerated().map { i, note in
                    var fields: [(String, ReportValue)] = [
                        ("id", .int(i)), ("message", .object([("text", .string(note.message))])),
                    ]
                    if let location = note.location { fields.append(("physicalLocation", physicalLocation(location))) }
                    return ReportValue.object(fields)
                }
                result.append(("relatedLocations", .array(related)))
            }
            if let fix = finding.fix { result.append(("fixes", .array([sarifFix(fix)]))) }
            return ReportValue.object(result)
        }
        let driver = ReportValue.object([
            ("name", .string(tool.name)), ("version", .string(tool.version)),
            ("semanticVersion", .string(tool.version)), ("rules", .array(descriptors)),
        ])
        let run = ReportValue.object([
            ("tool", .object([("driver", driver)])), ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        // SARIF's keys are camelCase: written as they are, where storygraph's own JSON turns
        // them to snake_case.
        let log = ReportValue.object([
            ("$schema", .string(Self.sarifSchema)), ("version", .string("2.1.0")), ("runs", .array([run])),
        ])
        return String(decoding: JSONOutput.encode(log, keys: .asWritten), as: UTF8.self) + "\n"
    }

    /// SARIF's level for a severity: error, warning, and `note` for info.
    package static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A file's place; standard input, which has no URI, is an artifact described by its
    /// name.
    private func physicalLocation(_ location: SourceLocation) -> ReportValue {
        .object([
            ("artifactLocation", sarifArtifact(location.file)),
            ("region", .object([("startLine", .int(location.line)), ("startColumn", .int(location.column))])),
        ])
    }

    /// SARIF's `artifactLocation` of a file.
    private func sarifArtifact(_ file: String) -> ReportValue {
        var fields: [(String, ReportValue)] = []
        if file == standardInput {
            fields.append(("description", .object([("text", .string(standardInput))])))
        } else {
            let artifact = artifactLocation(file)
            fields.append(("uri", .string(artifact.uri)))
            if let base = artifact.base { fields.append(("uriBaseId", .string(base))) }
        }
        return .object(fields)
    }

    /// A finding's fix as a SARIF `fix`: one replacement of the text it names, on its line.
    private func sarifFix(_ fix: Diagnostic.Fix) -> ReportValue {
        let region = ReportValue.object([
            ("startLine", .int(fix.location.line)), ("startColumn", .int(fix.location.column)),
            ("endLine", .int(fix.location.line)), ("endColumn", .int(fix.endColumn)),
        ])
        let replacement = ReportValue.object([
            ("deletedRegion", region), ("insertedContent", .object([("text", .string(fix.replacement))])),
        ])
        return .object([
            ("description", .object([("text", .string("Replace '\(fix.original)' with '\(fix.replacement)'"))])),
            (
                "artifactChanges",
                .array([
                    .object([
                        ("artifactLocation", sarifArtifact(fix.location.file)), ("replacements", .array([replacement])),
                    ])
                ])
            ),
        ])
    }

    /// A file under the current folder is a relative URI against `%SRCROOT%` (the root a
    /// code-scanning upload resolves against); any other file is an absolute `file:` URI.
    package func artifactLocation(_ path: String) -> (uri: String, base: String?) {
        if let relative = relativePath(path) { return (Self.percentEncoded(relative), "%SRCROOT%") }
        return ("file://" + Self.percentEncoded(absolutePath(path)), nil)
    }

    /// `path` relative to the current folder, when it lies inside it.
    package func relativePath(_ path: String) -> String? {
        if let known = relativePaths[path] { return known }
        let absolute = absolutePath(path)
        let folder = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
        guard absolute.hasPrefix(folder), absolute.count > folder.count else { return nil }
        return String(absolute.dropFirst(folder.count))
    }

    /// `path` made absolute against the current folder, without `.` and `..` steps.
    package func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentFolder + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Every byte of the UTF-8 path percent-encoded except RFC 3986's unreserved
    /// characters and `/`.
    package static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    // MARK: GitHub Actions

    /// One workflow command per finding: `::error file=…,line=…,col=…,title=rule-id::message`
    /// (`::warning`, and `::notice` for info), each note a further line of the message.
    /// Paths are relative to the current folder when they lie inside it; a finding in
    /// standard input has no file and names its place in the message. Control characters
    /// are shown escaped, as on stderr, then GitHub's escapes apply: `%`, CR and LF in the
    /// message; those and `:` and `,` in a property.
    ///
    /// - Complexity: O(findings · notes).
    package func github() -> String {
        findings.map { finding in
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            var properties: [String] = []
            var message = finding.message
            if let location = finding.location, location.file == standardInput {
                // No file to annotate: the place goes into the message.
                message = "\(location): " + message
            } else if let location = finding.location {
                properties += [
                    "file=" + Self.property(relativePath(location.file) ?? location.file),
                    "line=\(location.line)", "col=\(location.column)",
                ]
            }
            if let id = finding.ruleID { properties.append("title=" + Self.property(id)) }
            var lines = [TerminalText.escaped(message)]
            for note in finding.notes {
                let place = note.location.map { "\(relativePath($0.file) ?? $0.file):\($0.line):\($0.column): " } ?? ""
                lines.append(TerminalText.escaped(place + "note: " + note.message))
            }
            let head = properties.isEmpty ? command : command + " " + properties.joined(separator: ",")
            return "::\(head)::\(Self.data(lines.joined(separator: "\n")))\n"
        }.joined()
    }

    /// A workflow command's message: `%`, CR and LF percent-encoded.
    package static func data(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x0D || $0 == 0x0A }) else { return text }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as `data`, and `:` and `,` too.
    package static func property(_ text: String) -> String {
        let escaped = data(TerminalText.escaped(text))
        guard escaped.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }) else {
            return escaped
        }
        return escaped.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
