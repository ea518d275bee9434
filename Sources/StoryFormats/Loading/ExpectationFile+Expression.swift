import StoryGraph

extension ExpectationFile {
    /// Why an expectation's expression cannot be used.
    struct ExpressionProblem: Error {
        var message: String
    }

    /// `text` read by the format's reader, every part understood and every variable the
    /// story's (`known`); a knot's name in ink (source or compiled) is its read count.
    ///
    /// - Complexity: O(size of the expression).
    static func condition(
        _ text: String, reader: any StoryLoader.Type, graph: StoryGraph, known: Set<String>, variables: [String]
    ) throws(ExpressionProblem) -> Condition {
        let format = graph.story.format
        guard let parsed = reader.expression(text) else {
            throw ExpressionProblem(message: "cannot read '\(text)' as an expression of the \(format) format")
        }
        func resolve(_ e: Expression) throws(ExpressionProblem) -> Expression {
            switch e {
            case .integer, .decimal, .string, .boolean: return e
            case .visits(let id):
                guard graph.indexByID[id] != nil else {
                    throw ExpressionProblem(message: "'\(text)' counts visits of '\(id)', which is no passage")
                }
                return e
            case .variable(let v):
                if known.contains(v) { return e }
                if format == InkLoader.formatName || format == InkJSONLoader.formatName, graph.indexByID[v] != nil {
                    return .visits(passage: v)
                }
                throw ExpressionProblem(
                    message:
                        "'\(text)' reads '\(v)', which is no variable of the story\(Suggestion.phrase(for: v, among: variables))"
                )
            case .unary(let op, let a): return .unary(op, try resolve(a))
            case .binary(let op, let a, let b): return .binary(op, try resolve(a), try resolve(b))
            case .call(let f, _):
                throw ExpressionProblem(message: "'\(text)' calls \(f)(), which the state search does not evaluate")
            case .unknown(let part), .tooDeep(let part):
                let whole =
                    part.isEmpty || part == text
                    || text.hasPrefix(part) && text.dropFirst(part.count).allSatisfy(\.isWhitespace)
                throw ExpressionProblem(
                    message:
                        "cannot read '\(whole ? text : part)'\(whole ? "" : " in '\(text)'") as an expression of the \(format) format"
                )
            }
        }
        return .test(text, try resolve(parsed))
    }
}
