import StoryGraph

/// The parse errors Ren'Py's parser reports inside statements the loader otherwise reads
/// leniently, each at Ren'Py's line with Ren'Py's message:
/// - an `if`, `elif`, `else` or `while` whose line does not end in `:` ("reached end of
///   line when expecting ':'.");
/// - a say statement with something after its string that Ren'Py's `finish_say` does not
///   read (`with`, `id`, `nointeract`, arguments): a `"` inside a string that closes it
///   early, a second string, a `'''` string holding a lone `'` ("end of line expected.");
///   `with` and nothing after it ("expected 'simple_expression' not found.");
/// - a menu choice (`"text":`) with an empty block ("choice menuitem expects a non-empty
///   block.").
/// As Ren'Py does, a statement with an error is skipped with its block, and an error in a
/// menu's choice or caption skips the rest of the menu; a file with an error of the lexer
/// or of its indentation (`errors`) is not parsed at all. Only lines Ren'Py parses as
/// script are checked (not screens, Python, translations or
/// the blocks of `transform`, `image`…), and not a line that starts with a statement the
/// game registers (`renpy.register_statement`): its own parser reads it.
extension RenPyScript {
    func statementErrors(excluded: [Bool], registered: Set<String>) -> [(line: Int, column: Int, message: String)] {
        var errors: [(line: Int, column: Int, message: String)] = []
        guard self.errors.isEmpty else { return errors }
        var skipTo = 0
        func report(_ i: Int, _ message: String, menu: Int?) {
            errors.append((lines[i].number, lines[i].indent + 1, message))
            skipTo = menu.map { blockEnd[$0] } ?? blockEnd[i]
        }
        for i in lines.indices where !excluded[i] && i >= skipTo {
            let text = lines[i].text
            var first = RenPyReader(text)
            if let word = first.name(), registered.contains(word) { continue }
            let owner = parent[i]
            let inMenu: Bool = {
                guard owner >= 0, case .menu = statements[owner] else { return false }
                return true
            }()
            switch statements[i] {
            case .if, .elif, .else, .while:
                if !RenPyReader.endsWithColon(text) {
                    report(i, "reached end of line when expecting ':'.", menu: nil)
                }
            case .say:
                if inMenu, RenPyReader.endsWithColon(text) {
                    // A menu choice: `"text":`, `"text" if cond:`, `"text" (args):`.
                    if blockEnd[i] == i + 1 {
                        report(i, "choice menuitem expects a non-empty block.", menu: owner)
                    }
                    continue
                }
                if let message = Self.sayTrailerError(text) { report(i, message, menu: inMenu ? owner : nil) }
            default:
                break
            }
        }
        return errors
    }

    /// Ren'Py's error for what follows a say statement's string, nil when it reads it all.
    static func sayTrailerError(_ text: String) -> String? {
        guard let parts = RenPyStatement.sayParts(text) else { return nil }
        var rest = parts.rest
        if let message = rest.sayTrailer() { return message }
        guard !rest.atEnd else { return nil }
        // `"Name" happy "text"`: a string who with attributes (Ren'Py's two-argument form).
        if parts.whoIsString {
            var reader = RenPyReader(text)
            _ = reader.string(renPyTriple: true)
            if reader.sayAttributes(), reader.string(renPyTriple: true) != nil {
                if let message = reader.sayTrailer() { return message }
                if reader.atEnd { return nil }
            }
        }
        return "end of line expected."
    }
}

extension RenPyReader {
    /// Moves past what Ren'Py's `finish_say` reads after a say statement's string:
    /// `nointeract`, `with` and a simple expression, `id` and a name, arguments in
    /// parentheses, in any order. Ren'Py's message when one of them lacks what it needs.
    mutating func sayTrailer() -> String? {
        while true {
            if keyword("nointeract") { continue }
            if keyword("with") {
                guard simpleExpression() else { return "expected 'simple_expression' not found." }
                continue
            }
            if keyword("id") {
                guard name() != nil else { return "expected 'name' not found." }
                continue
            }
            skipSpace()
            guard !atEnd, current == "(" else { return nil }
            guard bracketed() else { return nil }
        }
    }

    /// Ren'Py's `simple_expression`: terms (a name, a string, a number, a bracketed
    /// expression), each followed by `.name` and bracketed parts, joined by operators.
    /// False, not moved, when there is none.
    mutating func simpleExpression() -> Bool {
        var any = false
        while true {
            skipSpace()
            while symbol("+") || symbol("-") || symbol("~") || keyword("not") {}
            if string() != nil || name() != nil || number() || (isOpening && bracketed()) {
                any = true
            } else {
                return any
            }
            while true {
                skipSpace()
                if current == ".", symbol("."), name() != nil { continue }
                if isOpening, bracketed() { continue }
                break
            }
            let operators = ["**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "@"]
            guard operators.contains(where: { symbol($0) }) || keyword("and") || keyword("or") || keyword("in")
                || keyword("is")
            else { return any }
        }
    }

    private var isOpening: Bool {
        mutating get {
            skipSpace()
            return current == "(" || current == "[" || current == "{"
        }
    }

    /// Moves past digits and a decimal point; false when no digit comes next.
    private mutating func number() -> Bool {
        skipSpace()
        guard let c = current, ("0"..."9").contains(c) || (c == "." && peekScalar.map { ("0"..."9").contains($0) } == true)
        else { return false }
        while let d = current, ("0"..."9").contains(d) || d == "." || d == "e" || d == "_" { advance() }
        return true
    }

    /// Moves past a bracketed group (strings inside whole); false, not moved, when it
    /// does not close on the line.
    private mutating func bracketed() -> Bool {
        let start = offset
        var depth = 0
        while let c = current {
            if RenPyReader.isQuote(c) {
                if string() == nil { break }
                continue
            }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" {
                depth -= 1
                if depth == 0 {
                    advance()
                    return true
                }
            }
            advance()
        }
        move(to: start)
        return false
    }
}
