/// How a random reader picks among a passage's choices.
public enum PlayPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each choice equally likely: the reader whose odds `EndingOdds` computes exactly.
    case uniform
    /// Prefer choices not taken yet, then uniform among all: it finds rare branches
    /// faster, as ChoiceScript randomtest's "avoid used options" does. At each passage
    /// the reader picks uniformly among the choices no run of its block of
    /// `Fuzzer.freshBlockSize` runs has taken yet (this run or an earlier one); when
    /// there are none, among those this run has not taken; when there are none, among
    /// all. The block, fixed by the run number, keeps every run a function of the seed
    /// and its number only, never of threads; memory within the run alone would make
    /// `fresh` the same as `uniform` on every story without loops.
    case fresh
    /// The reader of `ReaderState`: starts from the story's initial values, is offered
    /// only the choices whose condition holds in its state (or is unknown: offered, and
    /// counted), picks uniformly among them and applies the effects, as
    /// `StateAnalysis` does. A passage that is not an ending and offers nothing leaves
    /// the run stuck under state.
    case state
}
