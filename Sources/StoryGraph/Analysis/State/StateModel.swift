/// What the state search needs of a story, compiled once: the variables that matter
/// (those a condition reads, and those their effects read in turn), the passages whose
/// visits a condition counts, and every condition and effect as an `ExpressionProgram`
/// over their slots. Variables no condition depends on are abstracted away: their
/// effects are not applied, so they never split a state.
package struct StateModel: Sendable {
    /// A compiled effect on a tracked variable.
    struct CompiledEffect: Sendable {
        var slot: Int
        var operation: Expression.BinaryOperator?
        var value: ExpressionProgram
    }

    /// The variables the search tracks, by slot.
    package let variables: [String]
    /// The computed variables the search tracks (`Variable.isComputed`): each slot with
    /// its expression, in an order where a computed variable comes after those it reads,
    /// so that one pass after every change gives each the value its expression has on
    /// the state (what reading it would give). A computed variable in a cycle is unknown.
    let computed: [(slot: Int, value: ExpressionProgram)]
    /// Variables the story declares or sets that no condition depends on.
    package let abstracted: [String]
    /// The passages whose visits are counted, by counter.
    package let countedPassages: [Int]
    /// Visit counts saturate here: one more than the largest whole number in any tracked
    /// expression, so every comparison of a count with a constant keeps its truth.
    package let visitCap: Int
    /// Each tracked variable's initial value (nil: unknown).
    let initial: [StateValue?]
    /// Per slot: the value a counter saturates at, or nil. A variable that only ever
    /// grows by constants or is set to constants, and is only compared with constants,
    /// behaves the same at every value above the largest of them: one value stands for
    /// all (an exact abstraction, so a counter in a loop does not make the states endless).
    package let saturation: [Double?]
    /// Choice `c` of passage `p` is `choiceBase[p] + c` in the per-choice arrays.
    let choiceBase: [Int]
    /// The condition of each choice (nil: none).
    let conditions: [ExpressionProgram?]
    let choiceEffects: [[CompiledEffect]]
    /// Per passage: its own effects and those of the passages it shows, in order.
    let passageEffects: [[CompiledEffect]]
    /// Per passage: its visit counter, or -1.
    let counterOf: [Int]
    /// Per passage: whether a choice of it (or of a passage it shows) is a fallback.
    let isFallback: [Bool]
    /// Per choice: its bit among the once-only choices (taken or not), or -1.
    let onceBit: [Int]
    /// The number of once-only choices (a state keeps one bit each).
    package let onceOnlyChoices: Int
    /// The expressions the search was asked to watch (`StateProbe`), compiled: their
    /// variables and visit counts are tracked as a condition's are.
    let observed: [ExpressionProgram]

    /// The model of `graph`, tracking also what `observing` reads (an expectation's
    /// expression), so that it can be evaluated on every state.
    ///
    /// - Complexity: O(size of the story's choices, effects and expressions).
    package init(_ graph: StoryGraph, observing: [Expression] = []) {
        let story = graph.story
        let passages = story.passages
        var choiceBase = [Int](repeating: 0, count: passages.count + 1)
        var conditionExpressions: [Expression?] = []
        // The passages and choices are read in place, by index: a `Passage` or `Choice` copied
        // in a loop costs its strings' and arrays' reference counts (a third of this init).
        for p in passages.indices {
            let choices = passages[p].choices
            for c in choices.indices { conditionExpressions.append(choices[c].condition.map(Self.expression)) }
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
        for e in observing { mark(e.variables) }
        var effectsOn: [String: [Expression]] = [:]
        // Each effect as the value it gives (`x += 1` is `x + 1`; other operations, which
        // no counter has, as unknown): what `counterCap` reads.
        var givenValues: [String: [Expression]] = [:]
        // A computed variable depends on what its expression reads, as on an effect's value.
        var computedExpression: [String: Expression] = [:]
        for v in story.variables where v.isComputed && computedExpression[v.name] == nil {
            let e = v.initial ?? .unknown(v.name)
            computedExpression[v.name] = e
            effectsOn[v.name, default: []].append(e)
        }
        func gather(_ effects: [Effect]) {
            for effect in effects {
                effectsOn[effect.variable, default: []].append(effect.value)
                let given: Expression =
                    switch effect.operation {
                    case .set: effect.value
                    case .add: .binary(.add, .variable(effect.variable), effect.value)
                    default: .unknown(effect.text)
                    }
                givenValues[effect.variable, default: []].append(given)
            }
        }
        for p in passages.indices {
            gather(passages[p].effects)
            let choices = passages[p].choices
            for c in choices.indices { gather(choices[c].effects) }
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
        func abstract(_ name: String) {
            if slotOf[name] == nil && seenAbstracted.insert(name).inserted { abstracted.append(name) }
        }
        for v in story.variables { abstract(v.name) }
        for p in passages.indices {
            for effect in passages[p].effects { abstract(effect.variable) }
            let choices = passages[p].choices
            for c in choices.indices { for effect in choices[c].effects { abstract(effect.variable) } }
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
                case .binary(_, let a, let b):
                    stack.append(b)
                    stack.append(a)
                case .call(_, let arguments): stack.append(contentsOf: arguments)
                case .decimal, .string, .boolean, .variable, .unknown, .tooDeep: break
                }
            }
        }
        for e in conditionExpressions { if let e { scan(e) } }
        for e in observing { scan(e) }
        for name in variables { for value in effectsOn[name] ?? [] { scan(value) } }

        func compile(_ e: Expression) -> ExpressionProgram {
            ExpressionProgram(
                e, arithmetic: story.arithmetic, variable: { slotOf[$0] },
                visits: { id in graph.indexByID[id].flatMap { counterOf[$0] >= 0 ? counterOf[$0] : nil } })
        }
        func compile(_ effects: [Effect]) -> [CompiledEffect] {
            effects.compactMap { effect in
                slotOf[effect.variable].map {
                    CompiledEffect(slot: $0, operation: effect.operation.binaryOperator, value: compile(effect.value))
                }
            }
        }
        self.conditions = conditionExpressions.map { $0.map(compile) }
        self.observed = observing.map(compile)
        var choiceEffects: [[CompiledEffect]] = []
        var isFallback = [Bool](repeating: false, count: passages.count)
        var onceBit: [Int] = []
        var onceCount = 0
        for p in passages.indices {
            let choices = passages[p].choices
            for c in choices.indices {
                choiceEffects.append(compile(choices[c].effects))
                if choices[c].isFallback { isFallback[p] = true }
                if choices[c].isOnceOnly && choices[c].isStep {
                    onceBit.append(onceCount)
                    onceCount += 1
                } else {
                    onceBit.append(-1)
                }
            }
        }
        // A passage offers a fallback when it or a passage it shows has one.
        for p in passages.indices where !isFallback[p] {
            isFallback[p] = graph.shownPassages[graph.shownOffsets[p]..<graph.shownOffsets[p + 1]].contains {
                isFallback[$0]
            }
        }
        self.onceBit = onceBit
        self.onceOnlyChoices = onceCount
        self.choiceEffects = choiceEffects
        let own = passages.indices.map { compile(passages[$0].effects) }
        self.passageEffects = passages.indices.map { p in
            let shown = graph.shownPassages[graph.shownOffsets[p]..<graph.shownOffsets[p + 1]]
            return shown.isEmpty ? own[p] : own[p] + shown.flatMap { own[$0] }
        }
        var initial = [StateValue?](repeating: .unset, count: variables.count)
        var declared: Set<String> = []
        // A declared constant's value (ink's `CONST NONE = 0`), for an initial value that
        // names it (`VAR clue = NONE`, which ink resolves when it compiles); a chain of
        // constants is followed as far as there are constants.
        var constants: [String: Expression] = [:]
        for v in story.variables where v.isConstant && constants[v.name] == nil {
            if let e = v.initial { constants[v.name] = e }
        }
        func resolved(_ value: Expression) -> Expression {
            var value = value
            var steps = 0
            while case .variable(let name) = value, let c = constants[name], steps < constants.count {
                value = c
                steps += 1
            }
            return value
        }
        for v in story.variables where declared.insert(v.name).inserted && !v.isComputed {
            guard let slot = slotOf[v.name], let value = v.initial else { continue }
            initial[slot] = compile(resolved(value)).evaluateConstant()
        }
        self.initial = initial
        // What `counterCap` needs of the whole story, gathered once (not once a variable: a
        // story of thousands of variables would make that quadratic).
        var firstInitial: [String: Expression?] = [:]
        for v in story.variables where firstInitial[v.name] == nil { firstInitial[v.name] = .some(v.initial) }
        let reads = CounterReads(conditionExpressions.compactMap { $0 } + observing)
        var readByOther: Set<String> = []
        for (key, values) in effectsOn {
            for value in values { for name in value.variables where name != key { readByOther.insert(name) } }
        }
        self.computed = Self.computedOrder(variables.filter { computedExpression[$0] != nil }, computedExpression).map {
            name, e in
            (slotOf[name]!, e.map(compile) ?? compile(.unknown(name)))
        }
        self.saturation = variables.map { name in
            Self.counterCap(
                name, effects: givenValues[name] ?? [], initial: firstInitial[name] ?? nil, reads: reads,
                readByOtherValue: readByOther.contains(name))
        }
        self.variables = variables
        self.abstracted = abstracted
        self.countedPassages = counted
        self.visitCap = largest + 1
        self.choiceBase = choiceBase
        self.counterOf = counterOf
        self.isFallback = isFallback
    }

    /// The saturation value of `name` when it is a counter (`saturation`): every effect
    /// on it sets a number or adds a positive one (`+= 1`, `= name + 1`), its initial
    /// value is a number or none, every condition that reads it compares it with a
    /// number or tests its truth, and no other variable's value reads it. The cap is one
    /// above the largest number compared (at least 1, so truth is kept too).
    ///
    /// - Complexity: O(size of the conditions and effects).
    static func counterCap(
        _ name: String, effects: [Expression], initial: Expression?, conditions: [Expression], values: [Expression]
    ) -> Double? {
        counterCap(
            name, effects: effects, initial: initial, reads: CounterReads(conditions),
            readByOtherValue: values.contains { $0.variables.contains(name) })
    }

    /// `counterCap` with the conditions read once for every variable (`CounterReads`).
    ///
    /// - Complexity: O(size of `name`'s effects).
    static func counterCap(
        _ name: String, effects: [Expression], initial: Expression?, reads: CounterReads, readByOtherValue: Bool
    ) -> Double? {
        if let initial, CounterReads.number(initial) == nil { return nil }
        if readByOtherValue || reads.disallowed.contains(name) { return nil }
        for value in effects {
            if CounterReads.number(value) != nil { continue }
            if case .binary(.add, .variable(let v), let c) = value, v == name, let k = CounterReads.number(c), k > 0 {
                continue
            }
            if case .binary(.add, let c, .variable(let v)) = value, v == name, let k = CounterReads.number(c), k > 0 {
                continue
            }
            return nil
        }
        return (reads.largest[name] ?? 0).rounded(.down) + 1
    }

    /// How the conditions read each variable, for `counterCap`: the variables read other
    /// than by a truth test or a comparison with a number, and for the others the largest
    /// number each is compared with.
    struct CounterReads {
        var disallowed: Set<String> = []
        var largest: [String: Double] = [:]

        static func number(_ e: Expression) -> Double? {
            switch e {
            case .integer(let n): return Double(n)
            case .decimal(let d): return d
            case .unary(.negate, .integer(let n)): return -Double(n)
            default: return nil
            }
        }

        /// - Complexity: O(size of the conditions) besides the variables of each side
        ///   compared with a number.
        init(_ conditions: [Expression]) {
            for read in conditions {
                // (expression, whether a variable may stand here: tested for truth, or
                // compared with a number)
                var stack: [(Expression, Bool)] = [(read, true)]
                while let (e, allowed) = stack.popLast() {
                    switch e {
                    case .variable(let v): if !allowed { disallowed.insert(v) }
                    case .binary(let op, let a, let b):
                        switch op {
                        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual:
                            if let k = Self.number(b) {
                                for v in a.variables { largest[v] = max(largest[v] ?? 0, k) }
                                stack.append((a, true))
                                continue
                            }
                            if let k = Self.number(a) {
                                for v in b.variables { largest[v] = max(largest[v] ?? 0, k) }
                                stack.append((b, true))
                                continue
                            }
                            stack.append((a, false))
                            stack.append((b, false))
                        case .and, .or:
                            stack.append((a, true))
                            stack.append((b, true))
                        default:
                            stack.append((a, false))
                            stack.append((b, false))
                        }
                    case .unary(.not, let a): stack.append((a, true))
                    case .unary(_, let a): stack.append((a, false))
                    case .call(_, let arguments): stack.append(contentsOf: arguments.map { ($0, false) })
                    case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: break
                    }
                }
            }
        }
    }

    /// The tracked computed variables, each after the computed variables it reads
    /// (depth-first, without recursion); one in a cycle gets no expression (unknown).
    ///
    /// - Complexity: O(size of their expressions).
    static func computedOrder(_ names: [String], _ expressions: [String: Expression]) -> [(String, Expression?)] {
        var order: [(String, Expression?)] = []
        var state: [String: Int] = [:] // 1: on the path being visited, 2: done
        var cyclic: Set<String> = []
        for root in names where state[root] == nil {
            // (name, whether its dependencies are already on the stack)
            var stack: [(String, Bool)] = [(root, false)]
            while let (name, expanded) = stack.popLast() {
                if expanded {
                    state[name] = 2
                    order.append((name, expressions[name]))
                    continue
                }
                guard state[name] == nil else { continue }
                state[name] = 1
                stack.append((name, true))
                for read in expressions[name]?.variables ?? [] where expressions[read] != nil {
                    if state[read] == 1 {
                        cyclic.insert(name)
                        cyclic.insert(read)
                    }
                    if state[read] == nil { stack.append((read, false)) }
                }
            }
        }
        return order.map { name, e in (name, cyclic.contains(name) ? nil : e) }
    }

    /// Whether the story has state to search: an effect, or a condition parsed into
    /// something other than unknown text. A story with neither (a Twine story whose
    /// macros are kept as text) has nothing the search could add to the structure.
    ///
    /// - Complexity: O(choices and effects).
    package static func applies(to story: Story) -> Bool {
        for passage in story.passages {
            if !passage.effects.isEmpty { return true }
            for choice in passage.choices {
                if !choice.effects.isEmpty { return true }
                if let condition = choice.condition, case let e = expression(condition), !Self.isOnlyUnknown(e) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `e` is unknown text or a call and nothing else.
    static func isOnlyUnknown(_ e: Expression) -> Bool {
        var stack = [e]
        while let e = stack.popLast() {
            switch e {
            case .unknown, .call: continue
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(a)
                stack.append(b)
            default: return false
            }
        }
        return true
    }

    /// A condition as one expression, each test not parsed kept as `.unknown(text)`.
    ///
    /// - Complexity: O(size of the condition), iterative.
    package static func expression(_ condition: Condition) -> Expression {
        // Post-order over the condition tree; `.all` of n parts pops n results.
        enum Item {
            case visit(Condition)
            case negate
            case all(Int)
        }
        var items: [Item] = [.visit(condition)]
        var results: [Expression] = []
        while let item = items.popLast() {
            switch item {
            case .visit(.test(let text, let e)): results.append(e ?? .unknown(text))
            case .visit(.not(let inner)):
                items.append(.negate)
                items.append(.visit(inner))
            case .visit(.all(let parts)):
                items.append(.all(parts.count))
                for part in parts.reversed() { items.append(.visit(part)) }
            case .negate: results.append(.unary(.not, results.removeLast()))
            case .all(let n):
                guard n > 0 else {
                    results.append(.boolean(true))
                    continue
                }
                let parts = Array(results.suffix(n))
                results.removeLast(n)
                results.append(Expression.conjunction(parts)!)
            }
        }
        return results[0]
    }
}
