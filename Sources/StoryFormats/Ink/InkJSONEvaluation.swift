import StoryGraph

/// compiled ink's evaluation stack, read symbolically while one passage is read: what ink's
/// runtime would push and pop (`"ev"` … `"/ev"` blocks, literals, `{"VAR?": x}`,
/// `{"CNT?": path}`, divert target values, `"str"` … `"/str"`, native functions such as
/// `"+"`, `"=="`, `"MIN"`, control commands such as `"du"`, `"pop"`, `"out"`), each value an
/// `Expression` with its text in ink's syntax, as the `.ink` parser reads the same
/// expression. What cannot be known (a random number, a turn count, a list, a function's
/// result, a variable pointer) is `.unknown`: no claim rests on it. Past
/// `Expression.maximumDepth` a value is `.tooDeep`.
struct InkJSONEvaluation {
    struct Item {
        var expression: Expression
        var text: String
        var depth: Int
        /// A variable pointer (`{"^var": x}`, ink's `ref x` argument): the name.
        var pointer: String?
        /// Whether the text needs brackets inside another operator's.
        var compound = false
        /// The nodes of its tree (a `du` shares a value, so a tree can double at each
        /// operator: bounded by `maximumSize`).
        var size = 1
    }

    /// The most nodes a value's tree and the most characters its text may have: past
    /// them it is `.tooDeep` (a hostile file's `du`, `+` repeated would double both).
    static let maximumSize = 10_000
    static let maximumText = 1_000

    private(set) var items: [Item] = []

    static func unknown(_ text: String) -> Item { Item(expression: .unknown(text), text: text, depth: 1) }

    mutating func push(_ item: Item) { items.append(item) }

    mutating func push(_ expression: Expression, _ text: String) {
        items.append(Item(expression: expression, text: text, depth: 1))
    }

    /// The top value; unknown when the stack is empty (the value was pushed where this
    /// reading did not go, e.g. before the passage began).
    mutating func pop() -> Item { items.popLast() ?? Self.unknown("(value in compiled ink)") }

    mutating func clear() { items.removeAll() }

    /// ink's binary native functions (`NativeFunctionCall`), by the name the JSON spells.
    static let binary: [String: (Expression.BinaryOperator, String)] = [
        "+": (.add, "+"), "-": (.subtract, "-"), "*": (.multiply, "*"), "/": (.divide, "/"), "%": (.remainder, "%"),
        "==": (.equal, "=="), "!=": (.notEqual, "!="), "<": (.less, "<"), ">": (.greater, ">"),
        "<=": (.lessOrEqual, "<="), ">=": (.greaterOrEqual, ">="), "&&": (.and, "and"), "||": (.or, "or"),
        "?": (.contains, "has"),
    ]

    /// Native functions of two arguments read as calls the evaluator may know (`MIN`,
    /// `MAX`) or not; those of one argument, as calls or unknown.
    static let binaryCalls: Set<String> = ["MIN", "MAX", "POW", "!?", "^", "L^"]
    static let unaryCalls: Set<String> = [
        "FLOOR", "CEILING", "INT", "FLOAT", "LIST_MIN", "LIST_MAX", "LIST_ALL", "LIST_COUNT", "LIST_VALUE",
        "LIST_INVERT",
    ]

    /// Control commands by how many values they pop and whether they push one (unknown):
    /// `turn` (TURNS()), `turns` (TURNS_SINCE), `readc` (READ_COUNT of a target value),
    /// `visit` (a sequence's visit index), `seq` (a shuffle's index), `rnd` (RANDOM),
    /// `srnd` (SEED_RANDOM), `choiceCnt` (CHOICE_COUNT()), `listInt`, `range`, `lrnd`.
    static let commands: [String: (pops: Int, pushes: Bool)] = [
        "turn": (0, true), "turns": (1, true), "readc": (1, true), "visit": (0, true), "seq": (2, true),
        "rnd": (2, true), "srnd": (1, true), "choiceCnt": (0, true), "listInt": (2, true), "range": (3, true),
        "lrnd": (1, true),
    ]

    /// Applies the native function or stack command `name`; false when `name` is neither.
    mutating func apply(_ name: String) -> Bool {
        if let (op, spelling) = Self.binary[name] {
            let b = pop()
            let a = pop()
            push(Self.combine(op, spelling, a, b))
        } else if name == "!" || name == "_" {
            let a = pop()
            let text = (name == "!" ? "not " : "-") + (a.compound ? "(" + a.text + ")" : a.text)
            // (`bounded` shortens it; each operand's text is at most `maximumText` long.)
            push(Self.bounded(Item(expression: .unary(name == "!" ? .not : .negate, a.expression), text: text,
                depth: a.depth + 1, compound: true, size: a.size + 1)))
        } else if Self.binaryCalls.contains(name) {
            let b = pop()
            let a = pop()
            if name == "MIN" || name == "MAX" {
                push(Self.bounded(Item(expression: .call(name, [a.expression, b.expression]),
                    text: name + "(" + a.text + ", " + b.text + ")", depth: max(a.depth, b.depth) + 1,
                    size: a.size + b.size + 1)))
            } else {
                push(Self.unknown(name + "(" + a.text + ", " + b.text + ")"))
            }
        } else if Self.unaryCalls.contains(name) {
            let a = pop()
            push(Self.unknown(name + "(" + a.text + ")"))
        } else if let command = Self.commands[name] {
            for _ in 0..<command.pops { _ = pop() }
            if command.pushes { push(Self.unknown(name == "visit" ? "(sequence)" : name + "()")) }
        } else {
            switch name {
            case "du": push(items.last ?? Self.unknown("(value in compiled ink)"))
            case "pop", "out": _ = pop()
            case "void": push(Self.unknown("(void)"))
            default: return false
            }
        }
        return true
    }

    static func combine(_ op: Expression.BinaryOperator, _ spelling: String, _ a: Item, _ b: Item) -> Item {
        let left = a.compound ? "(" + a.text + ")" : a.text
        let right = b.compound ? "(" + b.text + ")" : b.text
        return bounded(
            Item(expression: .binary(op, a.expression, b.expression), text: left + " " + spelling + " " + right,
                depth: max(a.depth, b.depth) + 1, compound: true, size: a.size + b.size + 1))
    }

    /// `item`, or `.tooDeep` past `Expression.maximumDepth`, `maximumSize` nodes or
    /// `maximumText` characters (its text kept, shortened).
    static func bounded(_ item: Item) -> Item {
        var text = item.text
        if text.utf8.count > maximumText { text = String(text.prefix(maximumText)) + "…" }
        guard item.depth > Expression.maximumDepth || item.size > maximumSize || text != item.text else { return item }
        return Item(expression: .tooDeep(text), text: text, depth: 1)
    }
}
