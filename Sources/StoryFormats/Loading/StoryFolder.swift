import Foundation
import StoryGraph

/// Which stories a folder holds. A folder is one story only when its files form one: the
/// files of a format that spreads a story over several files (a Twee project) with at
/// most one of them declaring the story (`:: StoryTitle` / `:: StoryData`). Every other
/// story file is a story of its own, and two files that each declare a Twee story are two
/// stories: never merged silently. Files inside the folder that no loader recognises as a
/// story (a `package.json`, a script) are left out and listed in `skipped`.
///
/// - Complexity: each file is read and sniffed once.
public struct StoryFolder: Sendable {
    /// The stories, each as the files that make it, in path order.
    public var stories: [[String]]
    /// Files in the folder that hold no story storygraph recognises.
    public var skipped: [String]

    public init(_ folder: String) throws(StoryLoadError) {
        let files = try StoryLoading.expand([folder])
        var groups: [[String]] = []
        var several: [(path: String, declares: Bool)] = []
        var skipped: [String] = []
        for file in files {
            guard let source = try? SourceText(contentsOf: file), !source.isBlank,
                  let loader = (try? StoryLoading.pick(for: source, format: nil))?.loader,
                  loader != GamebookLoader.self || GamebookLoader.isGamebook(source),
                  // Any JSON object is storygraph JSON at the lowest confidence: a
                  // package.json beside a story is not one.
                  loader != StoryJSONLoader.self || StoryJSONLoader.confidence(for: source) >= 10
            else { skipped.append(file); continue }
            if loader.acceptsSeveralFiles {
                several.append((file, Self.declaresStory(source)))
            } else {
                groups.append([file])
            }
        }
        if several.count(where: \.declares) > 1 {
            groups += several.map { [$0.path] }
        } else if !several.isEmpty {
            groups.append(several.map(\.path))
        }
        stories = groups.sorted { $0[0] < $1[0] }
        self.skipped = skipped
    }

    /// Whether a Twee file names its story (`:: StoryTitle` or `:: StoryData` at a line start).
    static func declaresStory(_ source: SourceText) -> Bool {
        source.text.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("::") else { return false }
            let name = trimmed.dropFirst(2).drop { $0 == " " }
            return name.hasPrefix("StoryTitle") || name.hasPrefix("StoryData")
        }
    }
}
