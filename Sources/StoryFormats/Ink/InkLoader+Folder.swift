import Foundation
import StoryGraph

extension InkLoader {
    /// An ink file is a story of its own, and the files it INCLUDEs are part of it.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        FolderRole(includes: includes(of: source))
    }

    /// The files an ink file INCLUDEs, as standardized paths (relative to its folder).
    static func includes(of source: SourceText) -> [String] {
        let folder = StoryPath.folder(of: source.path)
        return source.text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("INCLUDE ") else { return nil }
            let name = trimmed.dropFirst("INCLUDE ".count).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            return ((folder as NSString).appendingPathComponent(name) as NSString).standardizingPath
        }
    }
}
