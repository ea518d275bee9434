import StoryGraph

/// The state Ren'Py's own labels change outside the story's flow. `splashscreen`,
/// `before_main_menu` and `main_menu` run before the story starts: what they write has no
/// known first value (it is made unknown as the start passage begins). `after_load` and
/// `after_warp` run whenever a save is loaded (or the game warped), at any point of the
/// story: what they write is unknown everywhere (made unknown as each passage begins and
/// ends).
enum RenPyStandardLabels {
    static let beforeStart: Set<String> = ["splashscreen", "before_main_menu", "main_menu"]
    static let anyTime: Set<String> = ["after_load", "after_warp"]

    /// `passages` with the havoc of what the standard labels (`special`, owned per
    /// `ownerOf`) write.
    static func applying(
        _ special: [Passage], ownerOf: [String: String], to passages: [Passage], start: String
    ) -> [Passage] {
        var early: [Effect] = []
        var always: [Effect] = []
        for passage in special {
            let owner = ownerOf[passage.id] ?? passage.id
            let isEarly = beforeStart.contains(owner)
            guard isEarly || anyTime.contains(owner) else { continue }
            let effects = passage.effects + passage.choices.flatMap(\.effects)
            for effect in effects {
                let havoc = Effect(
                    variable: effect.variable, value: RenPyExpressionParser.opaque(effect.text),
                    text: "\(owner): \(effect.text)", location: effect.location)
                if isEarly { early.append(havoc) } else { always.append(havoc) }
            }
        }
        guard !early.isEmpty || !always.isEmpty else { return passages }
        return passages.map { passage in
            var passage = passage
            if passage.id == start { passage.effects = early + passage.effects }
            if !always.isEmpty { passage.effects = always + passage.effects + always }
            return passage
        }
    }
}
