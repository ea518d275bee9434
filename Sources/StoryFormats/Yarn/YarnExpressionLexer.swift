import StoryGraph

/// The tokens of a Yarn Spinner expression, for `YarnExpressionParser`.
enum YarnExpressionLexer {
    enum Token: Equatable {
        case number(String)
        case string(String)
        /// `$gold`, without the sigil.
        case variable(String)
        /// A function name, `true`/`false`, an enum case (`Mood.Happy`).
        case identifier(String)
        /// An operator or punctuation, with word operators (`and`, `gte`) as symbols too.
        case symbol(String)
    }

    static let wordOperators: Set<String> = ["and", "or", "xor", "not", "is", "eq", "neq", "gt", "lt", "gte", "lte"]

    /// The tokens of `text`, or nil when it holds a character no expression has (or an
    /// unterminated string).
    ///
    /// - Complexity: O(n) for n scalars.
    static func tokens(of text: String) -> [Token]? {
        let s = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        func isIdentifier(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c == "." || c.properties.isAlphabetic || ("0"..."9").contains(c)
        }
        while i < s.count {
            let c = s[i]
            if c == " " || c == "\t" {
                i += 1
                continue
            }
            if ("0"..."9").contains(c) {
                let start = i
                while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
                tokens.append(.number(String(String.UnicodeScalarView(s[start..<i]))))
                continue
            }
            if c == "\"" {
                var value = String.UnicodeScalarView()
                i += 1
                var closed = false
                while i < s.count {
                    if s[i] == "\\", i + 1 < s.count {
                        value.append(s[i + 1])
                        i += 2
                        continue
                    }
                    if s[i] == "\"" {
                        closed = true
                        i += 1
                        break
                    }
                    value.append(s[i])
                    i += 1
                }
                guard closed else { return nil }
                tokens.append(.string(String(value)))
                continue
            }
            if c == "$" {
                let start = i + 1
                i += 1
                while i < s.count, isIdentifier(s[i]) { i += 1 }
                guard i > start else { return nil }
                tokens.append(.variable(String(String.UnicodeScalarView(s[start..<i]))))
                continue
            }
            if isIdentifier(c) {
                let start = i
                while i < s.count, isIdentifier(s[i]) { i += 1 }
                let word = String(String.UnicodeScalarView(s[start..<i]))
                tokens.append(wordOperators.contains(word) ? .symbol(word) : .identifier(word))
                continue
            }
            let two = i + 1 < s.count ? String(String.UnicodeScalarView([c, s[i + 1]])) : ""
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                tokens.append(.symbol(two))
                i += 2
                continue
            }
            guard "()<>+-*/%!^,".unicodeScalars.contains(c) else { return nil }
            tokens.append(.symbol(String(c)))
            i += 1
        }
        return tokens
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingYarnSpace() -> String {
        let s = unicodeScalars
        guard let first = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(s[first...last])
    }
}

extension StringProtocol {
    /// The lines of the text, split at LF and CRLF (a Swift `Character` holds CRLF as one,
    /// so splitting at "\n" alone would miss it).
    func yarnLines(omittingEmpty: Bool = false) -> [SubSequence] {
        split(omittingEmptySubsequences: omittingEmpty, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
