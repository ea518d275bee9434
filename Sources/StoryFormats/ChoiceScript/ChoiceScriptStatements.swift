import StoryGraph

/// ChoiceScript's state commands as data: `*create` and `*temp` (a variable and its first
/// value), `*set` (with `+ - * /` and fairmath `%+ %-` applied to the variable when the
/// value starts with one), `*rand`, `*input_text`, `*input_number`.
enum ChoiceScriptStatements {
    /// The variable name and the value of `*create name value` / `*temp name [value]`.
    static func declaration(_ data: Substring) -> (name: String, value: Expression?)? {
        let (name, rest) = splitName(data)
        guard let name else { return nil }
        let value = ChoiceScriptLine.trimmed(rest)
        return (name, value.isEmpty ? nil : ChoiceScriptExpressionParser.parse(value))
    }

    /// The effect of a state-changing command, or nil when `command` changes no variable.
    static func effect(command: String, data: Substring, at location: SourceLocation) -> Effect? {
        let text = "*\(command) \(data)"
        switch command {
        case "set":
            let (name, rest) = splitName(data)
            guard let name else {
                return Effect(variable: String(data), value: .unknown(String(data)), text: text, location: location)
            }
            let value = ChoiceScriptLine.trimmed(rest)
            let operators: [(String, Effect.Operation)] = [
                ("%+", .fairAdd), ("%-", .fairSubtract), ("+", .add), ("-", .subtract), ("*", .multiply),
                ("/", .divide),
            ]
            for (symbol, operation) in operators where value.hasPrefix(symbol) {
                let operand = ChoiceScriptExpressionParser.parse(value.dropFirst(symbol.count))
                return Effect(variable: name, operation: operation, value: operand, text: text, location: location)
            }
            if value.hasPrefix("&") {
                let operand = ChoiceScriptExpressionParser.parse(value.dropFirst())
                return Effect(
                    variable: name, value: .call("concat", [.variable(name), operand]), text: text, location: location)
            }
            return Effect(
                variable: name, value: ChoiceScriptExpressionParser.parse(value), text: text, location: location)
        case "temp":
            guard let (name, value) = declaration(data) else { return nil }
            return Effect(variable: name, value: value ?? .integer(0), text: text, location: location)
        case "rand":
            let parts = data.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 3 else { return nil }
            return Effect(
                variable: parts[0].lowercased(),
                value: .call(
                    "random",
                    [ChoiceScriptExpressionParser.parse(parts[1]), ChoiceScriptExpressionParser.parse(parts[2])]),
                text: text, location: location)
        case "input_text", "input_number":
            let parts = data.split(separator: " ", omittingEmptySubsequences: true)
            guard let name = parts.first else { return nil }
            return Effect(
                variable: name.lowercased(),
                value: .call(command, parts.dropFirst().map { ChoiceScriptExpressionParser.parse($0) }),
                text: text, location: location)
        default:
            return nil
        }
    }

    /// The first word, lower-cased, and what follows it.
    private static func splitName(_ data: Substring) -> (String?, Substring) {
        var end = data.startIndex
        while end < data.endIndex, ChoiceScriptLine.isWordCharacter(data[end]) { end = data.index(after: end) }
        guard end > data.startIndex else { return (nil, data) }
        return (data[..<end].lowercased(), data[end...])
    }
}
