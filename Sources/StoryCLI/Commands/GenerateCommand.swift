import Foundation
import StoryFormats
import StoryGraph

/// `storygraph generate SHAPE ARGS [--seed S] [-o FILE]`: a synthetic story as
/// storygraph JSON, byte-identical for the same shape, size and seed.
struct GenerateCommand: Command {
    static let configuration = CommandConfiguration(
        name: "generate",
        abstract: "Write a synthetic story of a known shape as storygraph JSON.",
        discussion: """
            Shapes: gamebook N (the start reaches every section, no traps, ~8% endings, \
            1-3 choices a section mostly forward, ~8% of later choices loop back); lattice W L (L layers of W rooms, 2 choices to the next layer); \
            tree D (binary, 2^D endings); chain N (one line); diamonds N (p_i -> a_i, b_i -> \
            p_i+1, 2^N paths); keys N (gamebook N with three keys, a purse of coins and \
            conditions on ~15% of the later choices, for the state search). The same shape, size and seed give the same bytes. \
            Without -o, the JSON goes to stdout. On stderr it says what it wrote, measured on \
            the story: passages, choices, endings, the share the start reaches, traps, loops \
            (--quiet to leave it out). A story larger than storygraph's own input limit \
            (64 MiB) is refused before anything is written.
            """,
        arguments: [
            ArgumentSpec("SHAPE", help: "gamebook, lattice, tree, chain or diamonds."),
            ArgumentSpec("ARGS", help: "The shape's numbers: N, W L, or D.", repeating: true),
        ],
        options: [seedOption.spec, outputOption.spec])

    static let seedOption = Option<UInt64>.seed(help: "Seed of the random choices (gamebook, lattice).")
    static let outputOption = Option.text(
        "output", short: "o", value: "FILE", help: "Write the story here instead of stdout. " + OutputFile.helpNote)

    let shape: StoryGenerator.Shape
    let seed: UInt64
    let output: String?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let name = arguments.positional[0]
        var numbers: [Int] = []
        for text in arguments.positional.dropFirst() {
            let digits = text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")
            guard let number = Int(digits) else {
                // A whole number too large for Int is out of every shape's range: say the range.
                if let limit = Self.tooLarge(digits, shape: name) {
                    throw .usage(limit, command: "generate")
                }
                throw .usage("invalid number '\(text)' for shape '\(name)'", command: "generate")
            }
            numbers.append(number)
        }
        switch StoryGenerator.Shape.parse(name, numbers) {
        case .success(let parsed): shape = parsed
        case .failure(let error): throw .usage(error.description, command: "generate")
        }
        seed = arguments[Self.seedOption]
        output = arguments.value(Self.outputOption)
        let bytes = shape.minimumJSONBytes
        if bytes > SourceText.maximumSize {
            throw .usage(Self.aboveInputLimit("at least \(bytes)"), command: "generate")
        }
    }

    /// The shape's range when `digits` is a whole number beyond `Int` (so beyond it too).
    static func tooLarge(_ digits: String, shape name: String) -> String? {
        let sign = digits.first == "-" || digits.first == "+" ? 1 : 0
        guard digits.count > sign, digits.dropFirst(sign).allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let numbers = StoryGenerator.Shape.names.first { $0.name == name }?.arguments.map { _ in Int.max }
        guard let numbers, case .failure(let error) = StoryGenerator.Shape.parse(name, numbers) else { return nil }
        return "'\(digits)' is out of range: \(error.description)"
    }

    static func aboveInputLimit(_ bytes: String) -> String {
        "this story would be \(bytes) bytes, above storygraph's input limit of \(SourceText.maximumSize) bytes (\(SourceText.maximumSize >> 20) MiB), so no command could read it; choose a smaller size"
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let story = StoryGenerator.story(shape, seed: seed)
        let json = StoryJSONWriter.json(story)
        // The estimate is a lower bound: the real size is checked before anything is written.
        if json.utf8.count > SourceText.maximumSize {
            throw .usage(Self.aboveInputLimit("\(json.utf8.count)"), command: "generate")
        }
        let figures = terminal.quiet ? nil : StoryFigures(StoryGraph(story))
        guard let output else {
            terminal.write(json)
            if let figures { terminal.printError("generated \(story.title): \(figures)") }
            return .success
        }
        try OutputFile.write(Data(json.utf8), to: output, terminal: terminal)
        if let figures {
            if OutputFile.standardDescriptor(output) == nil {
                terminal.printError("wrote \(output): \(figures)")
            } else {
                terminal.printError("generated \(story.title): \(figures)")
            }
        }
        return .success
    }
}
