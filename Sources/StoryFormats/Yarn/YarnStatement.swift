import StoryGraph

/// One statement of a Yarn node's body. Nested bodies (an option's, a branch's) are other
/// blocks of the same `YarnBody`, referred to by index, so the tree is flat values.
enum YarnStatement: Sendable, Hashable {
    /// A line the reader sees (`Mae: Hello, {$name}.`), with its `<<if>>` and `#hashtags`.
    case line(text: String, condition: Condition?, location: SourceLocation)
    /// A command Yarn does not define (`<<fade_out 2>>`), kept and shown as written.
    case command(name: String, text: String, location: SourceLocation)
    case set(Effect)
    case declare(Variable)
    case jump(target: String, location: SourceLocation)
    /// `<<jump {$next}>>`: a target computed when the dialogue runs.
    case dynamicJump(expression: String, location: SourceLocation)
    case detour(target: String, location: SourceLocation)
    case `return`(location: SourceLocation)
    case stop(location: SourceLocation)
    /// `<<if>>`/`<<elseif>>`/`<<else>>` (and `<<once>>` blocks): branches in order, the
    /// `else` with no condition.
    case branches([Branch])
    /// A group of shortcut options (`->`), one of which the reader picks.
    case options([Option])
    /// A group of line-group items (`=>`), one of which the dialogue picks.
    case lineGroup([Option])
    /// A v1 option `[[Text|Node]]` or `[[Node]]`, offered when the node's lines are done.
    case linkOption(text: String, target: String, condition: Condition?, location: SourceLocation)

    struct Branch: Sendable, Hashable {
        /// Nil for `<<else>>`.
        var condition: Condition?
        var body: Int
        var location: SourceLocation
    }

    struct Option: Sendable, Hashable {
        var text: String
        var condition: Condition?
        var isOnceOnly: Bool
        var tags: [String]
        var body: Int
        var location: SourceLocation
    }
}

/// A node's body as blocks of statements; block `root` is the body itself.
struct YarnBody: Sendable, Hashable {
    var blocks: [[YarnStatement]] = [[]]
    var root: Int { 0 }
}
