/// The one rule, for every format, that tells a restart (a choice that sends the reader
/// back to the start once the story is over) from a link back to a hub mid-way.
///
/// A choice is a restart when it is an ordinary click or jump that leads to the start
/// and one of these holds (each mode adds to the one below it):
/// - `off`: the loader flagged it (`Choice.isRestart`: a Destini "The"/"End" pair, an
///   AdventurePiece "Retry", an explicit restart macro or field);
/// - `strict`: it leaves a passage the format declares an end (`Passage.ending`);
/// - `text` (the default): its label, with case, punctuation and spacing ignored, is
///   "Play again", "Start again", "Start over", "Try again", "Retry" or "Restart"; or it
///   leaves a *final* passage, one whose every way on leads to the start, and its label
///   or the passage's last line of text says the story is over ("The End", "End",
///   "Game over", "Fin") or names the start ("Start", "Begin", "Back to the start",
///   "Return to the start"), or its label begins with one of these phrases or a restart
///   label as whole words ("Try again, but faster", "Restart from the beginning").
/// A link to the start from a passage with another way on, under any other label, is a
/// hub the story returns to: an ordinary choice.
public enum RestartRule: String, Sendable, Hashable, Codable, CaseIterable {
    case text
    case strict
    case off

    /// Labels that restart from any passage (normalised, see `normalised(_:)`).
    package static let restartLabels: Set<String> = [
        "play again", "start again", "start over", "try again", "retry", "restart",
    ]
    /// Labels or last lines that make a passage whose only way on is the start final.
    package static let endLabels: Set<String> = [
        "the end", "end", "game over", "fin", "start", "begin", "back to the start", "back to start",
        "return to the start", "return to start",
    ]

    /// Marks the choices of `passages` that this rule calls restarts (`isRestart`); the
    /// caller sends them to the start. Returns the number of choices it marked.
    ///
    /// - Complexity: O(P + C + T) for P passages, C choices and the passages' texts T
    ///   (only the last line of a final passage's text is read).
    @discardableResult
    package func apply(to passages: inout [Passage], start: String) -> Int {
        guard self != .off else { return 0 }
        var marked = 0
        for p in passages.indices {
            let choices = passages[p].choices
            var toStart: [Int] = []
            var elsewhere = false
            for c in choices.indices where !choices[c].isRestart && choices[c].kind != .include {
                let kind = choices[c].kind
                if (kind == .choice || kind == .auto) && choices[c].target == start {
                    toStart.append(c)
                } else {
                    elsewhere = true
                }
            }
            guard !toStart.isEmpty else { continue }
            let declared = passages[p].ending != nil
            let final = !elsewhere && self == .text && Self.endLabels.contains(Self.lastLine(of: passages[p].text))
            for c in toStart {
                var restart = declared
                if self == .text && !restart {
                    let label = Self.normalised(choices[c].text)
                    restart =
                        Self.restartLabels.contains(label) || final
                        || (!elsewhere && (Self.endLabels.contains(label) || Self.beginsWithAPhrase(label)))
                }
                if restart {
                    passages[p].choices[c].isRestart = true
                    marked += 1
                }
            }
        }
        return marked
    }

    /// Whether a normalised label begins with a restart label or an end label followed by
    /// more words ("try again but faster"): read only on a final passage.
    static func beginsWithAPhrase(_ label: String) -> Bool {
        restartLabels.union(endLabels).contains { label.hasPrefix($0 + " ") }
    }

    /// Lower case, letters and digits only, words separated by one space: "Play
    /// again!" and "PLAY  AGAIN" are both "play again".
    package static func normalised(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(character)
            } else if character.isWhitespace || character.isPunctuation || character.isSymbol {
                pendingSpace = true
            }
        }
        return result
    }

    /// The passage's last line with letters in it, normalised.
    static func lastLine(of text: String) -> String {
        for line in text.split(whereSeparator: \.isNewline).reversed() {
            let words = normalised(String(line))
            if !words.isEmpty { return words }
        }
        return ""
    }
}
