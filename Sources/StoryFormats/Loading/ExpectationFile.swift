import Foundation
import StoryGraph

/// The writer's expectations for a story: the `"expect"` list of the `storygraph.json`
/// beside it (the file that also holds `link_macros`), or of a file given. Expressions
/// are read by the story format's own reader (`StoryLoader.expression`); passages are
/// named by their ids. Every problem is an error that names the file, the line and the
/// expectation.
package enum ExpectationFile {
    package static let name = "storygraph.json"

    /// A file that cannot be used: "storygraph.json:4: expectation 'rich': …".
    package struct Failure: Error, Sendable, Hashable {
        package var message: String
    }

    /// The `storygraph.json` in the folder of the first story path, when there is one.
    package static func beside(_ paths: [String]) -> String? {
        guard let first = paths.first, first != "-" else { return nil }
        var isDirectory: ObjCBool = false
        let folder =
            FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue
            ? first : StoryPath.folder(of: first)
        let file = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }

    /// The expectations of the file at `path` for `graph`'s story, in the file's order.
    ///
    /// - Complexity: O(size of the file + expectations × passages) (did-you-mean).
    package static func read(_ path: String, graph: StoryGraph, registry: StoryFormatRegistry = .standard)
        throws(Failure) -> [StoryExpectation]
    {
        let root: LocatedValue
        do {
            root = try LocatedValue.parse(json: SourceText(contentsOf: path))
        } catch {
            throw Failure(message: error.description)
        }
        func fail(_ location: SourceLocation, _ message: String) -> Failure {
            Failure(message: "\(location.file):\(location.line): \(message)")
        }
        guard let entries = root.entries else { throw fail(root.location, "\(path) is not a JSON object") }
        guard let list = entries.first(where: { $0.key == "expect" })?.value else {
            throw fail(root.location, "\(path) has no \"expect\" list of expectations")
        }
        guard let items = list.elements else {
            throw fail(list.location, "\"expect\" must be a list of expectations")
        }
        let reader = registry.loader(named: graph.story.format)
        let story = graph.story
        var variables: [String] = []
        var known: Set<String> = []
        for name in story.variables.map(\.name)
            + story.passages.flatMap({ p in p.effects.map(\.variable) + p.choices.flatMap { $0.effects.map(\.variable) }
                })
        where known.insert(name).inserted {
            variables.append(name)
        }
        var expectations: [StoryExpectation] = []
        var names: Set<String> = []
        for (k, item) in items.enumerated() {
            let location = item.location
            guard let fields = item.entries else {
                throw fail(location, "expectation \(k + 1) must be an object with a \"name\" and one kind")
            }
            guard let name = fields.first(where: { $0.key == "name" })?.value.string, !name.isEmpty else {
                throw fail(location, "expectation \(k + 1) has no \"name\" (a non-empty string)")
            }
            func problem(_ message: String) -> Failure { fail(location, "expectation '\(name)': \(message)") }
            guard names.insert(name).inserted else { throw problem("the name is given to an earlier expectation too") }
            let kinds = fields.filter { $0.key != "name" }
            guard kinds.count == 1, let field = kinds.first else {
                throw problem(
                    kinds.isEmpty
                        ? "no kind of expectation (one of \(StoryExpectation.Kind.keys.joined(separator: ", ")))"
                        : "\(kinds.count) kinds (\(kinds.map(\.key).joined(separator: ", "))); write one an expectation"
                )
            }
            func passage(_ value: LocatedValue, _ role: String) throws(Failure) -> Int {
                guard let id = value.string else { throw problem("\(role) must be a passage name (a string)") }
                guard let p = graph.indexByID[id] else {
                    throw problem("no passage named '\(id)'\(Suggestion.phrase(for: id, among: graph.ids))")
                }
                return p
            }
            let kind: StoryExpectation.Kind
            switch field.key {
            case "reachable": kind = .reachable(passage: try passage(field.value, "\"reachable\""))
            case "unreachable": kind = .unreachable(passage: try passage(field.value, "\"unreachable\""))
            case "always", "at_endings":
                guard let text = field.value.string else {
                    throw problem("\"\(field.key)\" must be an expression in the story's language (a string)")
                }
                guard let reader else { throw problem("the \(story.format) format has no expressions to read") }
                let condition: Condition
                do throws(ExpressionProblem) {
                    condition = try Self.condition(
                        text, reader: reader, graph: graph, known: known, variables: variables)
                } catch {
                    throw problem(error.message)
                }
                kind = field.key == "always" ? .always(condition) : .atEndings(condition)
            case "before":
                guard let pair = field.value.entries,
                    let first = pair.first(where: { $0.key == "first" })?.value,
                    let then = pair.first(where: { $0.key == "then" })?.value, pair.count == 2
                else { throw problem("\"before\" must be {\"first\": PASSAGE, \"then\": PASSAGE}") }
                kind = .before(first: try passage(first, "\"first\""), then: try passage(then, "\"then\""))
            case "every_ending_reachable":
                guard field.value.bool == true else { throw problem("\"every_ending_reachable\" must be true") }
                kind = .everyEndingReachable
            case "words_per_playthrough":
                let shape = "\"words_per_playthrough\" must be {\"min\": WORDS, \"max\": WORDS} (one or both)"
                guard let bounds = field.value.entries, !bounds.isEmpty else { throw problem(shape) }
                var limits: [String: Double] = [:]
                for bound in bounds {
                    guard bound.key == "min" || bound.key == "max", limits[bound.key] == nil else {
                        throw problem(shape)
                    }
                    guard case .scalar(let text, .number) = bound.value.value, let number = Double(text), number >= 0
                    else { throw problem("\"\(bound.key)\" must be a number of words (0 or more)") }
                    limits[bound.key] = number
                }
                if let low = limits["min"], let high = limits["max"], low > high {
                    throw problem("\"min\" is more than \"max\"")
                }
                kind = .wordsPerPlaythrough(min: limits["min"], max: limits["max"])
            default:
                throw problem(
                    "unknown kind '\(field.key)'\(Suggestion.phrase(for: field.key, among: StoryExpectation.Kind.keys)) (the kinds: \(StoryExpectation.Kind.keys.joined(separator: ", ")))"
                )
            }
            expectations.append(StoryExpectation(name: name, kind: kind, location: location))
        }
        return expectations
    }
}
