import StoryGraph

extension InkParser {
    /// `~ temp x = 1`, `~ x = x + 1`, `~ x += 2`, `~ x++`, `~ f(x)`, `~ return v`: the
    /// assignments become effects of the passage they are in; calls count as diverts.
    mutating func logicLine(_ cursor: inout InkCursor) {
        let location = cursor.location
        cursor.advance()
        cursor.skipSpaces()
        let statementStart = cursor.position
        if cursor.matchWord("return") {
            cursor.skipSpaces()
            let value = cursor.atEnd ? nil : expressionText(&cursor, until: "\n").1
            let function = String(flow.id.split(separator: ".").first ?? "")
            returnValues[function, default: []].append(value ?? .unknown(cursor.rest))
            return
        }
        let isTemp = cursor.matchWord("temp")
        cursor.skipSpaces()
        let save = cursor.position
        if let name = cursor.dottedPath() {
            cursor.skipSpaces()
            var operation: Effect.Operation?
            var value: Expression?
            if cursor.match("++") {
                operation = .add
                value = .integer(1)
            } else if cursor.match("--") {
                operation = .subtract
                value = .integer(1)
            } else if cursor.match("+=") {
                operation = .add
            } else if cursor.match("-=") {
                operation = .subtract
            } else if cursor.looksAt("="), !cursor.looksAt("==") {
                cursor.advance()
                operation = .set
            }
            if let operation {
                cursor.skipSpaces()
                if value == nil && cursor.atEnd {
                    // inklecate: "Expected value expression to be assigned".
                    let statement = cursor.text(statementStart..<cursor.position).trimmingCharacters(in: .whitespaces)
                    report(
                        InkRules.syntax, "'~ \(statement)' assigns no value (expected an expression after it)",
                        at: location)
                    return
                }
                if value == nil { value = expressionText(&cursor, until: "\n").1 ?? .unknown(cursor.rest) }
                if isTemp {
                    valueNames.insert(name)
                    temporaries.insert(String(flow.id.split(separator: ".").first ?? "") + "\u{0}" + name)
                }
                let text = cursor.text(statementStart..<cursor.scalars.count).trimmingCharacters(in: .whitespaces)
                flow.hasContent = true
                flow.lastLocation = location
                flow.lastContentDiverts = false
                let p = currentPassage(at: location)
                passages[p].effects.append(
                    Effect(variable: name, operation: operation, value: value!, text: text, location: location))
                return
            }
        }
        cursor.position = save
        let (text, expression) = expressionText(&cursor, until: "\n")
        if case .call(let name, let arguments)? = expression {
            let p = currentPassage(at: location)
            callStatements.append(
                CallStatement(
                    passage: p, effectIndex: passages[p].effects.count, function: name, arguments: arguments,
                    text: text, location: location))
        }
    }

    /// `VAR x = 1`, `CONST y = "a"`, `LIST l = a, (b), c = 5`, `EXTERNAL f(x)`: the story's
    /// variables with their initial values (list items as constants of their list).
    mutating func declaration(_ cursor: inout InkCursor) -> Bool {
        let location = cursor.location
        let save = cursor.position
        let isVar = cursor.matchWord("VAR")
        let isConst = !isVar && cursor.matchWord("CONST")
        let isList = !isVar && !isConst && cursor.matchWord("LIST")
        if !isVar && !isConst && !isList {
            if cursor.matchWord("EXTERNAL") {
                cursor.skipSpaces()
                if let name = cursor.identifier() { functionNames.insert(name) }
                return true
            }
            cursor.position = save
            return false
        }
        cursor.skipSpaces()
        let keyword = isList ? "LIST" : isVar ? "VAR" : "CONST"
        guard let name = cursor.identifier() else {
            // inklecate: "Expected variable name" (list name, constant name).
            report(InkRules.syntax, "\(keyword) with no name (expected '\(keyword) name = value')", at: location)
            return true
        }
        cursor.skipSpaces()
        guard cursor.match("=") else {
            report(
                InkRules.syntax, "expected '=' after \(keyword) \(name)",
                at: cursor.location)
            return true
        }
        valueNames.insert(name)
        if isList {
            listDeclaration(name, &cursor, at: location)
            return true
        }
        let (_, value) = expressionText(&cursor, until: "\n")
        variables.append(Variable(name: name, initial: value, isConstant: isConst, location: location))
        return true
    }

    /// A LIST's items: each a constant `list.item` with its value (1, 2, … or as given),
    /// and the list a variable whose initial value is its items in `( )`.
    mutating func listDeclaration(_ name: String, _ cursor: inout InkCursor, at location: SourceLocation) {
        var selected: [String] = []
        var value = 0
        var items: [Variable] = []
        while !cursor.atEnd {
            cursor.skipSpaces()
            let on = cursor.match("(")
            cursor.skipSpaces()
            guard let item = cursor.identifier() else { break }
            cursor.skipSpaces()
            value += 1
            if cursor.match("=") {
                cursor.skipSpaces()
                let start = cursor.position
                while let d = cursor.current, ("0"..."9").contains(d) || d == "-" { cursor.advance() }
                value = Int(cursor.text(start..<cursor.position)) ?? value
                cursor.skipSpaces()
            }
            if on {
                _ = cursor.match(")")
                selected.append(item)
            }
            valueNames.insert(item)
            items.append(
                Variable(name: name + "." + item, initial: .integer(value), isConstant: true, location: location))
            cursor.skipSpaces()
            guard cursor.match(",") else { break }
        }
        variables.append(
            Variable(name: name, initial: .unknown("(" + selected.joined(separator: ", ") + ")"), location: location))
        variables += items
    }

    /// `TODO: note`: ink's author warning, a note to the writer, not text.
    mutating func authorNote(_ cursor: inout InkCursor) -> Bool {
        let location = cursor.location
        guard cursor.matchWord("TODO") else { return false }
        cursor.skipSpaces()
        _ = cursor.match(":")
        cursor.skipSpaces()
        diagnostics.append(Diagnostic(InkRules.todo, "TODO: " + cursor.rest, at: location))
        // inklecate does not call the end of a flow whose last line is a TODO a loose end.
        switch flow.current {
        case .passage, .choice:
            _ = currentPassage(at: location)
            flow.hasContent = true
            flow.lastContentDiverts = true
            flow.lastLocation = location
        case .none:
            break
        }
        return true
    }
}
