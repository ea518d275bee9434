import StoryGraph

/// The Ren'Py loader's rules. Ren'Py's own flow errors are the shared ones, at Ren'Py's
/// file and line: a `jump`/`call` to a label that does not exist is `broken-link` (lint:
/// "The jump is to nonexistent label"), a label defined twice is `duplicate-id` (Ren'Py:
/// "The label … is defined twice"). These describe a game read in full: none refuses it.
package enum RenPyRules {
    package static let syntax = Rule(
        "renpy-syntax", .error,
        "A line Ren'Py's parser stops at: a tab character outside a string ('Tab characters are not allowed in Ren'Py scripts.'), a string or bracket left open at the end of the file, an indentation mismatch, blocks nested too deep."
    )
    package static let missingLabel = Rule(
        "renpy-missing-label", .error,
        "A `jump` or `call` that no flow reaches (dead code after a `return`, a statement outside any label) names a label that does not exist (lint: 'The jump is to nonexistent label'); reached ones are `broken-link`."
    )
    package static let screen = Rule(
        "renpy-screen", .info,
        "A `call screen` whose screen has no button storygraph reads (or does not exist): the flow goes on after the statement; or one with actions storygraph does not read (`Function()`, an action computed by an expression), counted by kind: each is a dynamic link."
    )

    package static let all: [Rule] = [syntax, missingLabel, screen]

    package static let storyFindings: Set<String> = Set(all.map(\.id))
}
