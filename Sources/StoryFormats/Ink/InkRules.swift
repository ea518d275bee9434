import StoryGraph

/// The ink loaders' rules: ink's own compile errors and warnings that storygraph can see,
/// and what reading a project notices. Listed in `StoryLoading.rules`.
package enum InkRules {
    package static let looseEnd = Rule(
        "ink-loose-end", .warning,
        "ink's 'apparent loose end': the flow of a knot or stitch runs out with no -> DONE, choice or divert.")
    package static let emptyChoice = Rule(
        "ink-empty-choice", .warning, "A choice with no text and no divert, read as a fallback choice as ink does.")
    package static let syntax = Rule(
        "ink-syntax", .error,
        "ink that inklecate rejects: a knot, stitch or VAR without a name, a stitch outside a knot, a '{' or a "
            + "choice's '[' never closed, a declaration without '=', '~ x =' with no value, '->' with no target "
            + "outside a choice."
    )
    package static let strayBrace = Rule(
        "ink-stray-brace", .warning, "A '}' with no '{' open; ink ignores it, and so does storygraph.")
    package static let include = Rule(
        "ink-include", .error,
        "An INCLUDE names no file, or a file found neither beside the including file nor beside the root.")
    package static let includeCycle = Rule(
        "ink-include-cycle", .error, "A file INCLUDEs itself, directly or through others; both places are named.")
    package static let includeTwice = Rule(
        "ink-include-twice", .warning, "A file is INCLUDEd a second time; it is read once.")
    package static let notIncluded = Rule(
        "ink-not-included", .warning,
        "A file of the folder given is not included by the root; it is left out of the story.")
    package static let todo = Rule(
        "ink-todo", .info, "A TODO: line, ink's note to the writer (not text the reader sees).")
    package static let nameClash = Rule(
        "ink-name-clash", .error,
        "A knot or stitch has the name of a VAR, CONST or LIST declared in the story (ink's 'name has already been used')."
    )
    package static let computedDivert = Rule(
        "ink-computed-divert", .info,
        "A divert, tunnel or thread to a variable whose values storygraph cannot all name (a function's result, a "
            + "parameter of a function or of a knot entered from the game, a variable the runtime sets): a dynamic "
            + "link, not followed; no passage is claimed unreachable or trapped for want of it."
    )
    package static let compiled = Rule(
        "ink-json", .error, "Compiled ink (.ink.json) without the root container the runtime needs.")

    package static let all: [Rule] = [
        looseEnd, emptyChoice, syntax, strayBrace, include, includeCycle, includeTwice, notIncluded,
        todo, nameClash, computedDivert, compiled,
    ]
}
