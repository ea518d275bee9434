/// What the state search needs of a story, compiled once: the variables that matter
/// (those a condition reads, and those their effects read in turn), the passages whose
/// visits a condition counts, and every condition and effect as an `ExpressionProgram`
/// over their slots. Variables no condition depends on are abstracted away: their
/// effects are not applied, so they never split a state.
public struct StateModel: Sendable {
    /// A compiled effect on a tracked variable.
    struct CompiledEffect: Sendable {
        var slot: Int
        var operation: Expression.BinaryOperator?
        var value: ExpressionProgram
    }

    /// The variables the search tracks, by slot.
    public let variables: [String]
    /// Variables the story declares or sets that no condition depends on.
    public let abstracted: [String]
    /// The passages whose visits are counted, by counter.
    public let countedPassages: [Int]
    /// Visit counts saturate here: one more than the largest whole number in any tracked
    /// expression, so every comparison of a count with a constant keeps its truth.
    public let visitCap: Int
    /// Each tracked variable's initial value (nil: unknown).
    let initial: [StateValue?]
    /// Choice `c` of passage `p` is `choiceBase[p] + c` in the per-choice arrays.
    let choiceBase: [Int]
    /// The condition of each choice (nil: none).
    let conditions: [ExpressionProgram?]
    let choiceEffects: [[CompiledEffect]]
    /// Per passage: its own effects and those of the passages it shows, in order.
    let passageEffects: [[CompiledEffect]]
    /// Per passage: its visit counter, or -1.
    let counterOf: [Int]
    /// Per passage: whether a choice of it is a fallback.
    let isFallback: [Bool]

    /// - Complexity: O(size of the story's choices, effects and expressions).
    public init(_ graph: StoryGraph) {
        let story = graph.story
        let passages = story.passages
        var choiceBase = [Int](repeating: 0, count: passages.count + 1)
        var conditionExpressions: [Expression?] = []
        for p in passages.indices {
            for choice in passages[p].choices {
                conditionExpressions.append(choice.condition.map(Self.expression))
            }
            choiceBase[p + 1] = conditionExpressions.count
        }
        // Variables that matter: read by a condition, or by an effect on one that does.
        var relevant: [String] = []
        var isRelevant: Set<String> = []
        var work: [String] = []
        func mark(_ names: [String]) {
            for name in names where isRelevant.insert(name).inserted {
                relevant.append(name)
                work.append(name)
            }
        }
        for e in conditionExpressions { if let e { mark(e.variables) } }
        var effectsOn: [String: [Expression]] = [:]
        for passage in passages {
            for effect in passage.effects { effectsOn[effect.variable, default: []].append(effect.value) }
            for choice in passage.choices {
                for effect in choice.effects { effectsOn[effect.variable, default: []].append(effect.value) }
            }
        }
        while let name = work.popLast() {
            for value in effectsOn[name] ?? [] { mark(value.variables) }
        }
        // Slots in declaration order, then in first-use order.
        var variables: [String] = []
        var slotOf: [String: Int] = [:]
        for v in story.variables where isRelevant.contains(v.name) && slotOf[v.name] == nil {
            slotOf[v.name] = variables.count
            variables.append(v.name)
        }
        for name in relevant where slotOf[name] == nil {
            slotOf[name] = variables.count
            variables.append(name)
        }
        var abstracted: [String] = []
        var seenAbstracted: Set<String> = []
        let declaredOrSet = story.variables.map(\.name)
            + passages.flatMap { p in p.effects.map(\.variable) + p.choices.flatMap { $0.effects.map(\.variable) } }
        for name in declaredOrSet where slotOf[name] == nil && seenAbstracted.insert(name).inserted {
            abstracted.append(name)
        }
        // Visit counters: every passage a tracked expression counts.
        var counterOf = [Int](repeating: -1, count: passages.count)
        var counted: [Int] = []
        var largest = 0
        func scan(_ e: Expression) {
            var stack = [e]
            while let e = stack.popLast() {
                switch e {
                case .visits(let id):
                    if let p = graph.indexByID[id], counterOf[p] < 0 {
                        counterOf[p] = counted.count
                        counted.append(p)
                    }
                case .integer(let n): largest = max(largest, min(abs(n), 1_000_000))
                case .unary(_, let a): stack.append(a)
                case .binary(_, let a, let b): stack.append(b); stack.append(a)
                case .call(_, let arguments): stack.append(contentsOf: arguments)
                case .decimal, .string, .boolean, .variable, .unknown: break
                }
            }
        }
        for e in conditionExpressions { if let e { scan(e) } }
        for name in variables { for value in effectsOn[name] ?? [] { scan(value) } }

        func compile(_ e: Expression) -> ExpressionProgram {
            ExpressionProgram(e, variable: { slotOf[$0]! }, visits: { id in graph.indexByID[id].flatMap { counterOf[$0] >= 0 ? counterOf[$0] : nil } })
        }
        func compile(_ effects: [Effect]) -> [CompiledEffect] {
            effects.compactMap { effect in
                slotOf[effect.variable].map { CompiledEffect(slot: $0, operation: effect.operation.binaryOperator, value: compile(effect.value)) }
            }
        }
        self.conditions = conditionExpressions.map { $0.map(compile) }
        var choiceEffects: [[CompiledEffect]] = []
        var isFallback = [Bool](repeating: false, count: passages.count)
        for p in passages.indices {
            for choice in passages[p].choices {
                choiceEffects.append(compile(choice.effects))
                if choice.isFallback { isFallback[p] = true }
            }
        }
        self.choiceEffects = choiceEffects
        let own = passages.map { compile($0.effects) }
        self.passageEffects = passages.indices.map { p in
            own[p] + graph.shownPassages[graph.shownOffsets[p]..<graph.shownOffsets[p + 1]].flatMap { own[$0] }
        }
        var initial = [StateValue?](repeating: .unset, count: variables.count)
        var declared: Set<String> = []
        for v in story.variables where declared.insert(v.name).inserted {
            guard let slot = slotOf[v.name], let value = v.initial else { continue }
            initial[slot] = compile(value).evaluateConstant()
        }
        self.initial = initial
        self.variables = variables
        self.abstracted = abstracted
        self.countedPassages = counted
        self.visitCap = largest + 1
        self.choiceBase = choiceBase
        self.counterOf = counterOf
        self.isFallback = isFallback
    }

    /// A condition as one expression, each test not parsed kept as `.unknown(text)`.
    ///
    /// - Complexity: O(size of the condition), iterative.
    public static func expression(_ condition: Condition) -> Expression {
        // Post-order over the condition tree; `.all` of n parts pops n results.
        enum Item { case visit(Condition), negate, all(Int) }
        var items: [Item] = [.visit(condition)]
        var results: [Expression] = []
        while let item = items.popLast() {
            switch item {
            case .visit(.test(let text, let e)): results.append(e ?? .unknown(text))
            case .visit(.not(let inner)): items.append(.negate); items.append(.visit(inner))
            case .visit(.all(let parts)):
                items.append(.all(parts.count))
                for part in parts.reversed() { items.append(.visit(part)) }
            case .negate: results.append(.unary(.not, results.removeLast()))
            case .all(let n):
                guard n > 0 else { results.append(.boolean(true)); continue }
                let parts = results.suffix(n)
                results.removeLast(n)
                results.append(parts.dropFirst().reduce(parts.first!) { .binary(.and, $0, $1) })
            }
        }
        return results[0]
    }
}
