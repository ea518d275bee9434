import Foundation
import StoryGraph

/// The one reading of a position as editors write it, for the formats that keep one
/// (Twine's `position` and `size`, the Yarn editor's, storygraph JSON's): `"600,400"`,
/// spaces allowed. The text stays in the passage's metadata as written; this is the
/// typed `Passage.Position` beside it.
enum EditorPosition {
    /// The position of a passage whose metadata holds `position` (and maybe `size`): nil
    /// unless the position is two finite numbers; a size that is not is left out.
    static func of(_ metadata: [String: String]) -> Passage.Position? {
        // Most passages have no metadata: no key hashed for them.
        guard !metadata.isEmpty, let text = metadata["position"], let (x, y) = pair(text) else { return nil }
        let size = metadata["size"].flatMap(pair).map { Passage.Position.Size(width: $0.0, height: $0.1) }
        return Passage.Position(x: x, y: y, size: size)
    }

    /// `"600,400"` (spaces allowed) as two finite numbers.
    static func pair(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let b = Double(parts[1].trimmingCharacters(in: .whitespaces)),
            a.isFinite, b.isFinite
        else { return nil }
        return (a, b)
    }
}
