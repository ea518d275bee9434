import StoryGraph

/// The Yarn commands storygraph reads (`<<jump>>`, `<<set>>`…); any other is a custom
/// command, kept and shown.
enum YarnCommand {
    /// The first word of a command and the rest, both trimmed.
    static func split(_ text: String) -> (String, String) {
        let t = text.trimmingYarnSpace()
        guard let space = t.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (t, "") }
        return (String(t[..<space]), String(t[space...]).trimmingYarnSpace())
    }

    /// `<<set $x to 1>>`, `<<set $x = 1>>`, `<<set $x += 1>>` (also `-=`, `*=`, `/=`).
    static func effect(_ arguments: String, text: String, at location: SourceLocation) -> Effect? {
        let (target, rest) = split(arguments)
        guard target.hasPrefix("$"), target.count > 1 else { return nil }
        let name = String(target.dropFirst())
        let (op, value) = split(rest)
        let operation: Effect.Operation
        switch op {
        case "to", "=": operation = .set
        case "+=": operation = .add
        case "-=": operation = .subtract
        case "*=": operation = .multiply
        case "/=": operation = .divide
        default:
            // `$x=1` or `$x to1`: let the expression reader take what is after the operator.
            if let eq = rest.firstIndex(of: "="), rest.hasPrefix("=") {
                return Effect(
                    variable: name, value: YarnExpressionParser.parse(String(rest[rest.index(after: eq)...])),
                    text: text, location: location)
            }
            return Effect(variable: name, value: .unknown(rest), text: text, location: location)
        }
        return Effect(
            variable: name, operation: operation, value: YarnExpressionParser.parse(value), text: text,
            location: location)
    }

    /// `<<declare $x = 1>>`, `<<declare $x to 1 as Number>>`, `<<declare $x as Bool>>`;
    /// `<<declare $rich = $gold >= 6>>` is a smart variable (`Variable.isComputed`).
    static func variable(_ arguments: String, at location: SourceLocation) -> Variable? {
        var args = arguments
        if let asRange = args.range(of: " as ", options: .backwards) { args = String(args[..<asRange.lowerBound]) }
        let (target, rest) = split(args)
        guard target.hasPrefix("$"), target.count > 1 else { return nil }
        let (op, value) = split(rest)
        let initial: Expression? = (op == "=" || op == "to") ? YarnExpressionParser.parse(value) : nil
        // A value that reads the story's state makes a smart variable: Yarn Spinner
        // evaluates its expression whenever it is read.
        let isSmart = initial.map { !$0.isConstant } ?? false
        return Variable(name: String(target.dropFirst()), initial: initial, isComputed: isSmart, location: location)
    }
}
