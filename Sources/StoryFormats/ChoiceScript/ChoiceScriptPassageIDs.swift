import StoryGraph

/// How ChoiceScript places become passage ids: a scene's start is the scene's name
/// (`startup`), a label is `scene:label`, any other point where the reader reads or flow
/// joins is `scene@line` (its 1-based line).
enum ChoiceScriptPassageIDs {
    static func start(_ scene: String) -> String { scene }
    static func label(_ scene: String, _ label: String) -> String { "\(scene):\(label.lowercased())" }
    static func point(_ scene: String, line index: Int) -> String { "\(scene)@\(index + 1)" }
}
