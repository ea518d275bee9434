import StoryGraph

extension InkParser: PrecedenceClimbing {
    /// ink's binary operators with its own precedences (`InkParser_Expressions`: `and`/`or`
    /// 1, comparisons 2, `has`/`hasnt`/`^` 3, `+` 4, `-` 5, `*` 6, `/` 7, `%` `mod` 8), the
    /// longer spelling first.
    static let operators = OperatorTable([
        .init(["&&": .binary(.and), "||": .binary(.or), "and": .binary(.and), "or": .binary(.or)]),
        .init([
            "==": .binary(.equal), ">=": .binary(.greaterOrEqual), "<=": .binary(.lessOrEqual),
            "!=": .binary(.notEqual),
            "<": .binary(.less), ">": .binary(.greater),
        ]),
        .init([
            "!?": .negated(.contains), "?": .binary(.contains), "hasnt": .negated(.contains), "has": .binary(.contains),
            "^": .call("^"),
        ]),
        .init(["+": .binary(.add)]),
        .init(["-": .binary(.subtract)]),
        .init(["*": .binary(.multiply)]),
        .init(["/": .binary(.divide)]),
        .init(["%": .binary(.remainder), "mod": .binary(.remainder)]),
    ])

    /// An expression up to `stop` (not consumed), with its source text. What cannot be
    /// read is kept as `.unknown(text)`, never dropped; what nests deeper than
    /// `Expression.maximumDepth` too, with an `expression-depth` finding at its place.
    mutating func expressionText(_ cursor: inout InkCursor, until stop: Unicode.Scalar) -> (String, Expression?) {
        cursor.skipSpaces()
        let start = cursor.position
        let location = cursor.location
        expressionTooDeep = false
        var expression = self.expression(&cursor)
        cursor.skipSpaces()
        let tooDeep = expressionTooDeep
        if tooDeep {
            report(FormatRules.expressionDepth, FormatRules.expressionDepthMessage("this expression"), at: location)
            expressionTooDeep = false
            cursor.position = start // skipped below as one balanced run, kept as text
        }
        if tooDeep || (!cursor.atEnd && cursor.current != stop) {
            var depth = 0
            while let c = cursor.current, !(depth == 0 && c == stop) {
                if c == "(" || c == "{" { depth += 1 }
                if c == ")" || c == "}" {
                    if depth == 0 { break }
                    depth -= 1
                }
                cursor.advance()
            }
            expression = .unknown(cursor.text(start..<cursor.position).trimmingCharacters(in: .whitespaces))
        }
        let text = cursor.text(start..<cursor.position).trimmingCharacters(in: .whitespaces)
        if let expression { expressionReads.formUnion(expression.variables) }
        return (text, expression)
    }

    /// Precedence climbing over `operators`. Nesting (brackets, prefixes) and the depth
    /// of the tree (`expressionBuilt`) stop at `Expression.maximumDepth`: nil, with
    /// `expressionTooDeep` set.
    mutating func expression(_ cursor: inout InkCursor) -> Expression? { climb(&cursor, above: 0) }

    /// Gives up on the expression being read: it nests past `Expression.maximumDepth`.
    mutating func givingUpTooDeep() { expressionTooDeep = true }

    mutating func operand(_ cursor: inout InkCursor) -> Expression? { unary(&cursor) }
    mutating func height(of operand: Expression) -> Int { expressionBuilt }
    mutating func record(height: Int) { expressionBuilt = height }

    /// A side that does not read keeps the operator as unknown text (unless too deep).
    mutating func missingOperand(after op: InfixOperator) -> Expression? {
        if expressionTooDeep { return nil }
        expressionBuilt = 1
        return .unknown(op.spelling)
    }

    /// The operator at the cursor (spaces before and after it skipped), the first of
    /// `operators` written there (a word only as a whole word; `-` not of `->`), moved
    /// past when `accepts` takes it.
    func infixOperator(_ cursor: inout InkCursor, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator? {
        cursor.skipSpaces()
        for op in Self.operators.operators where cursor.looksAt(op.spelling) {
            if op.spelling == "-" && cursor.looksAt("->") { return nil }
            if op.spelling.unicodeScalars.first!.properties.isAlphabetic {
                var probe = cursor
                guard probe.matchWord(op.spelling) else { continue }
            }
            guard accepts(op) else { return nil }
            cursor.advance(op.spelling.unicodeScalars.count)
            cursor.skipSpaces()
            return op
        }
        return nil
    }

    mutating func unary(_ cursor: inout InkCursor) -> Expression? {
        expressionNesting += 1
        defer { expressionNesting -= 1 }
        guard expressionNesting <= Expression.maximumDepth, !expressionTooDeep else {
            givingUpTooDeep()
            return nil
        }
        cursor.skipSpaces()
        var op: Expression.UnaryOperator?
        if cursor.looksAt("!"), !cursor.looksAt("!="), !cursor.looksAt("!?") {
            cursor.advance()
            op = .not
        } else if cursor.matchWord("not") {
            op = .not
        } else if cursor.looksAt("-"), !cursor.looksAt("->") {
            cursor.advance()
            op = .negate
        }
        guard let op else { return primary(&cursor) }
        guard let operand = unary(&cursor) else { return nil }
        expressionBuilt += 1
        guard expressionBuilt <= Expression.maximumDepth else {
            givingUpTooDeep()
            return nil
        }
        return .unary(op, operand)
    }

    mutating func primary(_ cursor: inout InkCursor) -> Expression? {
        cursor.skipSpaces()
        expressionBuilt = 1
        guard let c = cursor.current else { return nil }
        if ("0"..."9").contains(c) {
            let start = cursor.position
            while let d = cursor.current, ("0"..."9").contains(d) { cursor.advance() }
            if cursor.current == ".", let d = cursor.peek(1), ("0"..."9").contains(d) {
                cursor.advance()
                while let d = cursor.current, ("0"..."9").contains(d) { cursor.advance() }
                return .decimal(Double(cursor.text(start..<cursor.position)) ?? 0)
            }
            return .integer(Int(cursor.text(start..<cursor.position)) ?? 0)
        }
        if c == "\"" {
            cursor.advance()
            let content = scanContent(&cursor, stops: ["\""])
            _ = cursor.match("\"")
            return .string(content.text)
        }
        if cursor.looksAt("->") {
            cursor.advance(2)
            cursor.skipSpaces()
            statistics.diverts += 1
            let path = cursor.dottedPath() ?? ""
            return .unknown("-> " + path)
        }
        if c == "(" {
            let start = cursor.position
            cursor.advance()
            cursor.skipSpaces()
            if cursor.match(")") { return .unknown("()") }
            let inner = expression(&cursor)
            if expressionTooDeep { return nil }
            cursor.skipSpaces()
            if cursor.match(")") { return inner }
            while cursor.match(",") {
                _ = expression(&cursor)
                cursor.skipSpaces()
            }
            if expressionTooDeep { return nil }
            _ = cursor.match(")")
            expressionBuilt = 1
            return .unknown(cursor.text(start..<cursor.position))
        }
        if cursor.matchWord("true") { return .boolean(true) }
        if cursor.matchWord("false") { return .boolean(false) }
        guard let path = cursor.dottedPath() else { return nil }
        let save = cursor.position
        cursor.skipSpaces()
        if cursor.current == "(" {
            cursor.advance()
            statistics.diverts += 1
            let arguments = callArguments(&cursor)
            if expressionTooDeep { return nil }
            return .call(path, arguments)
        }
        cursor.position = save
        expressionBuilt = 1
        return .variable(path)
    }

    /// Arguments after `(` up to and including `)`; `expressionBuilt` is the depth of
    /// the call they make.
    mutating func callArguments(_ cursor: inout InkCursor) -> [Expression] {
        var arguments: [Expression] = []
        var deepest = 0
        cursor.skipSpaces()
        defer { expressionBuilt = deepest + 1 }
        if cursor.match(")") { return arguments }
        while !expressionTooDeep {
            let (text, expression) = argument(&cursor)
            arguments.append(expression ?? .unknown(text))
            deepest = max(deepest, expression == nil ? 1 : expressionBuilt)
            cursor.skipSpaces()
            if cursor.match(",") { continue }
            _ = cursor.match(")")
            break
        }
        return arguments
    }

    private mutating func argument(_ cursor: inout InkCursor) -> (String, Expression?) {
        cursor.skipSpaces()
        let start = cursor.position
        _ = cursor.matchWord("ref")
        let expression = self.expression(&cursor)
        // Skip anything unread up to the next `,` or `)` at this level.
        var depth = 0
        var unread = false
        while let c = cursor.current {
            if depth == 0 && (c == "," || c == ")") { break }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            if c != " " { unread = true }
            cursor.advance()
        }
        let text = cursor.text(start..<cursor.position)
        return (text, unread ? .unknown(text) : expression)
    }
}
