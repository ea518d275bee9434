import StoryGraph

/// Reads the lines of one node's body into a `YarnBody`: shortcut options and line-group
/// items nested by indentation, `<<if>>`/`<<elseif>>`/`<<else>>`/`<<endif>>` and
/// `<<once>>`/`<<endonce>>` blocks, commands, lines and v1 links.
///
/// One pass over the lines with an explicit stack of open blocks; nesting deeper than
/// `maximumNesting` is reported and read flat, so no input can nest without bound.
///
/// - Complexity: O(n) for n scalars of the body.
struct YarnBodyParser {
    static let maximumNesting = 64

    /// An open block: the root, an option's or item's body (closed by indentation), or
    /// a branch of an `<<if>>`/`<<once>>` (closed by `<<endif>>`/`<<endonce>>`).
    private struct Frame {
        enum Kind {
            case root
            case option(YarnStatement.Option, isLineGroup: Bool)
            /// An `<<if>>` or `<<once>>`: the branch being read (those before it are `done`).
            case branches(keyword: String, current: YarnStatement.Branch, hasElse: Bool)
        }
        var kind: Kind
        /// The indentation of the line that opened it.
        var indent: Int
        var statements: [YarnStatement] = []
        /// The indentation of the option group the last statement is, if it is one.
        var openGroupIndent: Int?
        var openGroupIsLineGroup = false
        /// The branches of an `<<if>>` before the current one.
        var done: [YarnStatement.Branch] = []
        /// The options read so far of the group the last statement is (a placeholder
        /// until the group ends): kept here so that each appends in place, O(1), where
        /// rebuilding the statement would copy the list for every option.
        var group: [YarnStatement.Option] = []
    }

    private(set) var body = YarnBody()
    private(set) var diagnostics: [Diagnostic] = []
    private var stack: [Frame] = [Frame(kind: .root, indent: -1)]
    private let file: String

    init(file: String) { self.file = file }

    /// Parses body lines given as (text, 1-based line number).
    static func parse(_ lines: [(text: String, line: Int)], file: String) -> (YarnBody, [Diagnostic]) {
        var parser = YarnBodyParser(file: file)
        for (text, line) in lines { parser.read(text, line: line) }
        parser.finish(line: (lines.last?.line ?? 0) + 1)
        return (parser.body, parser.diagnostics)
    }

    private mutating func read(_ raw: String, line: Int) {
        let text = YarnLineScanner.uncommented(raw)
        let (indent, offset) = YarnLineScanner.indentation(text)
        let content = String(text.unicodeScalars.dropFirst(offset)).trimmingYarnSpace()
        guard !content.isEmpty else { return }
        let location = SourceLocation(file: file, line: line, column: offset + 1)
        closeBodies(atOrAbove: indent)
        if content.hasPrefix("->") || content.hasPrefix("=>") {
            let isLineGroup = content.hasPrefix("=>")
            let trailer = YarnLineScanner.trailer(String(content.dropFirst(2)))
            let option = YarnStatement.Option(
                text: trailer.text, condition: trailer.condition.map(Self.condition), isOnceOnly: trailer.isOnce,
                tags: trailer.tags, body: -1, location: location)
            if stack.count > Self.maximumNesting {
                report(.error, "options nested deeper than \(Self.maximumNesting) levels; read as lines", at: location)
                append(.line(text: trailer.text, condition: option.condition, location: location))
                return
            }
            let continuing =
                stack[stack.count - 1].openGroupIndent == indent
                && stack[stack.count - 1].openGroupIsLineGroup == isLineGroup
            if !continuing {
                append(isLineGroup ? .lineGroup([]) : .options([]))
                stack[stack.count - 1].openGroupIndent = indent
                stack[stack.count - 1].openGroupIsLineGroup = isLineGroup
            }
            stack.append(Frame(kind: .option(option, isLineGroup: isLineGroup), indent: indent))
            return
        }
        if content.contains("<<") {
            readCommands(content, indent: indent, location: location)
            return
        }
        readLine(content, location: location)
    }

    private mutating func readLine(_ content: String, location: SourceLocation) {
        let trailer = YarnLineScanner.trailer(content)
        let condition = trailer.condition.map(Self.condition)
        let (text, links) = YarnLineScanner.links(trailer.text)
        for link in links {
            append(.linkOption(text: link.text, target: link.target, condition: condition, location: location))
        }
        if !text.isEmpty || links.isEmpty {
            append(.line(text: text, condition: condition, location: location))
        }
    }

    /// One or more `<<commands>>` at the start of a line, and text between and after them
    /// as lines.
    private mutating func readCommands(_ content: String, indent: Int, location: SourceLocation) {
        let s = Array(content.unicodeScalars)
        var i = 0
        while i < s.count {
            if !(s[i] == "<" && i + 1 < s.count && s[i + 1] == "<") {
                // v1's inline blocks (`<<if $a>>Yes<<else>>No<<endif>>`): text up to a
                // command that is not the line's last is a line of its own.
                var next = i
                while next + 1 < s.count, !(s[next] == "<" && s[next + 1] == "<") { next += 1 }
                guard next + 1 < s.count, let end = YarnLineScanner.commandEnd(s, from: next) else { break }
                let word = YarnCommand.split(String(String.UnicodeScalarView(s[(next + 2)..<(end - 2)]))).0
                // A last `<<if …>>` or `<<once>>` is the line's condition.
                if end == s.count && (word == "if" || word == "once") { break }
                readLine(String(String.UnicodeScalarView(s[i..<next])), location: column(location, i))
                i = next
                continue
            }
            guard let end = YarnLineScanner.commandEnd(s, from: i) else {
                report(.error, "'<<' is not closed by '>>' on its line", at: column(location, i))
                return
            }
            let inner = String(String.UnicodeScalarView(s[(i + 2)..<(end - 2)])).trimmingYarnSpace()
            command(
                inner, written: String(String.UnicodeScalarView(s[i..<end])), indent: indent,
                location: column(location, i))
            i = end
            while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        }
        if i < s.count { readLine(String(String.UnicodeScalarView(s[i...])), location: column(location, i)) }
    }

    private func column(_ location: SourceLocation, _ offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + offset)
    }

    private mutating func command(_ inner: String, written: String, indent: Int, location: SourceLocation) {
        let (word, rest) = YarnCommand.split(inner)
        switch word {
        case "if", "once":
            if stack.count > Self.maximumNesting {
                report(
                    .error, "blocks nested deeper than \(Self.maximumNesting) levels; '<<\(word)>>' is ignored",
                    at: location)
                return
            }
            var condition: Condition?
            if word == "if" {
                condition = Self.condition(rest)
            } else {
                let (ifWord, test) = YarnCommand.split(rest)
                condition = ifWord == "if" ? .all([Self.onceTest, Self.condition(test)]) : Self.onceTest
            }
            let branch = YarnStatement.Branch(condition: condition, body: newBlock(), location: location)
            stack.append(Frame(kind: .branches(keyword: word, current: branch, hasElse: false), indent: indent))
        case "elseif", "else":
            guard case .branches(let keyword, let current, let hasElse) = stack[stack.count - 1].kind else {
                report(.error, "'<<\(word)>>' without an open '<<if>>'", at: location, rule: YarnRules.syntax.id)
                return
            }
            if hasElse {
                report(.error, "'<<\(word)>>' after '<<else>>'", at: location, rule: YarnRules.syntax.id)
            }
            if word == "elseif" && keyword != "if" {
                report(.error, "'<<elseif>>' inside '<<once>>'", at: location, rule: YarnRules.syntax.id)
            }
            store(current, in: stack.count - 1)
            let branch = YarnStatement.Branch(
                condition: word == "elseif" ? Self.condition(rest) : nil, body: newBlock(), location: location)
            stack[stack.count - 1].done.append(current)
            stack[stack.count - 1].kind = .branches(keyword: keyword, current: branch, hasElse: word == "else")
            stack[stack.count - 1].statements = []
        case "endif", "endonce":
            guard case .branches(let keyword, let current, _) = stack[stack.count - 1].kind,
                keyword == (word == "endif" ? "if" : "once")
            else {
                report(
                    .error, "'<<\(word)>>' without an open '<<\(word == "endif" ? "if" : "once")>>'", at: location,
                    rule: YarnRules.syntax.id)
                return
            }
            store(current, in: stack.count - 1)
            let done = stack.removeLast().done
            append(.branches(done + [current]))
        case "jump", "detour":
            let target = rest.trimmingYarnSpace()
            if target.hasPrefix("{") && target.hasSuffix("}") {
                let expression = String(target.dropFirst().dropLast()).trimmingYarnSpace()
                // A computed detour is drawn like a computed jump: where it leads is not known.
                append(.dynamicJump(expression: expression, location: location))
            } else if target.isEmpty {
                report(.error, "'<<\(word)>>' names no node", at: location, rule: YarnRules.syntax.id)
            } else {
                append(
                    word == "jump"
                        ? .jump(target: target, location: location) : .detour(target: target, location: location))
            }
        case "return": append(.return(location: location))
        case "stop": append(.stop(location: location))
        case "set":
            if let effect = YarnCommand.effect(rest, text: written, at: location) {
                append(.set(effect))
            } else {
                report(.error, "'<<set>>' needs a variable: \(written)", at: location, rule: YarnRules.syntax.id)
            }
        case "declare", "local":
            if let variable = YarnCommand.variable(rest, at: location) {
                append(
                    word == "declare"
                        ? .declare(variable)
                        : .set(
                            Effect(
                                variable: variable.name, value: variable.initial ?? .unknown(rest), text: written,
                                location: location)))
            } else {
                report(.error, "'<<\(word)>>' needs a variable: \(written)", at: location, rule: YarnRules.syntax.id)
            }
        case "enum", "case", "endenum":
            break
        default:
            append(.command(name: word, text: written, location: location))
        }
    }

    /// Closes option bodies (and the blocks left open inside them) that a line at
    /// `indent` is not part of.
    private mutating func closeBodies(atOrAbove indent: Int) {
        while stack.count > 1 {
            let top = stack[stack.count - 1]
            switch top.kind {
            case .option:
                guard top.indent >= indent else { return }
                closeTop()
            case .branches(let keyword, let current, _):
                // An `<<if>>` opened inside an option body that the line closes.
                guard let optionFrame = stack.lastIndex(where: { if case .option = $0.kind { true } else { false } }),
                    stack[optionFrame].indent >= indent
                else { return }
                report(
                    .error, "'<<\(keyword)>>' is not closed by '<<end\(keyword)>>' before the option ends",
                    at: top.done.first?.location ?? current.location, rule: YarnRules.unterminatedIf.id)
                closeTop()
            case .root:
                return
            }
        }
    }

    /// Pops the top frame and folds it into the one below.
    private mutating func closeTop() {
        flushGroup(stack.count - 1)
        let top = stack.removeLast()
        switch top.kind {
        case .option(var option, let isLineGroup):
            option.body = block(top.statements)
            let below = stack.count - 1
            guard let last = stack[below].statements.indices.last else { return }
            switch stack[below].statements[last] {
            case .options where !isLineGroup, .lineGroup where isLineGroup: stack[below].group.append(option)
            default: break
            }
        case .branches(_, let current, _):
            body.blocks[current.body] = top.statements
            append(.branches(top.done + [current]))
        case .root:
            break
        }
    }

    private mutating func finish(line: Int) {
        while stack.count > 1 {
            if case .branches(let keyword, let current, _) = stack[stack.count - 1].kind {
                report(
                    .error, "'<<\(keyword)>>' is not closed by '<<end\(keyword)>>'",
                    at: stack[stack.count - 1].done.first?.location ?? current.location,
                    rule: YarnRules.unterminatedIf.id)
            }
            closeTop()
        }
        flushGroup(0)
        body.blocks[body.root] = stack[0].statements
    }

    private mutating func append(_ statement: YarnStatement) {
        flushGroup(stack.count - 1)
        stack[stack.count - 1].statements.append(statement)
        switch statement {
        case .options, .lineGroup: break
        default: stack[stack.count - 1].openGroupIndent = nil
        }
    }

    /// Writes the options gathered in a frame's `group` into the group statement they
    /// belong to (its last), once the group has ended.
    private mutating func flushGroup(_ frame: Int) {
        guard !stack[frame].group.isEmpty, let last = stack[frame].statements.indices.last else { return }
        let options = stack[frame].group
        stack[frame].group = []
        switch stack[frame].statements[last] {
        case .options: stack[frame].statements[last] = .options(options)
        case .lineGroup: stack[frame].statements[last] = .lineGroup(options)
        default: break
        }
    }

    private mutating func newBlock() -> Int {
        body.blocks.append([])
        return body.blocks.count - 1
    }

    private mutating func block(_ statements: [YarnStatement]) -> Int {
        body.blocks.append(statements)
        return body.blocks.count - 1
    }

    /// Saves the statements gathered for `branch` into its block.
    private mutating func store(_ branch: YarnStatement.Branch, in frame: Int) {
        flushGroup(frame)
        body.blocks[branch.body] = stack[frame].statements
    }

    private mutating func report(
        _ severity: Severity, _ message: String, at location: SourceLocation, rule: String = YarnRules.syntax.id
    ) {
        diagnostics.append(Diagnostic(severity, message, at: location, rule: rule))
    }

    /// The condition of `<<once>>`: true the first time the dialogue passes.
    static let onceTest = Condition.test("once", .call("once", []))

    static func condition(_ text: String) -> Condition {
        let t = text.trimmingYarnSpace()
        return .test(t, YarnExpressionParser.parse(t))
    }
}
