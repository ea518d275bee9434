import StoryGraph

/// The state Ren'Py's own labels change outside the story's flow. `splashscreen`,
/// `before_main_menu` and `main_menu` run before the story starts: what they write has no
/// known first value (it is made unknown as the start passage begins). `after_load` and
/// `after_warp` run whenever a save is loaded (or the game warped), at any point of the
/// story: what they write is unknown everywhere, a variable whose value is computed each
/// time it is read (`Variable.isComputed`) from nothing storygraph knows.
enum RenPyStandardLabels {
    static let beforeStart: Set<String> = ["splashscreen", "before_main_menu", "main_menu"]
    static let anyTime: Set<String> = ["after_load", "after_warp"]

    /// `passages` and `variables` with what the standard labels (`special`, owned per
    /// `ownerOf`) write made unknown.
    static func applying(
        _ special: [Passage], ownerOf: [String: String], to passages: inout [Passage], variables: inout [Variable],
        start: String
    ) {
        var early: [Effect] = []
        var always: [String: String] = [:]
        var order: [String] = []
        for passage in special {
            let owner = ownerOf[passage.id] ?? passage.id
            let isEarly = beforeStart.contains(owner)
            guard isEarly || anyTime.contains(owner) else { continue }
            for effect in passage.effects + passage.choices.flatMap(\.effects) {
                if isEarly {
                    early.append(
                        Effect(
                            variable: effect.variable, value: RenPyExpressionParser.opaque(effect.text),
                            text: "\(owner): \(effect.text)", location: effect.location))
                } else if always[effect.variable] == nil {
                    always[effect.variable] = owner
                    order.append(effect.variable)
                }
            }
        }
        if !early.isEmpty, let s = passages.firstIndex(where: { $0.id == start }) {
            passages[s].effects = early + passages[s].effects
        }
        for name in order {
            let unknown = Expression.unknown("\(always[name]!) writes \(name)")
            if let k = variables.firstIndex(where: { $0.name == name }) {
                variables[k].initial = unknown
                variables[k].isComputed = true
                variables[k].isConstant = false
            } else {
                variables.append(Variable(name: name, initial: unknown, isComputed: true))
            }
        }
    }
}
