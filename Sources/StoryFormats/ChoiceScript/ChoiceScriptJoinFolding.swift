import StoryGraph

/// Folds away the passages the compiler made that the reader never sees on their own: an
/// option body or branch that only sets variables and jumps (`#Run` → `*set fled true` →
/// `*goto bridge`), and a join point with nothing in it. Their jump becomes the incoming
/// choice's target, their effects the choice's effects and their jump's line the choice's
/// location, so `#Run` leads straight to `bridge`. Labels, scene starts and passages with
/// text stay.
enum ChoiceScriptJoinFolding {
    /// - Complexity: O(P + C) for P passages and C choices, plus the length of each
    ///   folded chain.
    static func fold(_ passages: [Passage], origins: [String: ChoiceScriptSceneCompiler.Origin]) -> [Passage] {
        var targetRefs: [String: Int] = [:]
        var returnRefs: [String: Int] = [:]
        for passage in passages {
            for choice in passage.choices where choice.kind != .dynamic && choice.kind != .return {
                targetRefs[choice.target, default: 0] += 1
                if let back = choice.returnTo { returnRefs[back, default: 0] += 1 }
            }
        }
        // One step of each foldable passage: where it goes, what it does on the way, and
        // where the jump is written.
        var step: [String: (target: String, effects: [Effect], location: SourceLocation?)] = [:]
        for passage in passages {
            guard let origin = origins[passage.id], origin == .body || origin == .join || origin == .returnPoint,
                passage.text.isEmpty, passage.ending == nil, passage.choices.count == 1
            else { continue }
            let only = passage.choices[0]
            guard only.kind == .auto, only.condition == nil, !only.isRestart, only.target != passage.id else {
                continue
            }
            let effects = passage.effects + only.effects
            if !effects.isEmpty, targetRefs[passage.id, default: 0] != 1 || returnRefs[passage.id, default: 0] != 0 {
                continue
            }
            step[passage.id] = (only.target, effects, only.location)
        }
        guard !step.isEmpty else { return passages }
        func resolve(_ id: String) -> (target: String, effects: [Effect], location: SourceLocation?) {
            var target = id
            var effects: [Effect] = []
            var location: SourceLocation?
            var seen: Set<String> = []
            while let next = step[target], seen.insert(target).inserted {
                effects += next.effects
                target = next.target
                location = next.location
            }
            return (target, effects, location)
        }
        var folded: Set<String> = []
        var result: [Passage] = []
        result.reserveCapacity(passages.count)
        for var passage in passages {
            for c in passage.choices.indices
            where passage.choices[c].kind != .dynamic && passage.choices[c].kind != .return {
                let original = passage.choices[c].target
                guard step[original] != nil else { continue }
                let (target, effects, location) = resolve(original)
                if target == original { continue }
                passage.choices[c].target = target
                passage.choices[c].effects += effects
                // The link is where its target is written (the `*goto`), as in every format.
                if let location { passage.choices[c].location = location }
                folded.insert(original)
                if let back = passage.choices[c].returnTo, step[back] != nil, step[back]!.effects.isEmpty {
                    passage.choices[c].returnTo = resolve(back).target
                }
            }
            for c in passage.choices.indices {
                if let back = passage.choices[c].returnTo, step[back] != nil, resolve(back).effects.isEmpty {
                    let target = resolve(back).target
                    if target != back {
                        passage.choices[c].returnTo = target
                        folded.insert(back)
                    }
                }
            }
            result.append(passage)
        }
        // A folded passage is dropped once nothing points at it any more.
        var stillUsed: Set<String> = []
        for passage in result {
            for choice in passage.choices {
                stillUsed.insert(choice.target)
                if let back = choice.returnTo { stillUsed.insert(back) }
            }
        }
        return result.filter { !folded.contains($0.id) || stillUsed.contains($0.id) }
    }
}
