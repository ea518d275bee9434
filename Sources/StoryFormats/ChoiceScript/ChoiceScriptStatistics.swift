import StoryGraph

/// ChoiceScript's own figures for a game, counted over its scene files as written:
/// scenes, labels, `*choice`/`*fake_choice` blocks, `#option` lines, `*goto`s (and
/// `*goto_scene`s), `*gosub`s (and `*gosub_scene`s), `*finish`es, `*ending`s, lines and
/// words of text (text lines and option texts; not the lines of `*scene_list`,
/// `*stat_chart` or `*achievement`).
enum ChoiceScriptStatistics {
    static func count(_ scenes: [ChoiceScriptSceneText]) -> [SourceStatistic] {
        var labels = 0
        var choices = 0
        var options = 0
        var gotos = 0
        var gosubs = 0
        var finishes = 0
        var endings = 0
        var lines = 0
        var words = 0
        let modifiers: Set<String> = [
            "if", "selectable_if", "disable_reuse", "hide_reuse", "allow_reuse", "random_weight",
        ]
        for scene in scenes {
            lines += scene.lines.count
            var i = 0
            while i < scene.lines.count {
                let line = scene.lines[i]
                i += 1
                switch line.command {
                case nil:
                    if line.content.first == "#" { options += 1 }
                    words +=
                        line.content.first == "#"
                        ? line.content.dropFirst().split(separator: " ").count : line.wordCount
                case "label"?: labels += 1
                case "choice"?, "fake_choice"?: choices += 1
                case "goto"?, "gotoref"?, "goto_scene"?: gotos += 1
                case "gosub"?, "gosub_scene"?: gosubs += 1
                case "finish"?: finishes += 1
                case "ending"?: endings += 1
                case "scene_list"?, "stat_chart"?, "achievement"?:
                    // Their indented lines are the command's, not text.
                    i = scene.blockEnd[i - 1]
                case let command? where modifiers.contains(command) && line.data.contains("#"):
                    options += 1
                    if let hash = line.data.firstIndex(of: "#") {
                        words += line.data[line.data.index(after: hash)...].split(separator: " ").count
                    }
                default: break
                }
            }
        }
        return [
            SourceStatistic("scenes", scenes.count), SourceStatistic("labels", labels),
            SourceStatistic("choices", choices),
            SourceStatistic("options", options), SourceStatistic("gotos", gotos), SourceStatistic("gosubs", gosubs),
            SourceStatistic("finishes", finishes), SourceStatistic("endings", endings), SourceStatistic("lines", lines),
            SourceStatistic("words", words),
        ]
    }
}
