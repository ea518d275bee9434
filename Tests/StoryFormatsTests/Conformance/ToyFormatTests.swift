import Foundation
import StoryFormats
import StoryGraph
import Testing

/// A format defined here, outside `StoryFormats`: each line `A -> B` is a choice from
/// passage A to passage B (`A ->` alone declares A), passages in the order first named on
/// the left. It has a rule and an option of its own (`--arrow TOKEN`, the arrow). Added
/// to the registry by one line, it is picked, read, validated and listed like the formats
/// storygraph ships: a new format is a folder and a registration line.
enum ArrowLoader: StoryLoader {
    static let formatName = "arrows"
    static let formatDescription = "arrow lines: 'A -> B'"
    static let fileExtensions = ["arrows"]

    static let selfLoop = Rule("arrows-self-loop", .warning, "An arrow from a passage to itself.")
    static let rules = [selfLoop]

    enum ArrowKey: LoadOptionKey {
        static let defaultValue = "->"
    }

    static let options = [
        FormatOption("arrow", value: "TOKEN", help: "The arrow of arrow lines.") {
            values, options throws(StoryLoadError) in
            if let arrow = values.last { options[ArrowKey.self] = arrow }
        }
    ]

    /// Every non-blank line holds `->`: sure enough; anything else is not this format.
    static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<SourceText>? {
        let lines = source.text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard !lines.isEmpty, lines.allSatisfy({ $0.contains("->") }) else { return nil }
        return Recognition(confidence: 5, parsed: .success(source))
    }

    static func parse(_ source: SourceText, _ parses: SourceParses) -> SourceText { source }

    static func load(_ files: [ParsedSource<SourceText>], context: inout LoadContext) throws(StoryLoadError) -> Story {
        let source = files[0].parsed
        let arrow = context.options[ArrowKey.self]
        var passages: [Passage] = []
        var index: [String: Int] = [:]
        for (k, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let at = SourceLocation(file: source.path, line: k + 1)
            guard let range = line.range(of: arrow) else { continue }
            let from = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let to = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if index[from] == nil {
                index[from] = passages.count
                passages.append(Passage(id: from, text: from, location: at))
            }
            guard !to.isEmpty else { continue }
            passages[index[from]!].choices.append(Choice(text: to, target: to, location: at))
            // Reported as info: the registry gives the rule's own severity, a warning.
            if from == to {
                context.sink.append(contentsOf: [
                    Diagnostic(.info, "'\(from)' leads to itself", at: at, rule: selfLoop.id)
                ])
            }
        }
        return Story(title: "", start: passages.first?.id ?? "", passages: passages, format: formatName)
    }
}

@Suite("A format from outside")
struct ToyFormatTests {
    /// The formats storygraph ships, and the toy: one registration line.
    static let registry = StoryFormatRegistry.standard.adding(ArrowLoader.self)

    static let cave = "Mouth -> Hall\nHall -> Hall\nHall -> Lake\nHall -> Attic\nLake ->\n"

    @Test func itIsPickedByItsExtensionAndReadAndValidatedLikeEveryFormat() throws {
        let result = try StoryLoading.load(
            sources: [SourceText(path: "cave.arrows", text: Self.cave)], registry: Self.registry)
        #expect(result.story.format == "arrows")
        // The title from the file name, the start, the endings: as for every format.
        #expect(result.story.title == "cave")
        #expect(result.story.start == "Mouth")
        #expect(result.story.passages.map(\.id) == ["Mouth", "Hall", "Lake"])
        #expect(StoryGraph(result.story).isEnding == [false, false, true])
        // Its own rule at its own severity, and validation's broken link.
        #expect(
            result.diagnostics.map(\.description) == [
                "cave.arrows:2:1: warning: 'Hall' leads to itself [arrows-self-loop]",
                "cave.arrows:4:1: error: choice 'Attic' of passage 'Hall' leads to 'Attic', which does not exist [broken-link]",
            ])
        #expect(StoryLoading.refusal(of: result, registry: Self.registry)?.diagnostics == nil)
    }

    @Test func itIsPickedByItsNameAndTheStartGivenIsChecked() throws {
        let source = SourceText(path: "cave.txt", text: Self.cave)
        let result = try StoryLoading.load(sources: [source], format: "arrows", registry: Self.registry)
        #expect(result.story.format == "arrows")
        #expect(result.story.passages.map(\.id) == ["Mouth", "Hall", "Lake"])
        let chosen = try StoryLoading.load(
            sources: [source], format: "arrows", options: LoadOptions(start: "Lake"), registry: Self.registry)
        #expect(chosen.story.start == "Lake")
        #expect(throws: StoryLoadError.self) {
            try StoryLoading.load(
                sources: [source], format: "arrows", options: LoadOptions(start: "Nowhere"), registry: Self.registry)
        }
        // The shipped formats do not know it.
        do {
            _ = try StoryLoading.load(sources: [source], format: "arrows")
            Issue.record("the standard registry read the toy format")
        } catch {
            #expect(
                error.diagnostics.first?.message.hasPrefix("unknown input format 'arrows'; known formats: story-json, ")
                    == true)
        }
    }

    @Test func itsRuleAndItsOptionAreListedWithEveryOtherFormatsOnes() throws {
        #expect(Self.registry.formatNames.last == "arrows")
        #expect(Self.registry.loader(named: "arrows") == ArrowLoader.self)
        #expect(Self.registry.rules.rule("arrows-self-loop") == ArrowLoader.selfLoop)
        #expect(StoryFormatRegistry.standard.rules.rule("arrows-self-loop") == nil)
        #expect(Self.registry.rules.ids.count == StoryFormatRegistry.standard.rules.ids.count + 1)
        #expect(Self.registry.options.map(\.name) == StoryFormatRegistry.standard.options.map(\.name) + ["arrow"])
        // The option read as the command line reads it, then used by the loader.
        var options = LoadOptions()
        try #require(Self.registry.options.last).read(["=>"], &options)
        let result = try StoryLoading.load(
            sources: [SourceText(path: "door.arrows", text: "Door => Room\nRoom =>\n")], format: "arrows",
            options: options,
            registry: Self.registry)
        #expect(result.story.passages.map(\.id) == ["Door", "Room"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aFolderOfItsFilesHoldsAStoryPerFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrows-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cave = (folder as NSString).appendingPathComponent("cave.arrows")
        let door = (folder as NSString).appendingPathComponent("door.arrows")
        try Self.cave.write(toFile: cave, atomically: true, encoding: .utf8)
        try "Door -> Room\nRoom ->\n".write(toFile: door, atomically: true, encoding: .utf8)
        let stories = try StoryFolder(folder, registry: Self.registry)
        #expect(stories.stories == [[cave], [door]])
        // The shipped formats see no story in it.
        #expect(throws: StoryLoadError.self) { try StoryFolder(folder) }
        try FileManager.default.removeItem(atPath: cave)
        let result = try StoryLoading.load(paths: [folder], registry: Self.registry)
        #expect(result.story.passages.map(\.id) == ["Door", "Room"])
        #expect(result.story.title == "door")
    }
}
