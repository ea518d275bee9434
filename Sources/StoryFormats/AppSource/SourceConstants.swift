import Foundation
import StoryGraph

/// The string and integer constants a source file declares (`let story1 = "…"`,
/// `static let answer1a = "…" + "…"`), and the reading of an expression as a string or an
/// integer through them, so `Story(title: story1, …)` finds its text.
///
/// The first declaration of a name wins. Resolution through names is bounded
/// (`maximumChain` steps), so `let a = b; let b = a` is refused rather than looped on.
struct SourceConstants {
    typealias Node = SwiftSourceParser.Node

    static let maximumChain = 16

    let source: SourceText
    let summary: SwiftSourceParser.Summary
    private var values: [String: Node] = [:]

    init(_ summary: SwiftSourceParser.Summary, source: SourceText) {
        self.summary = summary
        self.source = source
        for binding in summary.bindings where binding.isDeclaration && binding.path.count == 1 {
            if values[binding.path[0]] == nil { values[binding.path[0]] = binding.value }
        }
    }

    /// The constant a name refers to: `story1`, `self.story1`, `StoryBrain.story1`.
    func constant(_ path: [String]) -> Node? {
        guard let last = path.last else { return nil }
        return values[last]
    }

    /// The string value of a literal, a `+` chain of strings, a constant, or
    /// `NSLocalizedString("…", comment: …)`; nil when it is none of these.
    func string(_ node: Node) -> String? { string(node, chain: 0) }

    private func string(_ node: Node, chain: Int) -> String? {
        guard chain <= Self.maximumChain else { return nil }
        switch node.expression {
        case .string(let text): return text
        case .name(let path): return constant(path).flatMap { string($0, chain: chain + 1) }
        case .concatenation(let parts):
            var text = ""
            for part in parts {
                guard let piece = string(part, chain: chain + 1) else { return nil }
                text += piece
            }
            return text
        case .call(let callee, let arguments):
            let name = callee.last ?? ""
            if name == "NSLocalizedString" || name == "String" || name == "LocalizedStringKey",
                let first = arguments.first
            {
                return string(first.value, chain: chain + 1)
            }
            return nil
        default: return nil
        }
    }

    /// An integer destination as the passage id it names ("2", "-1"), through constants.
    /// A number too large for `Int` keeps its spelling, and so names no passage.
    func integer(_ node: Node) -> (id: String, value: Int?)? { integer(node, chain: 0) }

    private func integer(_ node: Node, chain: Int) -> (id: String, value: Int?)? {
        guard chain <= Self.maximumChain else { return nil }
        switch node.expression {
        case .integer(let written):
            let negative = written.hasPrefix("-")
            var digits = negative ? String(written.dropFirst()) : written
            if digits.contains("_") { digits.removeAll { $0 == "_" } }
            var radix = 10
            for (prefix, base) in [("0x", 16), ("0X", 16), ("0b", 2), ("0o", 8)] where digits.hasPrefix(prefix) {
                digits = String(digits.dropFirst(2))
                radix = base
            }
            while let last = digits.last, last.isLetter, radix == 10 || !last.isHexDigit { digits.removeLast() }
            guard let magnitude = Int(digits, radix: radix) else { return (written, nil) }
            let value = negative ? -magnitude : magnitude
            return (String(value), value)
        case .name(let path): return constant(path).flatMap { integer($0, chain: chain + 1) }
        default: return nil
        }
    }

    /// The source text of a node, as written.
    func written(_ node: Node) -> String {
        source.text(node.offset..<max(node.offset, min(node.end, source.scalars.count)))
    }
}
