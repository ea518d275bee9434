import StoryGraph

/// One option a reader can pick in a `*choice`: a leaf of its option tree, nested options
/// (`*choice colour animal`) flattened into one option with its text path.
struct ChoiceScriptOption: Sendable {
    /// The option texts from the outermost group to this one (`["Red", "Dog"]`).
    var texts: [String]
    /// Every condition on the way: `*if` blocks around it, inline `*if (…)` and
    /// `*selectable_if (…)`.
    var condition: Condition?
    /// `*disable_reuse` or `*hide_reuse` (for the option or the whole scene).
    var isOnceOnly: Bool
    /// Index of the `#option` line.
    var line: Int
    /// Index of the first line of the body, nil when it has none.
    var bodyStart: Int?
    /// Index of the first non-blank line after the body (where falling out lands).
    var bodyEnd: Int
}
