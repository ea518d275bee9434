import StoryGraph

/// Ren'Py lint's own figures, counted as lint counts them (renpy/lint.py): dialogue
/// blocks (every say statement of the game's own language, not those of `translate`
/// blocks; a say item of a menu is one, a menu's bare caption is not; a triple-quoted
/// say is one block per paragraph), their words (whitespace-separated, of the text as
/// Ren'Py reads the string) and characters, menus, images (`image` statements) and
/// screens; and the labels.
enum RenPyStatistics {
    static func count(_ scripts: [RenPyScript]) -> [SourceStatistic] {
        var labels = 0
        var menus = 0
        var blocks = 0
        var words = 0
        var characters = 0
        var screens = 0
        var images = 0
        for script in scripts {
            // Lines inside blocks that hold no script (screens, Python, translations…).
            var outside = Array(repeating: false, count: script.lines.count)
            for (i, statement) in script.statements.enumerated() {
                let owner = script.parent[i]
                if owner >= 0, outside[owner] {
                    outside[i] = true
                    continue
                }
                let inMenu: Bool
                if owner >= 0, case .menu = script.statements[owner] { inMenu = true } else { inMenu = false }
                switch statement {
                case .label: labels += 1
                case .menu(let name):
                    menus += 1
                    if name != nil { labels += 1 }
                case .screen:
                    screens += 1
                    outside[i] = true
                case .translate(let language):
                    if language != "None" { outside[i] = true }
                case .pythonBlock, .opaque, .other, .showScreen, .hideScreen:
                    if case .opaque("image") = statement { images += 1 }
                    outside[i] = true
                case .say(let who, let what, let triple):
                    // In a menu, a line with a block is an item, a bare string a caption.
                    if inMenu && (who == nil || script.blockEnd[i] > i + 1) { break }
                    for paragraph in triple ? what.components(separatedBy: "\n\n") : [what] {
                        blocks += 1
                        words += Self.words(paragraph)
                        characters += paragraph.unicodeScalars.count
                    }
                default: break
                }
            }
        }
        return [
            SourceStatistic("labels", labels), SourceStatistic("menus", menus),
            SourceStatistic("dialogue_blocks", blocks), SourceStatistic("words", words),
            SourceStatistic("characters", characters), SourceStatistic("screens", screens),
            SourceStatistic("images", images),
        ]
    }

    /// The whitespace-separated words of a dialogue block, as Swift's `Character.isWhitespace`
    /// splits them; an ASCII text (most dialogue) is counted byte by byte, without
    /// breaking it into characters.
    static func words(_ text: String) -> Int {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: { $0.isWhitespace }).count
        }
        var words = 0
        var inWord = false
        for byte in text.utf8 {
            let space = byte == 0x20 || (byte >= 9 && byte <= 13)
            if !space && !inWord { words += 1 }
            inWord = !space
        }
        return words
    }
}
