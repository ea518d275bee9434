import StoryGraph

/// Conditions and assignments as data: the tests of `<<if>>` and `(if:)` parsed, and
/// `<<set>>`, `<<unset>>`, setter links, `(set:)`, `(put:)` and `(move:)` as effects
/// where they run: a passage's own (placed by `TwineEffects`), or the choice of the
/// clickable they are written in.
extension TwineScan {
    /// A SugarCube test: its text (cut for display) and its expression where it reads.
    mutating func sugarCubeTest(_ text: String) -> Condition {
        parsedTest(text, SugarCubeExpression.parse(text, passage: passage))
    }

    /// A Harlowe test: its text and its expression where it reads.
    mutating func harloweTest(_ text: String) -> Condition {
        parsedTest(text, HarloweExpression.parse(text, passage: passage))
    }

    mutating func parsedTest(_ text: String, _ expression: Expression?) -> Condition {
        if expression == nil || expression?.isTooDeep == true {
            result.unparsedExpressions += 1
        } else {
            result.parsedExpressions += 1
        }
        return .test(String(text.prefix(TwineScan.maximumConditionLength)), expression)
    }

    /// `<<set $a to 1, $b += 2>>`: effects where the macro runs. One that does not read
    /// gives the variable it starts with an unknown value (and is counted).
    mutating func sugarCubeSet(_ argumentText: String, at start: Int) {
        let location = locate(start)
        if let parsed = SugarCubeExpression.assignments(argumentText, passage: passage) {
            result.parsedExpressions += 1
            assign(
                parsed.map {
                    Effect(
                        variable: $0.variable, operation: $0.operation, value: $0.value, text: $0.text,
                        location: location)
                }, at: start)
        } else {
            result.unparsedExpressions += 1
            assign(TwineScan.unreadAssignment(argumentText, location: location), at: start)
        }
    }

    /// `<<unset $a, $b>>`: the analysis has no value for "undefined", so each becomes
    /// unknown.
    mutating func sugarCubeUnset(_ argumentText: String, at start: Int) {
        let location = locate(start)
        guard let names = SugarCubeExpression.unsetNames(argumentText) else {
            result.unparsedExpressions += 1
            return
        }
        result.parsedExpressions += 1
        assign(
            names.map {
                Effect(variable: $0, value: .unknown("<<unset $\($0)>>"), text: "unset $\($0)", location: location)
            }, at: start)
    }

    /// The effects of a setter link's `][…]` part (they run when the link is followed).
    mutating func sugarCubeSetter(_ setter: String?, at start: Int) -> [Effect] {
        guard let setter, !setter.trimmingTwineSpace().isEmpty else { return [] }
        let location = locate(start)
        guard let parsed = SugarCubeExpression.assignments(setter, passage: passage) else {
            result.unparsedExpressions += 1
            return TwineScan.unreadAssignment(setter, location: location)
        }
        result.parsedExpressions += 1
        return parsed.map {
            Effect(variable: $0.variable, operation: $0.operation, value: $0.value, text: $0.text, location: location)
        }
    }

    /// `(set: $a to 1, $b to it + 1)`, `(put: 1 into $a)`, `(move: $a into $b)`.
    mutating func harloweAssignment(_ macro: String, _ arguments: [String], at start: Int) {
        let location = locate(start)
        for argument in arguments {
            result.writtenAssignments.append(.init(text: argument, macro: macro, offset: start))
        }
        var effects: [Effect] = []
        for argument in arguments {
            switch HarloweExpression.assignment(argument, macro: macro, passage: passage) {
            case .some(.some(let (variable, value))):
                result.parsedExpressions += 1
                effects.append(Effect(variable: variable, value: value, text: argument, location: location))
            case .some(.none):
                result.parsedExpressions += 1
            case .none:
                result.unparsedExpressions += 1
                effects += TwineScan.unreadAssignment(argument, location: location, into: macro != "set")
            }
        }
        assign(effects, at: start)
    }

    /// A variable the reader sets (`<<textbox "$name">>`, `(input-box: bind $name)`):
    /// unknown from here on.
    mutating func readerInput(_ variable: String, at start: Int) {
        result.havocked.append(variable)
        guard variable.hasPrefix("$"), variable.count > 1,
            variable.dropFirst().unicodeScalars.allSatisfy(TwineExpressionLexer.isWordPart)
        else { return }
        let name = String(variable.dropFirst())
        assign(
            [
                Effect(
                    variable: name, value: .unknown("\(variable) (the reader's input)"),
                    text: "\(variable) from the reader", location: locate(start))
            ], at: start)
    }

    /// An assignment that does not read: the variable it names (the first `$name`, or
    /// the one after `into`) gets an unknown value, so the analysis never trusts a value
    /// the story may have changed.
    static func unreadAssignment(_ text: String, location: SourceLocation, into: Bool = false) -> [Effect] {
        let scalars = Array(text.unicodeScalars)
        var from = 0
        if into, let range = text.range(of: " into ") {
            from = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.upperBound)
        }
        guard let dollar = scalars[from...].firstIndex(of: "$") else { return [] }
        var end = dollar + 1
        while end < scalars.count, TwineExpressionLexer.isWordPart(scalars[end]) { end += 1 }
        guard end > dollar + 1 else { return [] }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[dollar + 1..<end])
        let written = String(text.prefix(TwineScan.maximumConditionLength))
        return [Effect(variable: String(name), value: .unknown(written), text: written, location: location)]
    }

    /// Effects made where the scan is: into the innermost clickable they are written in
    /// (its choices'), else the passage's. Under a condition or in a loop between here
    /// and there, each may or may not run: its value is unknown.
    mutating func assign(_ effects: [Effect], at offset: Int) {
        guard !effects.isEmpty else { return }
        var conditional = false
        var k = blocks.count - 1
        while k >= 0 {
            if blocks[k].isClickable {
                blocks[k].effects += conditional ? effects.map(TwineScan.unknowing) : effects
                return
            }
            if blocks[k].ownCondition != nil || blocks[k].isLoop { conditional = true }
            k -= 1
        }
        for effect in effects {
            result.effects.append(
                TwineScannedEffect(effect: conditional ? TwineScan.unknowing(effect) : effect, offset: offset))
        }
    }

    /// The effect with its value unknown (it may or may not run).
    static func unknowing(_ effect: Effect) -> Effect {
        var copy = effect
        copy.operation = .set
        copy.value = .unknown(effect.text)
        return copy
    }

    /// Closes the open blocks from `k` up, innermost first. A clickable's effects go to
    /// the choices made inside it; one with no choice (a `<<link>>` that only sets) may
    /// or may not be clicked: its effects are the enclosing level's, unknown (as are those
    /// of a hostile one with more choices × effects than `TwineEffects.maximumCopies`).
    mutating func close(from k: Int) {
        while blocks.count > k {
            let block = blocks.removeLast()
            guard block.isClickable, !block.effects.isEmpty else { continue }
            let inside = (block.firstChoice..<result.choices.count).filter { result.choices[$0].isStep }
            guard !inside.isEmpty, inside.count * block.effects.count <= TwineEffects.maximumCopies else {
                assign(block.effects.map(TwineScan.unknowing), at: block.offset)
                continue
            }
            for c in inside { result.choices[c].effects += block.effects }
        }
    }
}
