import StoryGraph

/// One `.rpy` file read into Ren'Py's structure: its logical lines, the statement of each,
/// its blocks (as Ren'Py's `group_logical_lines` makes them: a line's block is the lines
/// after it indented deeper, all at the depth of the first) and, for each statement,
/// the statement that runs after it when it completes (`next`): the following statement
/// of its block, or, at the end of a block, what follows the statement that owns the
/// block (a label's block falls through to the statement after the label; a `while`
/// body goes back to the `while`); `lines.count` at the end of the file, where Ren'Py
/// returns.
struct RenPyScript: Sendable {
    let source: SourceText
    let lines: [RenPyLine]
    private(set) var statements: [RenPyStatement]
    /// The index after the last line of each line's block.
    let blockEnd: [Int]
    /// The line whose block holds each line, -1 at the top level.
    let parent: [Int]
    /// What runs after each statement completes.
    private(set) var next: [Int]
    /// Where Ren'Py's parser stops: tabs, open strings, indentation mismatches.
    let errors: [(line: Int, column: Int, message: String)]

    /// Ren'Py's limit on how deep blocks nest is Python's recursion limit; storygraph
    /// reads 500 levels and reports deeper blocks.
    static let maximumDepth = 500

    init(_ source: SourceText) {
        self.source = source
        let lexer = RenPyLexer(source.scalars)
        var errors = lexer.errors
        let lines = lexer.lines
        let statements = lines.map { RenPyStatement.parse($0.text) }
        var blockEnd = Array(repeating: lines.count, count: lines.count)
        var parent = Array(repeating: -1, count: lines.count)
        // The open blocks: their owner, its indentation, and the depth of the block's
        // lines (set by its first line).
        var open: [(owner: Int, ownerIndent: Int, depth: Int?)] = [(-1, -1, 0)]
        // Past the depth bound the deeper lines are read flat, without more findings.
        var tooDeep = false
        for i in lines.indices {
            let indent = lines[i].indent
            if i == 0, indent != 0 {
                errors.append((lines[i].number, 1, "Unexpected indentation at start of file."))
                // The top level is read at the first line's depth, as Ren'Py groups it.
                open[0].depth = indent
            }
            while open.count > 1, indent <= open[open.count - 1].ownerIndent {
                blockEnd[open.removeLast().owner] = i
            }
            if open[open.count - 1].depth == nil { open[open.count - 1].depth = indent }
            if let depth = open[open.count - 1].depth, depth != indent, i > 0, !tooDeep,
                !lexer.tabLines.contains(lines[i].number)
            {
                errors.append((lines[i].number, 1, "Indentation mismatch."))
            }
            parent[i] = open[open.count - 1].owner
            // The line's own block, if the lines after it are deeper.
            if i + 1 < lines.count, lines[i + 1].indent > indent {
                if open.count > Self.maximumDepth {
                    if !tooDeep {
                        errors.append((lines[i + 1].number, 1, "Blocks nest more than \(Self.maximumDepth) deep here."))
                    }
                    tooDeep = true
                } else {
                    open.append((i, indent, nil))
                    continue
                }
            }
            blockEnd[i] = i + 1
        }
        for block in open where block.owner >= 0 { blockEnd[block.owner] = lines.count }
        self.lines = lines
        self.statements = statements
        self.blockEnd = blockEnd
        self.parent = parent
        self.errors = errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        next = Self.flow(statements: statements, blockEnd: blockEnd, parent: parent)
    }

    /// The statements the game registers with a block of script (`scriptBlock`), known
    /// once every file's Python is read.
    mutating func adopt(scriptBlocks names: Set<String>) {
        guard !names.isEmpty else { return }
        var changed = false
        for i in statements.indices {
            if case .other(let word) = statements[i], names.contains(word) {
                statements[i] = .scriptBlock(word)
                changed = true
            }
        }
        if changed { next = Self.flow(statements: statements, blockEnd: blockEnd, parent: parent) }
    }

    /// The `next` of every statement (parents come before their children, so one pass).
    private static func flow(statements: [RenPyStatement], blockEnd: [Int], parent: [Int]) -> [Int] {
        let count = statements.count
        var next = Array(repeating: count, count: count)
        func isChainTail(_ s: RenPyStatement) -> Bool {
            if case .elif = s { return true }
            return s == .else
        }
        for i in 0..<count {
            let owner = parent[i]
            let end = owner >= 0 ? blockEnd[owner] : count
            var k = blockEnd[i]
            // An `if` and its `elif`/`else` are one statement.
            switch statements[i] {
            case .if, .elif:
                while k < end, parent[k] == owner, isChainTail(statements[k]) { k = blockEnd[k] }
            case .else: break
            default: break
            }
            if k < end {
                next[i] = k
                continue
            }
            guard owner >= 0 else { continue }
            switch statements[owner] {
            case .while: next[i] = owner
            case .menu:
                // An item of a menu: its block ends where the menu's does.
                next[i] = next[owner]
            default:
                // A menu item's block runs on after the menu.
                let grand = parent[owner]
                if grand >= 0, case .menu = statements[grand] {
                    next[i] = next[grand]
                } else {
                    next[i] = next[owner]
                }
            }
        }
        return next
    }

    /// The statements of the block `owner` holds, in order (the top level for -1).
    func children(of owner: Int) -> [Int] {
        var out: [Int] = []
        var k = owner + 1
        let end = owner >= 0 ? blockEnd[owner] : lines.count
        if owner < 0 { k = 0 }
        while k < end {
            out.append(k)
            k = blockEnd[k]
        }
        return out
    }

    /// The place of line `i` (its first character).
    func location(_ i: Int) -> SourceLocation {
        guard i < lines.count else {
            return SourceLocation(file: source.path, line: max(1, (lines.last?.number ?? 0) + 1))
        }
        return SourceLocation(file: source.path, line: lines[i].number, column: lines[i].indent + 1)
    }
}
