import StoryGraph

/// Splits a `.yarn` file (v1, v2 or v3) into its nodes: header lines (`title: Start`,
/// `tags:`, `position:`, `when:`…), `---`, the body, `===`. File-level `#hashtags` and
/// comments before the first node are skipped. CRLF line ends are read as LF.
///
/// - Complexity: O(n) for n scalars.
enum YarnFileReader {
    static func nodes(in source: SourceText) -> ([YarnNode], [Diagnostic]) {
        var nodes: [YarnNode] = []
        var diagnostics: [Diagnostic] = []
        var headers: [(key: String, value: String)] = []
        var headerLine = 0
        var bodyLines: [(text: String, line: Int)] = []
        var inBody = false
        var lineNumber = 0
        /// Where the findings about lines after the last `===` begin, and the first such
        /// line: text there that starts no node is a warning, not an error.
        var afterLastNode: (findings: Int, line: Int)?

        func finishNode(terminated: Bool) {
            let location = SourceLocation(file: source.path, line: headerLine)
            guard let title = headers.first(where: { $0.key == "title" })?.value, !title.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .error, "a node with no 'title:' header; it is skipped", at: location, rule: YarnRules.syntax.id
                    ))
                return
            }
            if !terminated {
                diagnostics.append(
                    Diagnostic(
                        .warning, "node '\(title)' is not closed by '===' before the end of the file", at: location,
                        rule: YarnRules.unterminatedNode.id))
            }
            let (body, findings) = YarnBodyParser.parse(bodyLines, file: source.path)
            diagnostics += findings
            nodes.append(YarnNode(title: title, headers: headers, body: body, location: location))
        }

        for raw in source.text.yarnLines() {
            lineNumber += 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if inBody {
                if String(line).trimmingYarnSpace() == "===" {
                    finishNode(terminated: true)
                    afterLastNode = (diagnostics.count, 0)
                    inBody = false
                    headers = []
                    bodyLines = []
                } else {
                    bodyLines.append((String(line), lineNumber))
                }
                continue
            }
            let trimmed = String(line).trimmingYarnSpace()
            if trimmed.isEmpty { continue }
            if trimmed == "---" {
                afterLastNode = nil
                if headers.isEmpty {
                    headerLine = lineNumber
                    diagnostics.append(
                        Diagnostic(
                            .error, "'---' with no node headers before it",
                            at: SourceLocation(file: source.path, line: lineNumber), rule: YarnRules.syntax.id))
                }
                inBody = true
                continue
            }
            if headers.isEmpty && (trimmed.hasPrefix("#") || trimmed.hasPrefix("//")) { continue }
            if trimmed.hasPrefix("//") { continue }
            if afterLastNode?.line == 0 { afterLastNode?.line = lineNumber }
            if let colon = trimmed.firstIndex(of: ":") {
                if headers.isEmpty { headerLine = lineNumber }
                let key = String(trimmed[..<colon]).trimmingYarnSpace()
                let value = String(trimmed[trimmed.index(after: colon)...]).trimmingYarnSpace()
                headers.append((key, value))
                continue
            }
            diagnostics.append(
                Diagnostic(
                    .error, "'\(trimmed.prefix(40))' is neither a node header ('key: value') nor '---'",
                    at: SourceLocation(file: source.path, line: lineNumber), rule: YarnRules.syntax.id))
        }
        if let trailing = afterLastNode, !inBody, trailing.line > 0 {
            // Text after the last node that never became one: Yarn Spinner's compiler
            // stops at it, but every node before it is whole.
            diagnostics.removeSubrange(trailing.findings...)
            diagnostics.append(
                Diagnostic(
                    .warning, "text after the last node's '===' starts no node; it is left out",
                    at: SourceLocation(file: source.path, line: trailing.line), rule: YarnRules.trailingText.id))
        } else if inBody {
            finishNode(terminated: false)
        } else if !headers.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, "node headers with no '---' body after them",
                    at: SourceLocation(file: source.path, line: headerLine), rule: YarnRules.syntax.id))
        }
        return (nodes, diagnostics)
    }

    /// Whether the text looks like a Yarn file: a `title:` header line followed, with only
    /// header lines between, by a `---` line (looked for in the first 64 KiB).
    ///
    /// Every other format's file is asked this too (a gamebook's JSON, a Twee file), so a
    /// head with no `title:` in it is turned away by one pass over its bytes, before any
    /// line is made.
    static func looksLikeYarn(_ source: SourceText) -> Bool {
        guard containsTitleHeader(source.utf8.prefix(1 << 16)) else { return false }
        let head = String(decoding: source.utf8.prefix(1 << 16), as: UTF8.self)
        var sawTitle = false
        for raw in head.yarnLines(omittingEmpty: true) {
            let line = String(raw).trimmingYarnSpace().replacingOccurrences(of: "\r", with: "")
            if line.hasPrefix("title:") {
                sawTitle = true
                continue
            }
            if sawTitle && line == "---" { return true }
            // Only headers (`key: value`) come between a title and its body.
            if !line.contains(":") && !line.hasPrefix("#") { sawTitle = false }
        }
        return false
    }

    /// Whether the bytes hold `title:` anywhere (a cheap necessary condition of
    /// `looksLikeYarn`).
    ///
    /// - Complexity: O(bytes).
    private static func containsTitleHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        let title: [UInt8] = Array("title:".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count >= title.count else { return false }
            var i = 0
            let last = buffer.count - title.count
            while i <= last {
                if buffer[i] == UInt8(ascii: "t") {
                    var k = 1
                    while k < title.count && buffer[i + k] == title[k] { k += 1 }
                    if k == title.count { return true }
                }
                i += 1
            }
            return false
        }
    }
}
