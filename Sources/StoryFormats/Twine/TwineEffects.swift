import StoryGraph

/// Where a Twine passage's own assignments take effect, and the story's initial values.
///
/// A passage's `<<set>>`s run as it is shown, in text order, while its `<<if>>`s are
/// tested; the analysis applies a passage's effects on entering it and then tests its
/// choices. So an assignment written before the passage's first link is a passage effect;
/// one written after it is an effect of every link of the passage (it ran before the
/// reader could click), and a link written after such an assignment has its condition
/// read with the assigned values put in (`<<if not $seen>>[[Secret]]<</if>><<set $seen
/// to true>>` offers Secret on the first visit).
enum TwineEffects {
    /// A value put into a later condition is kept while it is this small (nodes); a
    /// bigger one (a chain of `+= 1`) is unknown, so a hostile passage cannot grow them.
    static let maximumSubstitution = 64
    /// At most this many (link, later assignment) pairs are made per passage; past it (a
    /// thousand links after a thousand `<<set>>`s) the later assignments are passage
    /// effects with unknown values, so the copies stay linear.
    static let maximumCopies = 100_000

    /// The passage's choices and effects, its scanned assignments placed.
    ///
    /// - Complexity: O(C × A) for C choices and A assignments of the passage.
    static func place(_ found: TwineLinkScanner.Result) -> (choices: [Choice], effects: [Effect]) {
        var choices = found.choices
        let offsets = found.choiceOffsets
        let steps = choices.indices.filter { choices[$0].isStep }
        let firstStep = steps.map { offsets[$0] }.min() ?? Int.max
        let early = found.effects.filter { $0.offset < firstStep }.map(\.effect)
        let late = found.effects.filter { $0.offset >= firstStep }
        guard !late.isEmpty else { return (choices, early) }
        guard steps.count * late.count <= maximumCopies else {
            return (choices, early + late.map { TwineScan.unknowing($0.effect) })
        }
        for c in steps {
            // What the assignments before this link made of each variable.
            var values: [String: Expression] = [:]
            for scanned in late where scanned.offset < offsets[c] {
                values[scanned.effect.variable] = value(after: scanned.effect, given: values)
            }
            choices[c].effects = late.map(\.effect) + choices[c].effects
            if !values.isEmpty, let condition = choices[c].condition {
                choices[c].condition = substituting(condition, values)
            }
        }
        return (choices, early)
    }

    /// The variable's value after `effect`, over the values before the passage.
    static func value(after effect: Effect, given values: [String: Expression]) -> Expression {
        let given = effect.value.substituting(values)
        let before = values[effect.variable] ?? .variable(effect.variable)
        let result: Expression =
            switch effect.operation {
            case .set: given
            case .add: .binary(.add, before, given)
            case .subtract: .binary(.subtract, before, given)
            case .multiply: .binary(.multiply, before, given)
            case .divide: .binary(.divide, before, given)
            case .fairAdd: .binary(.fairAdd, before, given)
            case .fairSubtract: .binary(.fairSubtract, before, given)
            }
        return size(result) <= maximumSubstitution ? result : .unknown(effect.text)
    }

    /// The condition with each parsed test reading `values`.
    static func substituting(_ condition: Condition, _ values: [String: Expression]) -> Condition {
        switch condition {
        case .test(let text, let e): return .test(text, e?.substituting(values))
        case .not(let inner): return .not(substituting(inner, values))
        case .all(let parts): return .all(parts.map { substituting($0, values) })
        }
    }

    /// The number of nodes of `e`, counted without recursion.
    static func size(_ e: Expression) -> Int {
        var count = 0
        var stack = [e]
        while let e = stack.popLast() {
            count += 1
            switch e {
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(a)
                stack.append(b)
            case .call(_, let arguments): stack.append(contentsOf: arguments)
            default: break
            }
        }
        return count
    }

    /// Gives every passage the assignments of what runs before it (`header`: SugarCube's
    /// `PassageReady` and `PassageHeader`, Harlowe's `header` passages) and after it
    /// (`footer`: `PassageDone`, `PassageFooter`, `footer`; as the first effects of each
    /// of its links, since it runs before the reader clicks), each passage's `unknown`
    /// effects (`unknownOf`: which of `unknown`, from `TwineStoryBuilder.havoc`) first. A passage shown inside another
    /// (`<<include>>`, `(display:)`) is not visited, so it gets none of them: the analysis
    /// applies its effects as the including passage's.
    ///
    /// What is put around is shared, not copied (`EffectList.shared`): one run for the
    /// footer, and one for each distinct list of unknown effects followed by the header.
    /// Degrees of Lewdity's 12,000 passages held millions of copies of the same effects.
    ///
    /// - Complexity: O(P × U + H + F + C) for P passages, U unknown effects, C choices.
    static func surround(
        _ passages: inout [Passage], header: [Effect], footer: [Effect],
        unknown: [Effect] = [], unknownOf: (Int) -> [Int] = { _ in [] }
    ) {
        let included = Set(passages.flatMap { $0.choices.filter { $0.kind == .include }.map(\.target) })
        let after = footer.isEmpty ? nil : SharedEffects(footer)
        // The runs before passages by their unknown effects (those are few and the same
        // for most passages).
        var before: [[Int]: SharedEffects] = [:]
        for k in passages.indices where !included.contains(passages[k].id) {
            let own = unknownOf(k)
            if !own.isEmpty || !header.isEmpty {
                let run: SharedEffects
                if let known = before[own] {
                    run = known
                } else {
                    run = SharedEffects(own.map { unknown[$0] } + header)
                    before[own] = run
                }
                passages[k].effectList.prepend(run)
            }
            guard let after else { continue }
            for c in passages[k].choices.indices where passages[k].choices[c].isStep {
                passages[k].choices[c].effectList.prepend(after)
            }
        }
    }

    /// The story's variables from the assignments of its initialisation passages
    /// (SugarCube's `StoryInit`, Harlowe's `startup`-tagged ones), in order: each
    /// variable's initial value is its value after them all (a value that reads another
    /// variable reads that one's value so far; an unknown one stays unknown).
    ///
    /// - Complexity: O(A) for A assignments.
    static func variables(from effects: [Effect]) -> [Variable] {
        var order: [String] = []
        var values: [String: Expression] = [:]
        var locations: [String: SourceLocation] = [:]
        for effect in effects {
            if values[effect.variable] == nil && locations[effect.variable] == nil { order.append(effect.variable) }
            values[effect.variable] = value(after: effect, given: values)
            locations[effect.variable] = locations[effect.variable] ?? effect.location
        }
        return order.map { name in
            Variable(
                name: name,
                initial: values[name].map { $0.variables.isEmpty ? $0 : .unknown("\(name) from StoryInit") },
                location: locations[name])
        }
    }
}
