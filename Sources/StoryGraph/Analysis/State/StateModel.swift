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
    /// The effect lists, each compiled once (`EffectList`): a run that many passages or
    /// choices share (what runs around every passage) is one run here, referred to by
    /// each of them, not copied into each.
    let runs: [[CompiledEffect]]
    /// `runs` end to end, for the search's hot loop (one array, no array per run to
    /// reach): run `r` is `runEffects[runStarts[r]..<runStarts[r + 1]]`.
    let runEffects: [CompiledEffect]
    let runStarts: [Int32]
    /// Per choice `c`: its effects are those of runs `choiceRuns[choiceRunOffsets[c]..<
    /// choiceRunOffsets[c + 1]]`, in order; none of them empty.
    let choiceRuns: [Int32]
    let choiceRunOffsets: [Int32]
    /// Per passage, the same: its own effects and those of the passages it shows, in order.
    let passageRuns: [Int32]
    let passageRunOffsets: [Int32]
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
        // Every variable's name is hashed once, to a number (`names`): the tables below are
        // arrays by that number, not dictionaries and sets keyed by strings (which, with
        // each expression's `variables` array, were most of this init's time).
        var names: [String: Int32] = [:]
        var nameList: [String] = []
        func id(_ name: String) -> Int32 {
            if let id = names[name] { return id }
            let id = Int32(nameList.count)
            names[name] = id
            nameList.append(name)
            return id
        }
        var choiceBase = [Int](repeating: 0, count: passages.count + 1)
        var conditionExpressions: [Expression?] = []
        // The passages and choices are read in place, by index: a `Passage` or `Choice` copied
        // in a loop costs its strings' and arrays' reference counts (a third of this init).
        for p in passages.indices {
            let choices = passages[p].choices
            for c in choices.indices { conditionExpressions.append(choices[c].condition.map(Self.expression)) }
            choiceBase[p + 1] = conditionExpressions.count
        }
        // The conditions and observed expressions compiled over name numbers and passage
        // indices (renumbered to slots and counters once those are known: `renumbered`).
        func compileByName(_ e: Expression) -> ExpressionProgram {
            ExpressionProgram(
                e, arithmetic: story.arithmetic, variable: { Int(id($0)) }, visits: { graph.indexByID[$0] })
        }
        let conditionsByName = conditionExpressions.map { $0.map(compileByName) }
        let observedByName = observing.map(compileByName)
        // What each effect (and each computed variable's expression, an effect on it too)
        // sets and reads: `effectTarget[k]`, the names its value reads in first-use order
        // with repeats `effectReads[effectReadOffsets[k]..<effectReadOffsets[k + 1]]`, the
        // value itself, and whether it counts up (`countsUp`; the computed ones: true, they
        // are not effects for `counterCap`).
        var effectTarget: [Int32] = []
        var effectValue: [Expression] = []
        var effectCountsUp: [Bool] = []
        var effectReads: [Int32] = []
        var effectReadOffsets: [Int32] = [0]
        var stack: [Expression] = []
        func addEffect(_ target: Int32, _ value: Expression, countsUp: Bool) {
            effectTarget.append(target)
            effectValue.append(value)
            effectCountsUp.append(countsUp)
            Self.forEachVariable(value, &stack) { effectReads.append(id($0)) }
            effectReadOffsets.append(Int32(effectReads.count))
        }
        let declaredIDs = story.variables.map { id($0.name) }
        // A computed variable depends on what its expression reads, as on an effect's value.
        var computedExpression: [String: Expression] = [:]
        for (k, v) in story.variables.enumerated() where v.isComputed && computedExpression[v.name] == nil {
            let e = v.initial ?? .unknown(v.name)
            computedExpression[v.name] = e
            addEffect(declaredIDs[k], e, countsUp: true)
        }
        let firstEffect = effectTarget.count
        // A run shared by many passages or choices is read once: the repeats would add
        // nothing to what is read, set or counted, in the same order of first use.
        var seenShared: Set<ObjectIdentifier> = []
        func addEffects(_ list: EffectList) {
            if let shared = list.shared, seenShared.insert(ObjectIdentifier(shared)).inserted {
                for effect in shared.effects {
                    addEffect(id(effect.variable), effect.value, countsUp: Self.countsUp(effect))
                }
            }
            for effect in list.own { addEffect(id(effect.variable), effect.value, countsUp: Self.countsUp(effect)) }
        }
        for p in passages.indices {
            addEffects(passages[p].effectList)
            let choices = passages[p].choices
            for c in choices.indices { addEffects(choices[c].effectList) }
        }
        let nameCount = nameList.count
        // Per name, its effects in order: `effectsOn[effectsOnOffsets[n]..<effectsOnOffsets[n + 1]]`.
        var effectsOnOffsets = [Int](repeating: 0, count: nameCount + 1)
        for target in effectTarget { effectsOnOffsets[Int(target) + 1] += 1 }
        for n in 0..<nameCount { effectsOnOffsets[n + 1] += effectsOnOffsets[n] }
        var effectsOn = [Int](repeating: 0, count: effectTarget.count)
        var fill = effectsOnOffsets
        for (k, target) in effectTarget.enumerated() {
            effectsOn[fill[Int(target)]] = k
            fill[Int(target)] += 1
        }
        // Variables that matter: read by a condition, or by an effect on one that does.
        var relevant: [Int32] = []
        var isRelevant = [Bool](repeating: false, count: nameCount)
        var work: [Int32] = []
        func mark(_ name: Int32) {
            guard !isRelevant[Int(name)] else { return }
            isRelevant[Int(name)] = true
            relevant.append(name)
            work.append(name)
        }
        for program in conditionsByName { if let program { for n in program.variableSlots { mark(Int32(n)) } } }
        for program in observedByName { for n in program.variableSlots { mark(Int32(n)) } }
        while let name = work.popLast() {
            for k in effectsOn[effectsOnOffsets[Int(name)]..<effectsOnOffsets[Int(name) + 1]] {
                for r in effectReads[Int(effectReadOffsets[k])..<Int(effectReadOffsets[k + 1])] { mark(r) }
            }
        }
        // Slots in declaration order, then in first-use order.
        var variables: [String] = []
        var slotIDs: [Int32] = []
        var slotOfName = [Int32](repeating: -1, count: nameCount)
        func assign(_ name: Int32) {
            guard isRelevant[Int(name)], slotOfName[Int(name)] < 0 else { return }
            slotOfName[Int(name)] = Int32(variables.count)
            variables.append(nameList[Int(name)])
            slotIDs.append(name)
        }
        for name in declaredIDs { assign(name) }
        for name in relevant { assign(name) }
        var abstracted: [String] = []
        var seenAbstracted = [Bool](repeating: false, count: nameCount)
        func abstract(_ name: Int32) {
            guard slotOfName[Int(name)] < 0, !seenAbstracted[Int(name)] else { return }
            seenAbstracted[Int(name)] = true
            abstracted.append(nameList[Int(name)])
        }
        for name in declaredIDs { abstract(name) }
        for k in firstEffect..<effectTarget.count { abstract(effectTarget[k]) }
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
        for name in slotIDs {
            for k in effectsOn[effectsOnOffsets[Int(name)]..<effectsOnOffsets[Int(name) + 1]] { scan(effectValue[k]) }
        }

        func compile(_ e: Expression) -> ExpressionProgram {
            ExpressionProgram(
                e, arithmetic: story.arithmetic,
                variable: { name in names[name].flatMap { slotOfName[Int($0)] >= 0 ? Int(slotOfName[Int($0)]) : nil } },
                visits: { id in graph.indexByID[id].flatMap { counterOf[$0] >= 0 ? counterOf[$0] : nil } })
        }
        func compile(_ effects: [Effect]) -> [CompiledEffect] {
            effects.compactMap { effect in
                names[effect.variable].flatMap { slotOfName[Int($0)] >= 0 ? Int(slotOfName[Int($0)]) : nil }.map {
                    CompiledEffect(slot: $0, operation: effect.operation.binaryOperator, value: compile(effect.value))
                }
            }
        }
        // Each list's runs: its shared run (compiled once, by identity) and its own.
        var runs: [[CompiledEffect]] = []
        var sharedRun: [ObjectIdentifier: Int32] = [:]
        func addRuns(of list: EffectList, into found: inout [Int32]) {
            if let shared = list.shared {
                let key = ObjectIdentifier(shared)
                if sharedRun[key] == nil {
                    let compiled = compile(shared.effects)
                    sharedRun[key] = compiled.isEmpty ? -1 : Int32(runs.count)
                    if !compiled.isEmpty { runs.append(compiled) }
                }
                if let r = sharedRun[key], r >= 0 { found.append(r) }
            }
            let own = compile(list.own)
            if !own.isEmpty {
                found.append(Int32(runs.count))
                runs.append(own)
            }
        }
        self.conditions = conditionsByName.map { $0?.renumbered(slots: slotOfName, counters: counterOf) }
        self.observed = observedByName.map { $0.renumbered(slots: slotOfName, counters: counterOf) }
        var choiceRuns: [Int32] = []
        var choiceRunOffsets: [Int32] = [0]
        var isFallback = [Bool](repeating: false, count: passages.count)
        var onceBit: [Int] = []
        var onceCount = 0
        for p in passages.indices {
            let choices = passages[p].choices
            for c in choices.indices {
                addRuns(of: choices[c].effectList, into: &choiceRuns)
                choiceRunOffsets.append(Int32(choiceRuns.count))
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
        self.choiceRuns = choiceRuns
        self.choiceRunOffsets = choiceRunOffsets
        // A passage's runs are its own, then those of each passage it shows (no effect
        // copied: a passage that shows many others refers to their runs).
        var own: [Int32] = []
        var ownOffsets: [Int32] = [0]
        for p in passages.indices {
            addRuns(of: passages[p].effectList, into: &own)
            ownOffsets.append(Int32(own.count))
        }
        var passageRuns: [Int32] = []
        var passageRunOffsets: [Int32] = [0]
        for p in passages.indices {
            passageRuns += own[Int(ownOffsets[p])..<Int(ownOffsets[p + 1])]
            for s in graph.shownPassages[graph.shownOffsets[p]..<graph.shownOffsets[p + 1]] {
                passageRuns += own[Int(ownOffsets[s])..<Int(ownOffsets[s + 1])]
            }
            passageRunOffsets.append(Int32(passageRuns.count))
        }
        self.runs = runs
        self.runEffects = runs.flatMap { $0 }
        var runStarts: [Int32] = [0]
        for run in runs { runStarts.append(runStarts[runStarts.count - 1] + Int32(run.count)) }
        self.runStarts = runStarts
        self.passageRuns = passageRuns
        self.passageRunOffsets = passageRunOffsets
        var initial = [StateValue?](repeating: .unset, count: variables.count)
        var declared = [Bool](repeating: false, count: nameCount)
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
        // What `counterCap` needs of the whole story, gathered once (not once a variable: a
        // story of thousands of variables would make that quadratic): each name's first
        // declaration (its initial value), whether every effect on it counts up, whether
        // another's value reads it.
        var firstDeclaration = [Int](repeating: -1, count: nameCount)
        for (k, v) in story.variables.enumerated() {
            let name = Int(declaredIDs[k])
            if firstDeclaration[name] < 0 { firstDeclaration[name] = k }
            guard !declared[name] else { continue }
            declared[name] = true
            guard !v.isComputed, slotOfName[name] >= 0, let value = v.initial else { continue }
            initial[Int(slotOfName[name])] = compile(resolved(value)).evaluateConstant()
        }
        self.initial = initial
        let reads = CounterReads(conditionExpressions.compactMap { $0 } + observing)
        var readByOther = [Bool](repeating: false, count: nameCount)
        var countsUp = [Bool](repeating: true, count: nameCount)
        for (k, target) in effectTarget.enumerated() {
            if !effectCountsUp[k] { countsUp[Int(target)] = false }
            for r in effectReads[Int(effectReadOffsets[k])..<Int(effectReadOffsets[k + 1])] where r != target {
                readByOther[Int(r)] = true
            }
        }
        self.computed = Self.computedOrder(variables.filter { computedExpression[$0] != nil }, computedExpression).map {
            name, e in
            (Int(slotOfName[Int(names[name]!)]), e.map(compile) ?? compile(.unknown(name)))
        }
        self.saturation = slotIDs.map { name in
            guard countsUp[Int(name)] else { return nil }
            let first = firstDeclaration[Int(name)]
            return Self.counterCap(
                nameList[Int(name)], effects: [], initial: first < 0 ? nil : story.variables[first].initial,
                reads: reads, readByOtherValue: readByOther[Int(name)])
        }
        self.variables = variables
        self.abstracted = abstracted
        self.countedPassages = counted
        self.visitCap = largest + 1
        self.choiceBase = choiceBase
        self.counterOf = counterOf
        self.isFallback = isFallback
    }

    /// The runs of choice `flat`'s effects (`choiceRuns`).
    @inline(__always)
    func runs(ofChoice flat: Int) -> ArraySlice<Int32> {
        choiceRuns[Int(choiceRunOffsets[flat])..<Int(choiceRunOffsets[flat + 1])]
    }

    /// The runs of passage `p`'s effects and those of the passages it shows (`passageRuns`).
    @inline(__always)
    func runs(ofPassage p: Int) -> ArraySlice<Int32> {
        passageRuns[Int(passageRunOffsets[p])..<Int(passageRunOffsets[p + 1])]
    }

    /// Each choice's compiled effects, in one list (for a reader that copies them).
    var choiceEffects: [[CompiledEffect]] {
        (0..<choiceRunOffsets.count - 1).map { c in runs(ofChoice: c).flatMap { runs[Int($0)] } }
    }

    /// Each passage's compiled effects and those of the passages it shows, in one list.
    var passageEffects: [[CompiledEffect]] {
        (0..<passageRunOffsets.count - 1).map { p in runs(ofPassage: p).flatMap { runs[Int($0)] } }
    }

    /// Whether `effect` keeps its variable a counter (`counterCap`): it sets a number or the
    /// variable plus a positive number, or adds a positive number.
    static func countsUp(_ effect: Effect) -> Bool {
        switch effect.operation {
        case .set: return countsUp(effect.variable, effect.value)
        case .add: return (CounterReads.number(effect.value) ?? 0) > 0
        default: return false
        }
    }

    /// Whether the value `value` given to `name` keeps it a counter: a number, or `name`
    /// plus a positive number.
    static func countsUp(_ name: String, _ value: Expression) -> Bool {
        if CounterReads.number(value) != nil { return true }
        if case .binary(.add, .variable(let v), let c) = value, v == name, let k = CounterReads.number(c), k > 0 {
            return true
        }
        if case .binary(.add, let c, .variable(let v)) = value, v == name, let k = CounterReads.number(c), k > 0 {
            return true
        }
        return false
    }

    /// Calls `body` with each variable `e` reads, left to right, repeats included (the
    /// order of `Expression.variables`); `stack` is scratch space.
    ///
    /// - Complexity: O(size of `e`), iterative.
    static func forEachVariable(_ e: Expression, _ stack: inout [Expression], _ body: (String) -> Void) {
        switch e {
        case .variable(let name):
            body(name)
            return
        case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: return
        case .unary, .binary, .call: break
        }
        stack.removeAll(keepingCapacity: true)
        stack.append(e)
        while let e = stack.popLast() {
            switch e {
            case .variable(let name): body(name)
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(b)
                stack.append(a)
            case .call(_, let arguments): stack.append(contentsOf: arguments.reversed())
            case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: break
            }
        }
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
        for value in effects where !countsUp(name, value) { return nil }
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
            if !passage.effectList.isEmpty { return true }
            for choice in passage.choices {
                if !choice.effectList.isEmpty { return true }
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
