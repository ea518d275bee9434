import Foundation
import StoryGraph

/// Turns an ink project (a root file and the files it `INCLUDE`s) into a `Story` and the
/// findings, independent of any loader protocol. Modelled on ink's own compiler: one
/// cursor type (`InkCursor`) and one facet per construct: knots and stitches
/// (`+Knots`), choices (`+Choices`), gathers and the weave (`+Weave`), diverts
/// (`+Diverts`), conditionals and sequences (`+Conditionals`), expressions
/// (`+Expressions`), logic lines and declarations (`+Logic`), `INCLUDE` (`+Include`).
///
/// The weave becomes passages and choices as Documentation/ink.md states: a passage per
/// knot, stitch, and weave point where the reader chooses or the flow joins (a choice's
/// own content, a gather, the place a tunnel returns to); choices as `.choice`, diverts as
/// `.auto`, tunnels as `.call` with their return, `->->` as `.return`, threads as
/// `.include`, a divert to a variable as `.dynamic`; `-> END` / `-> DONE` as endings.
struct InkParser {
    /// Reads a file an `INCLUDE` names (by path); the loader passes one that reads disk
    /// through the story's `StoryTree`.
    typealias FileReader = (String) -> Result<SourceText, StoryTree.ReadFailure>

    /// The root flow's id: ink's top-level content, before the first knot.
    static let rootID = "(root)"

    var passages: [Passage] = []
    /// The flow (`knot` or `knot.stitch`, or the root) each passage belongs to.
    var passageFlow: [String] = []
    var indexByID: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []
    var statistics = InkStatistics()
    var variables: [Variable] = []
    /// Names that are values rather than passages: VAR, CONST, LIST and its items,
    /// temps and flow parameters (a divert to one of these is dynamic).
    var valueNames: Set<String> = []
    /// Diverts whose targets are resolved once every passage is known.
    var pendingTargets: [PendingTarget] = []
    /// Functions (`=== function f ===`): not passages; their names, for resolution.
    var functionNames: Set<String> = []
    /// Labels inside stitches by `knot.label` (made before resolving).
    var stitchLabels: [String: String] = [:]
    /// The divert-target parameters (`=== k(-> then) ===`) of each flow, by position.
    var targetParameters: [String: [Int: String]] = [:]
    /// Every flow's parameters in order, and the `ref` ones as `flow\0name`.
    var flowParameters: [String: [String]] = [:]
    var referenceParameters: Set<String> = []
    /// `~ temp x`, as `knot\0x` (a temporary belongs to its knot's call frame).
    var temporaries: Set<String> = []
    /// `~ return value` of each function, by function name.
    var returnValues: [String: [ValueExpression]] = [:]
    /// Variables read by a divert to a variable or an argument (`Story.readElsewhere`).
    var readElsewhere: [String] = []
    /// Every divert, tunnel or thread written with arguments, for the divert targets it
    /// passes (`-> k(-> there)`).
    var callSites: [CallSite] = []
    /// Every `~ f(…)` statement, for what the function writes (`applyCallEffects`).
    var callStatements: [CallStatement] = []
    /// Every name an expression reads, wherever it is (conditional text, `{x}`, a call's
    /// argument): a variable among them is read, never "set, never read".
    var expressionReads: Set<String> = []

    var flow: Flow
    var knot: String?
    var stitch: String?
    /// Conditions of the conditionals (inline and multi-line) the scanner is inside.
    var conditions: [Condition] = []
    /// Conditions already true on entering a tunnel's return point: those the call was
    /// made under. ink tests a branch's condition once, when it enters the branch; what
    /// the branch does after the tunnel returns is not tested again (`{not seen: -> seen
    /// -> next}` goes on to `next` though `seen` has been visited by then).
    var settled: [Int: Condition] = [:]
    /// Blocks closed in a passage whose flow goes on past them only under a condition:
    /// the passage, its ways out before the block closed, and the condition.
    var continuations: [(passage: Int, from: Int, condition: Condition)] = []
    var blocks: [Block] = []
    /// The expression being read (`expressionText`): its nesting so far, the depth of
    /// the tree the last parsing function returned, and whether it went past
    /// `Expression.maximumDepth`.
    var expressionNesting = 0
    var expressionBuilt = 0
    var expressionTooDeep = false
    /// How deep the inline logic (`{a: {b: …}}`) being read is nested.
    var inlineNesting = 0
    /// The first knot, for a root that has no content of its own.
    var firstKnot: String?
    /// Knots with no content before their first stitch (their passage only runs on into it).
    var emptyKnotHeads: [String] = []
    var rootHasContent = false

    /// The flows that were being read where each open `INCLUDE` is: an included file's
    /// content before its first knot goes on in that flow, its knots do not end it, and
    /// the flow goes on after the file (ink splices the file's top-level content in place
    /// and its knots among the story's).
    var includers: [(flow: Flow, knot: String?, stitch: String?, suspended: Bool)] = []

    let readFile: FileReader
    /// Files opened by `INCLUDE`, by resolved path, with where they were first included.
    var includedFiles: [String: SourceLocation?] = [:]
    var rootDirectory: String
    /// The folder tree INCLUDE may read from: the root file's folder.
    let tree: StoryTree

    /// A divert target to resolve: the choice it sets and the scope it was written in.
    struct PendingTarget {
        var passage: Int
        var choice: Int
        var path: String
        /// For a `.call`, the passage its return goes to is set already; this is the callee.
        var scope: String
        var location: SourceLocation
        var isReturnTo = false
    }

    init(rootDirectory: String, readFile: @escaping FileReader) {
        self.rootDirectory = rootDirectory
        self.tree = StoryTree(folder: rootDirectory)
        self.readFile = readFile
        self.flow = Flow(id: Self.rootID, isFunction: false)
    }

    /// Parses `roots` (each with what it includes, in order) into one story.
    mutating func parse(_ roots: [SourceText]) -> (Story, [Diagnostic]) {
        let first = roots.first.map { SourceLocation(file: $0.path, line: 1) }
        _ = newPassage(id: Self.rootID, location: first)
        flow.current = .passage(0)
        for root in roots {
            includedFiles[root.path] = .some(nil)
            parseFile(root)
        }
        finishFlow()
        guardContinuations()
        reportNameClashes()
        applyCallEffects()
        resolveTargets()
        resolveVisits()
        // The root is the author's passage when they wrote text there; otherwise it only
        // carries the flow (choices, or a divert to the first knot).
        passages[0].isFlowPoint = passages[0].text.isEmpty
        var start = Self.rootID
        // A top with no content (only INCLUDEs and declarations, as in a game that picks
        // its knot in code): the story starts at the first knot, and the empty top is no
        // passage.
        if !rootHasContent, let firstKnot, indexByID[firstKnot] != nil,
            let r = passages.firstIndex(where: { $0.id == Self.rootID }), passages[r].choices.isEmpty
        {
            start = firstKnot
            passages.remove(at: r)
        }
        dropUnenteredKnotHeads(start: start)
        let title =
            roots.first.map { (($0.path as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "ink"
        var story = Story(
            title: title, start: start, passages: passages, format: InkLoader.formatName, variables: variables)
        story.arithmetic = .integer
        // A value's name (VAR, CONST, LIST, temporary, parameter), never a knot's.
        story.readElsewhere = Set(readElsewhere).union(expressionReads.filter(valueNames.contains)).sorted()
        story.sourceStatistics = statistics.sourceStatistics
        return (story, diagnostics)
    }

    /// Reads one file's lines, recursing into `INCLUDE`s through an explicit stack.
    mutating func parseFile(_ source: SourceText) {
        var stack: [(source: SourceText, lines: [(line: Int, scalars: [Unicode.Scalar])], next: Int)] = [
            (source, InkComments.numberedLines(of: source.scalars), 0)
        ]
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            guard index < stack[top].lines.count else {
                stack.removeLast()
                if !stack.isEmpty { leaveInclude() }
                continue
            }
            stack[top].next += 1
            let line = stack[top].lines[index]
            var cursor = InkCursor(line.scalars, file: stack[top].source.path, line: line.line)
            if let included = includeStatement(&cursor, including: stack.map(\.source.path)) {
                statistics.includes += 1
                includers.append((flow, knot, stitch, false))
                stack.append((included, InkComments.numberedLines(of: included.scalars), 0))
                continue
            }
            parseLine(&cursor)
        }
    }

    /// One line of ink, by what it starts with.
    mutating func parseLine(_ cursor: inout InkCursor) {
        cursor.skipSpaces()
        if cursor.atEnd { return }
        if !blocks.isEmpty, blockLine(&cursor) { return }
        if cursor.looksAt("=") {
            flowHeader(&cursor)
            return
        }
        if cursor.current == "*" || cursor.current == "+" {
            choiceLine(&cursor)
            return
        }
        if cursor.current == "-", !cursor.looksAt("->") {
            gatherLine(&cursor)
            return
        }
        if cursor.current == "~" {
            logicLine(&cursor)
            return
        }
        if authorNote(&cursor) { return }
        if declaration(&cursor) { return }
        contentLine(&cursor)
    }

    // MARK: passages

    /// Adds a passage of the current flow and returns its index. Every passage the
    /// parser makes is a flow point (`Passage.isFlowPoint`: a choice's content, a gather,
    /// a tunnel's return point, a conditional `END`) but the ones the author declared:
    /// knots and stitches (`declared`), and the root when the author wrote text there.
    mutating func newPassage(id: String, location: SourceLocation?, declared: Bool = false) -> Int {
        var passage = Passage(id: id, location: location)
        passage.isFlowPoint = !declared
        passages.append(passage)
        passageFlow.append(flow.id)
        if indexByID[id] == nil { indexByID[id] = passages.count - 1 }
        return passages.count - 1
    }

    /// The id of a weave point of the current flow: its label, or `flow.kind-N`.
    mutating func weavePointID(label: String?, kind: String) -> String {
        if let label { return flow.id == Self.rootID ? label : flow.id + "." + label }
        let n = flow.nextNumber(kind)
        return flow.id + "." + kind + "-" + String(n)
    }

    /// The passage that receives content: the open one, a choice's own content made into
    /// a passage on first use, or a new unreachable passage after a divert.
    mutating func currentPassage(at location: SourceLocation) -> Int {
        switch flow.current {
        case .passage(let p):
            return p
        case .choice(let owner, let choice, _, let text):
            let id = weavePointID(label: nil, kind: "c")
            let p = newPassage(id: id, location: passages[owner].choices[choice].location ?? location)
            passages[p].text = text
            passages[owner].choices[choice].target = id
            flow.current = .passage(p)
            return p
        case .none:
            let p = newPassage(id: weavePointID(label: nil, kind: "g"), location: location)
            flow.current = .passage(p)
            return p
        }
    }

    mutating func appendText(_ text: String, to p: Int) {
        let trimmed = Self.readable(text)
        guard !trimmed.isEmpty else { return }
        if passages[p].text.isEmpty {
            passages[p].text = trimmed
        } else {
            passages[p].text += "\n" + trimmed
        }
    }

    /// Text as the reader sees it: runs of spaces and tabs are one space (ink's output
    /// does the same), no space at either end.
    static func readable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for c in text.unicodeScalars {
            if c == " " || c == "\t" {
                space = true
                continue
            }
            if space && !out.isEmpty && c != "\n" { out.append(" ") }
            space = false
            out.append(c)
        }
        return String(out)
    }

    /// Records a finding of one of the ink rules.
    mutating func report(_ rule: Rule, _ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(rule, message, at: location))
    }
}
