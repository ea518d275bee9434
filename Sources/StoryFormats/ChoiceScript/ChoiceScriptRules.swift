import StoryGraph

/// The ChoiceScript loader's rules: the checks quicktest makes that can be made without
/// running the game (errors, at quicktest's file and line) and its warnings. They are
/// findings of a game read in full, like a broken link: they never refuse the game
/// (`storyFindings`, which `StoryLoading.refusal` leaves out).
package enum ChoiceScriptRules {
    package static let fallOut = Rule(
        "choicescript-fall-out", .error,
        "An #option's body runs onto the next option without *goto or *finish (quicktest: 'It is illegal to fall out of a *choice statement'), at the next option's line."
    )
    package static let fallOutLast = Rule(
        "choicescript-fall-out-last", .warning,
        "The last #option's body runs past its *choice; the interpreter goes on after it, where a *goto or *finish was meant."
    )
    package static let fallInElse = Rule(
        "choicescript-fall-in-else", .error,
        "A true *if branch runs into its *elseif/*else without implicit_control_flow (quicktest: 'It is illegal to fall in to an *else statement')."
    )
    package static let missingScene = Rule(
        "choicescript-missing-scene", .error,
        "A listed or *goto_scene'd scene file does not exist, or differs only by capitalisation (quicktest: 'File does not exist')."
    )
    package static let missingFile = Rule(
        "choicescript-missing-file", .error,
        "An *image, *text_image or *sound file is not beside scenes/ (quicktest: 'File does not exist').")
    package static let noOptionBody = Rule(
        "choicescript-no-option-body", .error,
        "The last #option of a *choice has no body (quicktest: 'Expected choice body').")
    package static let expectedOption = Rule(
        "choicescript-expected-option", .error,
        "A line among a *choice's options that is not an #option (quicktest: 'Expected option starting with #').")
    package static let unknownVariable = Rule(
        "choicescript-no-variable", .error,
        "A variable no *create, *temp or *params declares is read or set (quicktest: 'Non-existent variable').")
    package static let indentation = Rule(
        "choicescript-indentation", .error,
        "A line indented deeper than its block allows, or tabs and spaces mixed in one scene (quicktest's indentation errors)."
    )
    package static let syntax = Rule(
        "choicescript-syntax", .error,
        "A ChoiceScript line that cannot be read (a *selectable_if without its parenthesised condition).")
    package static let unknownCommand = Rule(
        "choicescript-unknown-command", .error,
        "A *command ChoiceScript does not have, such as a typo of one (quicktest: 'Non-existent command'); the game stops there."
    )
    package static let finishNoNext = Rule(
        "choicescript-finish-no-next", .warning,
        "*finish in the last scene ends the game (quicktest: 'there is no next scene; *finish will end game. Use *ending instead.')."
    )
    package static let unreferencedScene = Rule(
        "choicescript-unused-scene", .warning,
        "A scene file that no *scene_list lists and no *goto_scene reaches (quicktest: 'UNTESTED').")
    package static let noSelectableOption = Rule(
        "choicescript-all-conditional", .warning,
        "Every #option of a *choice has a condition: a reader may find none selectable.")

    package static let invalidUTF8 = Rule(
        "choicescript-invalid-utf8", .error,
        "A scene file that is not valid UTF-8 (a Windows-1252 apostrophe): the interpreter shows replacement characters for its bad bytes, and storygraph reads the scene the same way rather than refusing the game."
    )
    package static let all: [Rule] = [
        invalidUTF8, fallOut, fallOutLast, fallInElse, missingScene, missingFile, noOptionBody, expectedOption, unknownVariable,
        indentation, syntax, unknownCommand, finishNoNext, unreferencedScene, noSelectableOption,
    ]

    /// Every rule here describes a game that was read in full: none refuses it.
    package static let storyFindings: Set<String> = Set(all.map(\.id))
}
