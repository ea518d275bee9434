import StoryGraph

/// The commands ChoiceScript runs: its interpreter's table of valid commands (`scene.js`).
/// Any other `*word` stops the game with "Non-existent command", and quicktest reports it.
/// (`*selectable_if` and `*random_weight` are not among them: they only modify an #option,
/// and `ChoiceScriptChoiceBlock` reads them there.)
enum ChoiceScriptCommands {
    static let known: Set<String> = [
        "comment", "goto", "gotoref", "label", "looplimit", "finish", "abort", "choice", "create", "create_array",
        "temp", "temp_array", "delete", "delete_array", "set", "setref", "print", "if", "rand", "page_break",
        "line_break", "script", "else", "elseif", "elsif", "reset", "goto_scene", "fake_choice", "input_text",
        "ending", "share_this_game", "stat_chart", "subscribe", "show_password", "gosub", "return", "hide_reuse",
        "disable_reuse", "allow_reuse", "check_purchase", "restore_purchases", "purchase", "restore_game",
        "advertisement", "kindle_search", "kindle_product", "feedback", "save_game", "delay_break", "image",
        "kindle_image", "link", "input_number", "goto_random_scene", "restart", "more_games", "delay_ending",
        "end_trial", "login", "achieve", "scene_list", "title", "bug", "link_button", "check_registration", "sound",
        "author", "gosub_scene", "achievement", "check_achievements", "redirect_scene", "print_discount",
        "purchase_discount", "track_event", "timer", "youtube", "product", "text_image", "ai", "params", "config",
        "ifid", "page_break_advertisement", "finish_advertisement", "save_checkpoint", "restore_checkpoint",
    ]

    private static let names = Suggestion.Names(known)

    /// quicktest's error for a `*command` ChoiceScript does not have, at line index `i`,
    /// with the known command it was most likely meant to be; nil for a known command.
    static func unknown(_ command: String, at i: Int, in scene: ChoiceScriptSceneText) -> Diagnostic? {
        guard !known.contains(command) else { return nil }
        let suggestion = Suggestion.phrase(names.closest(to: command), prefix: "*")
        return scene.error(
            "Non-existent command '*\(command)'\(suggestion)", at: i, rule: ChoiceScriptRules.unknownCommand)
    }
}
