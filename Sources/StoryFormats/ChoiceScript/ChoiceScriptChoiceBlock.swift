import StoryGraph

/// A `*choice` or `*fake_choice` and its options, read from the scene's indentation the
/// way ChoiceScript's `parseOptions` reads them: option lines, `*if`/`*elseif`/`*else`
/// blocks of options, inline `*if (…) #…`, `*selectable_if (…) #…`, reuse modifiers,
/// nested groups. Built with explicit stacks.
struct ChoiceScriptChoiceBlock: Sendable {
    var line: Int
    var isFake: Bool
    var options: [ChoiceScriptOption] = []
    /// Index of the first non-blank line after the whole block (or the line count).
    var end: Int
    /// Option-level lines after the first: a body that falls onto one falls out of the
    /// `*choice` (ChoiceScript's `_choiceEnds`).
    var optionLevelLines: [Int] = []
    /// Options and groups counted as written (`#` lines), for the language's own figures.
    var writtenOptions = 0
    var diagnostics: [Diagnostic] = []

    private struct Frame {
        var indent: Int
        var condition: Condition?
        /// For `*if` frames: the tests of the chain so far (for a following `*elseif`/`*else`).
        var chain: [Condition] = []
        var isOption: Bool
        var text: String = ""
    }

    /// Reads the options of the `*choice` at `index`.
    ///
    /// - Complexity: O(k) for the k lines of the block.
    init(scene: ChoiceScriptSceneText, at index: Int, sceneReuse: Bool) {
        let lines = scene.lines
        let header = lines[index]
        line = index
        isFake = header.command == "fake_choice"
        end = scene.blockEnd[index]
        let groups = max(1, header.data.split(separator: " ", omittingEmptySubsequences: true).count)
        var frames: [Frame] = []
        var i = index + 1
        var sawOptionLevel = false
        scan: while i < end {
            let current = lines[i]
            if current.isBlank {
                i += 1
                continue
            }
            let k = current.indent
            let isChainContinuation =
                current.command == "elseif" || current.command == "elsif" || current.command == "else"
            while let top = frames.last, top.indent > k || (top.indent == k && !(isChainContinuation && !top.isOption))
            {
                frames.removeLast()
            }
            let optionDepth = frames.filter(\.isOption).count
            if let top = frames.last, top.isOption, optionDepth == groups {
                // Body of the innermost option: skip it.
                i = scene.blockEnd[i]
                continue
            }
            if sawOptionLevel { optionLevelLines.append(i) }
            sawOptionLevel = true
            var optionLine = current.content
            var inline: [Condition] = []
            var onceOnly = sceneReuse
            var command = current.command
            var data = current.data
            // Modifiers in any order before the `#`.
            modifiers: while let c = command {
                switch c {
                case "disable_reuse", "hide_reuse", "allow_reuse":
                    onceOnly = c != "allow_reuse"
                    optionLine = data
                case "random_weight":
                    guard let close = Self.closingParenthesis(data) else { break modifiers }
                    optionLine = ChoiceScriptLine.trimmed(data[data.index(after: close)...])
                case "if", "selectable_if":
                    if let close = Self.closingParenthesis(data), data.first == "(" {
                        let rest = ChoiceScriptLine.trimmed(data[data.index(after: close)...])
                        if rest.first == "#" {
                            let test = data[data.index(after: data.startIndex)..<close]
                            inline.append(.test(String(test), ChoiceScriptExpressionParser.parse(test)))
                            optionLine = rest
                            break
                        }
                    }
                    if c == "if" {
                        let test = Condition.test(String(data), ChoiceScriptExpressionParser.parse(data))
                        frames.append(Frame(indent: k, condition: test, chain: [test], isOption: false))
                        i += 1
                        continue scan
                    }
                    diagnostics.append(
                        scene.error(
                            "Couldn't parse the line after *selectable_if: \(data)", at: i,
                            rule: ChoiceScriptRules.syntax))
                    i = scene.blockEnd[i]
                    continue scan
                case "elseif", "elsif", "else":
                    if var top = frames.last, !top.isOption, top.indent == k {
                        frames.removeLast()
                        let earlier = top.chain.map { Condition.not($0) }
                        if c == "else" {
                            top.condition = earlier.count == 1 ? earlier[0] : .all(earlier)
                        } else {
                            let test = Condition.test(String(data), ChoiceScriptExpressionParser.parse(data))
                            top.condition = .all(earlier + [test])
                            top.chain.append(test)
                        }
                        frames.append(top)
                    }
                    i += 1
                    continue scan
                case "comment":
                    i += 1
                    continue scan
                default:
                    break modifiers
                }
                if optionLine.first == "*" {
                    let reparsed = ChoiceScriptLine(number: current.number, raw: optionLine)
                    command = reparsed.command
                    data = reparsed.data
                } else {
                    command = nil
                }
            }
            guard optionLine.first == "#", optionLine.count > 1 else {
                if let command, let unknown = ChoiceScriptCommands.unknown(command, at: i, in: scene) {
                    diagnostics.append(unknown)
                    i = scene.blockEnd[i]
                    continue
                }
                let message =
                    command.map { "Invalid indent? Expected an #option here, not *\($0)" }
                    ?? "Expected option starting with #"
                diagnostics.append(scene.error(message, at: i, rule: ChoiceScriptRules.expectedOption))
                i = scene.blockEnd[i]
                continue
            }
            writtenOptions += 1
            let text = String(ChoiceScriptLine.trimmed(optionLine.dropFirst()))
            var condition: Condition?
            for frame in frames { condition = Condition.joined(condition, frame.condition) }
            for test in inline { condition = Condition.joined(condition, test) }
            frames.append(
                Frame(
                    indent: k,
                    condition: inline.isEmpty
                        ? nil : Condition.joined(nil, inline.count == 1 ? inline[0] : .all(inline)), isOption: true,
                    text: text))
            if optionDepth + 1 < groups {
                i += 1
                continue
            }
            let bodyEnd = scene.blockEnd[i]
            var bodyStart: Int?
            var j = i + 1
            while j < bodyEnd {
                if !lines[j].isBlank {
                    bodyStart = j
                    break
                }
                j += 1
            }
            let texts = frames.filter(\.isOption).map(\.text)
            options.append(
                ChoiceScriptOption(
                    texts: texts, condition: condition, isOnceOnly: onceOnly, line: i, bodyStart: bodyStart,
                    bodyEnd: bodyEnd))
            i = bodyEnd
        }
    }

    /// The index of the `)` that closes the `(` `text` starts with.
    static func closingParenthesis(_ text: Substring) -> Substring.Index? {
        guard text.first == "(" else { return nil }
        var depth = 0
        var inString = false
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if inString {
                if c == "\\" { i = text.index(after: i) } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return i }
            }
            if i < text.endIndex { i = text.index(after: i) }
        }
        return nil
    }
}
