/// How a story language computes with numbers: what the state search and play do with
/// `7 / 2`. The loader says which its language uses.
public enum Arithmetic: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every number is a decimal (JavaScript's Twine formats, Yarn Spinner, ChoiceScript):
    /// `7 / 2` is 3.5.
    case decimal
    /// Whole numbers stay whole, as ink's runtime keeps `int` apart from `float`: an
    /// operation on two integers gives an integer, so `7 / 2` is 3 (rounded toward zero)
    /// and `7 % 2` is 1; an operation with a decimal operand gives a decimal.
    case integer
}
