import Foundation
import StoryGraph
import StoryFormats

/// `storygraph generate SHAPE ARGS [--seed S] [-o FILE]`: a synthetic story as
/// storygraph JSON, byte-identical for the same shape, size and seed.
struct GenerateCommand: Command {
    static let configuration = CommandConfiguration(
        name: "generate",
        abstract: "Write a synthetic story of a known shape as storygraph JSON.",
        discussion: """
            Shapes: gamebook N (1-3 choices a section, mostly forward, ~8% back-links, \
            ~10% endings); lattice W L (L layers of W rooms, 2 choices to the next layer); \
            tree D (binary, 2^D endings); chain N (one line); diamonds N (p_i -> a_i, b_i -> \
            p_i+1, 2^N paths). The same shape, size and seed give the same bytes. \
            Without -o, the JSON goes to stdout.
            """,
        arguments: [
            ArgumentSpec("SHAPE", help: "gamebook, lattice, tree, chain or diamonds."),
            ArgumentSpec("ARGS", help: "The shape's numbers: N, W L, or D.", repeating: true),
        ],
        options: [
            OptionSpec("seed", value: "S", help: "Seed of the random choices (gamebook, lattice).", default: "1"),
            OptionSpec("output", short: "o", value: "FILE", help: "Write the story here instead of stdout."),
        ])

    let shape: StoryGenerator.Shape
    let seed: UInt64
    let output: String?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let name = arguments.positional[0]
        var numbers: [Int] = []
        for text in arguments.positional.dropFirst() {
            guard let number = Int(text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")) else {
                throw .usage("invalid number '\(text)' for shape '\(name)'", command: "generate")
            }
            numbers.append(number)
        }
        switch StoryGenerator.Shape.parse(name, numbers) {
        case .success(let parsed): shape = parsed
        case .failure(let error): throw .usage(error.description, command: "generate")
        }
        guard let seedText = arguments.value("seed"), let parsedSeed = UInt64(seedText) else {
            throw .usage("invalid value '\(arguments.value("seed") ?? "")' for '--seed'; expected a whole number from 0 to \(UInt64.max)", command: "generate")
        }
        seed = parsedSeed
        output = arguments.value("output")
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let story = StoryGenerator.story(shape, seed: seed)
        let json = StoryJSONWriter.json(story)
        guard let output else {
            terminal.write(json)
            return .success
        }
        do {
            try Data(json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw .failure("cannot write \(output): \((error as NSError).localizedDescription)")
        }
        if !terminal.quiet {
            terminal.printError("wrote \(output) (\(story.passages.count) passages)")
        }
        return .success
    }
}
