/// How a random reader picks among a passage's choices.
public enum PlayPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each choice equally likely: the reader whose odds `EndingOdds` computes exactly.
    case uniform
    /// Prefer choices not taken yet, then uniform among all: it finds rare branches
    /// faster, as ChoiceScript randomtest's "avoid used options" does. "Not taken yet"
    /// means by this run and by the earlier runs of its block of
    /// `Fuzzer.freshBlockSize` runs, so a run still depends only on the seed and its own
    /// number, never on threads.
    case fresh
}
