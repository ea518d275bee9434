import Foundation
import StoryGraph

extension StoryLoading {
    /// The file or folder `path` was likely meant to name: a near name (`Suggestion`) in
    /// the folder `path` names, written with that folder as `path` writes it
    /// (`stories/heist.twe` → `stories/heist.twee`). Hidden entries are left out.
    /// - Complexity: O(n) bounded comparisons for the n entries of the folder.
    package static func nearFile(to path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let folder = StoryPath.folder(of: path)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        guard let near = Suggestion.closest(to: name, among: entries.filter { !$0.hasPrefix(".") }) else { return nil }
        return folder.isEmpty ? near : (folder as NSString).appendingPathComponent(near)
    }
}
