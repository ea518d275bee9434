/// The one rule, for every format, that tells a restart (a choice that sends the reader
/// back to the start once the story is over) from a link back to a hub mid-way.
///
/// A link to the start (an ordinary click or jump) is a restart only from a passage that
/// ends the story; the start's *name* never decides (a label or a last line that only
/// repeats it, as `[[Start]]` shows, says nothing). Each mode adds to the one below it:
/// - `off`: the loader flagged it (`Choice.isRestart`: a Destini "The"/"End" pair, an
///   AdventurePiece "Retry", an explicit restart macro or field);
/// - `strict`: it leaves a passage the format declares an end (`Passage.ending`);
/// - `text` (the default): the passage ends the story by its text or by its shape:
///   - its label, with case, punctuation and spacing ignored, is "Play again", "Start
///     again", "Start over", "Try again", "Retry" or "Restart";
///   - the passage is *final* (its every other way on is the start or itself) and its
///     label or its last line of text (lines that only repeat a label left aside: "THE
///     END" above a "Wake up" link back) says the story is over ("The End", "End", "Game
///     over", "Fin") or goes back to the beginning ("Begin", "Back to the start"), or its
///     label begins with one of these phrases or a restart label as whole words ("Try
///     again, but faster");
///   A self-loop never stops a passage from ending, nor decides by itself: a passage
///   whose links back are restarts and whose only other link is to itself (a self-loop
///   beside "(Start Over)") is an ending, self-loop and all; a side room with "Wait" to
///   itself and "Back" to the start is a hub return.
/// A link to the start from a passage with another way on, or from a final passage whose
/// text does not say the story is over ("Close the book", a carousel's "Hand it over"), is
/// a hub the story returns to: an ordinary choice. A text-less start whose one way on is a
/// jump hands the start on (`startChain`).
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
    /// caller sends them to the start. A passage that ends the story by its shape (a
    /// self-loop beside its restarts) is declared an ending. Returns the number of
    /// choices it marked.
    ///
    /// - Complexity: O(P + C + T) for P passages, C choices and the passages' texts T
    ///   (only the last lines of a final passage's text are read).
    @discardableResult
    package func apply(to passages: inout [Passage], start: String) -> Int {
        guard self != .off else { return 0 }
        let starts = StartNames(Self.startChain(passages, start: start))
        let startNames = Set(starts.list.map(Self.normalised))
        var marked = 0
        for p in passages.indices where !starts.contains(passages[p].id) {
            let choices = passages[p].choices
            var toStart: [Int] = []
            var elsewhere = false
            var selfLoop = false
            for c in choices.indices where !choices[c].isRestart && choices[c].kind != .include {
                let kind = choices[c].kind
                let ordinary = kind == .choice || kind == .auto
                if ordinary && starts.contains(choices[c].target) {
                    toStart.append(c)
                } else if ordinary && choices[c].target == passages[p].id {
                    selfLoop = true
                } else {
                    elsewhere = true
                }
            }
            guard !toStart.isEmpty else { continue }
            let declared = passages[p].ending != nil
            var labels = Set(choices.map { Self.normalised($0.text) })
            labels.formUnion(startNames)
            // The text as written and as the reader sees it (markup gone, lines joined).
            let said = [passages[p].text, passages[p].readerText].compactMap { $0 }.contains {
                Self.endLabels.contains(Self.lastLine(of: $0, leavingAside: labels))
            }
            let final = !elsewhere && self == .text && said
            var all = true
            for c in toStart {
                var restart = declared
                if self == .text && !restart {
                    var label = Self.normalised(choices[c].text)
                    if startNames.contains(label) { label = "" }
                    restart =
                        Self.restartLabels.contains(label) || final
                        || (!elsewhere && (Self.endLabels.contains(label) || Self.beginsWithAPhrase(label)))
                }
                if restart {
                    passages[p].choices[c].isRestart = true
                    marked += 1
                } else {
                    all = false
                }
            }
            // A passage whose links back all restart ends the story, self-loop and all.
            if self == .text && !elsewhere && all && selfLoop && passages[p].ending == nil {
                passages[p].ending = Passage.Ending()
            }
        }
        return marked
    }

    /// The start and the passages it leads to before the reader sees anything: a start
    /// with no text whose one way on is a jump (ink's root diverting to its first knot, a
    /// ChoiceScript game's opening `*label`) hands the start on, and a link to any of
    /// them goes back to the start. In chain order, each name once.
    ///
    /// - Complexity: O(P) string comparisons per passage of the chain while it is short
    ///   (most chains are the start alone: no id is hashed), then O(P) to index the
    ///   passages once and O(1) per further passage.
    static func startChain(_ passages: [Passage], start: String) -> [String] {
        var index: [String: Int]?
        // The first passage with an id, as the index would give it.
        func first(_ id: String) -> Int? {
            if let index { return index[id] }
            for p in passages.indices where passages[p].id == id { return p }
            return nil
        }
        var chain = [start]
        var inChain: Set<String> = [start]
        var id = start
        while let p = first(id) {
            let passage = passages[p]
            let ways = passage.choices.filter { $0.kind != .include }
            guard (passage.readerText ?? passage.text).allSatisfy(\.isWhitespace), ways.count == 1,
                ways[0].kind == .auto, ways[0].condition == nil, !ways[0].isRestart,
                inChain.insert(ways[0].target).inserted
            else { break }
            id = ways[0].target
            chain.append(id)
            if index == nil && chain.count > 4 {
                var built: [String: Int] = [:]
                built.reserveCapacity(passages.count)
                for q in passages.indices where built[passages[q].id] == nil { built[passages[q].id] = q }
                index = built
            }
        }
        return chain
    }

    /// The start chain's names, told apart by comparison while they are few (a lookup per
    /// passage and per choice: a one-name set would hash every id) and by hash beyond.
    struct StartNames {
        let list: [String]
        private let set: Set<String>?

        init(_ list: [String]) {
            self.list = list
            set = list.count > 8 ? Set(list) : nil
        }

        func contains(_ id: String) -> Bool {
            if let set { return set.contains(id) }
            for name in list where name == id { return true }
            return false
        }
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

    /// The last sentence of the passage's last line with letters in it, normalised,
    /// leaving aside lines, sentences and a line's last words that only repeat one of
    /// `labels` (a link's label as the reader sees it): "THE END" for "A long dream. THE
    /// END" above "[[Wake up->Start]]" shown as "Wake up".
    static func lastLine(of text: String, leavingAside labels: Set<String> = []) -> String {
        for line in text.split(whereSeparator: \.isNewline).reversed() {
            let words = normalised(String(line))
            if words.isEmpty || labels.contains(words) { continue }
            let sentences = line.split(whereSeparator: { ".!?".contains($0) }).map { normalised(String($0)) }
                .filter { !$0.isEmpty && !labels.contains($0) }
            guard var last = sentences.last else { continue }
            if !endLabels.contains(last), let label = labels.first(where: { !$0.isEmpty && last.hasSuffix(" " + $0) }) {
                last = String(last.dropLast(label.count + 1))
            }
            return last
        }
        return ""
    }
}
