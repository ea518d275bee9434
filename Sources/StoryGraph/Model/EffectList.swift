/// The effects of a passage or a choice, in order: a run that other passages or choices
/// share (`shared`, one object: what runs around every passage, such as SugarCube's
/// `PassageHeader` and `PassageFooter`, and the variables the story's JavaScript may
/// change), then the passage's or choice's own (`own`).
///
/// A loader that gives thousands of passages the same effects gives them one object, not
/// a copy each, and the analyses that walk effects (the state search's set-up, validation,
/// lint) walk each shared run once, by its identity. As a value it is the list `all`:
/// equality, hashing and coding see only the effects in order, never how they are shared.
package struct EffectList: Sendable, Hashable, Codable {
    /// Effects several passages or choices share, run before `own`; nil when none.
    package var shared: SharedEffects?
    /// The effects of this passage or choice alone.
    package var own: [Effect]

    package init(_ own: [Effect] = [], shared: SharedEffects? = nil) {
        self.own = own
        self.shared = shared.flatMap { $0.effects.isEmpty ? nil : $0 }
    }

    /// Every effect, in order (the shared run's, then the own ones).
    package var all: [Effect] {
        guard let shared else { return own }
        return own.isEmpty ? shared.effects : shared.effects + own
    }

    package var isEmpty: Bool { own.isEmpty && (shared?.effects.isEmpty ?? true) }
    package var count: Int { own.count + (shared?.effects.count ?? 0) }

    /// Takes every effect out, leaving the list empty: a caller that changes the list in
    /// place then holds the only reference to its storage (no copy on write).
    mutating func takeAll() -> [Effect] {
        var taken: [Effect] = []
        if let shared {
            taken = own.isEmpty ? shared.effects : shared.effects + own
            own = []
        } else {
            swap(&taken, &own)
        }
        shared = nil
        return taken
    }

    package static func == (lhs: EffectList, rhs: EffectList) -> Bool {
        if lhs.shared === rhs.shared { return lhs.own == rhs.own }
        guard lhs.count == rhs.count else { return false }
        return lhs.all == rhs.all
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if let shared { for effect in shared.effects { hasher.combine(effect) } }
        for effect in own { hasher.combine(effect) }
    }

    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Effect].self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(all)
    }
}

/// A run of effects shared by many passages or choices (`EffectList.shared`): one object,
/// so that an analysis can tell it has already seen it (`ObjectIdentifier`).
package final class SharedEffects: Sendable {
    package let effects: [Effect]

    package init(_ effects: [Effect]) { self.effects = effects }
}

extension EffectList {
    /// Puts `run` before every effect of the list, shared (not copied).
    package mutating func prepend(_ run: SharedEffects) {
        guard !run.effects.isEmpty else { return }
        if let shared { own = shared.effects + own }
        shared = run
    }
}

extension EffectList {
    /// Calls `body` with each effect of the list, in order, except those of a shared run
    /// already in `seen` (which it then holds): a walk over many lists that only gathers
    /// (names, first uses) sees each shared run once, at its first list.
    ///
    /// - Complexity: O(own effects, and the shared run's the first time).
    package func forEachDistinct(seen: inout Set<ObjectIdentifier>, _ body: (Effect) -> Void) {
        if let shared, seen.insert(ObjectIdentifier(shared)).inserted { shared.effects.forEach(body) }
        own.forEach(body)
    }
}
