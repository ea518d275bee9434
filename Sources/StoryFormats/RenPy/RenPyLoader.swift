import Foundation
import StoryGraph

/// Ren'Py visual novels: `.rpy` scripts. Given a game folder (its `game/` and every
/// subfolder) the files are one story, as Ren'Py loads them; given one `.rpy` file, that
/// file. See `RenPyCompiler` for how labels, menus and jumps become passages,
/// `RenPyPython` for the state, `RenPyStatistics` for lint's figures.
package enum RenPyLoader: StoryLoader {
    package static let formatName = "renpy"
    package static let formatDescription = "Ren'Py game: .rpy scripts, a game folder or one file"
    package static let fileExtensions = ["rpy"]
    package static let acceptsSeveralFiles = true
    package static let rules = RenPyRules.all
    package static let storyFindingRules = RenPyRules.storyFindings

    /// 30 for a `.rpy` file (the extension is Ren'Py's alone); otherwise 15 when a line
    /// at the left margin is a `label name:`.
    ///
    /// - Complexity: O(n) for a file of n characters.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<SourceText>? {
        if source.path.lowercased().hasSuffix(".rpy") { return Recognition(confidence: 30, parsed: .success(source)) }
        for line in source.text.split(separator: "\n") where line.hasPrefix("label ") {
            let rest = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
            if rest.hasSuffix(":"), let first = rest.unicodeScalars.first, RenPyReader.isNameStart(first) {
                return Recognition(confidence: 15, parsed: .success(source))
            }
        }
        return nil
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> SourceText { source }

    package static func load(_ files: [ParsedSource<SourceText>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        var skipped: [Diagnostic] = []
        let sources = try gameSources(files.map(\.parsed), findings: &skipped)
        context.sink.append(contentsOf: skipped)
        var scripts = sources.map { RenPyScript($0) }
        let registered = RenPyPython.registeredStatements(in: scripts)
        for k in scripts.indices { scripts[k].adopt(scriptBlocks: registered.scriptBlocks) }
        let game = RenPyGame(scripts: scripts)
        var compiler = RenPyCompiler(game: game)
        compiler.compile()
        for (f, script) in scripts.enumerated() {
            let errors = (script.errors + script.statementErrors(excluded: game.excluded[f], registered: registered.all))
                .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            for error in errors {
                context.sink.append(contentsOf: [
                    Diagnostic(
                        RenPyRules.syntax, error.message,
                        at: SourceLocation(file: script.source.path, line: error.line, column: error.column))
                ])
            }
        }
        context.sink.append(contentsOf: compiler.diagnostics)
        context.sink.append(contentsOf: compiler.unreadJumpsToMissingLabels())
        // Ren'Py's own labels (the splash screen, the main menu, after a load) run outside
        // the story's flow: kept aside, with the passages of their blocks.
        let isStandard = { (passage: Passage) in
            let owner = compiler.ownerOf[passage.id] ?? passage.id
            return RenPyGame.standardLabels.contains(owner) || owner.hasPrefix("_")
        }
        var passages = compiler.passages.filter { !isStandard($0) }
        var special = compiler.passages.filter(isStandard)
        // A standard label the story itself jumps to or calls (`jump quit`) is the story's.
        let targets = Set(passages.flatMap { $0.choices.map(\.target) })
        let called = Set(special.filter { targets.contains($0.id) }.map { compiler.ownerOf[$0.id] ?? $0.id })
        if !called.isEmpty {
            let back = { (passage: Passage) in called.contains(compiler.ownerOf[passage.id] ?? passage.id) }
            passages += special.filter(back)
            special.removeAll(where: back)
        }
        var start = "start"
        let labels = Set(game.labels.map(\.name))
        if !passages.contains(where: { $0.id == start }), let first = passages.first(where: { labels.contains($0.id) }) {
            start = first.id
            context.sink.append(contentsOf: [
                Diagnostic(
                    FormatRules.startFallback, "the game has no 'start' label; reading from '\(first.id)'",
                    at: first.location)
            ])
        }
        var variables = game.variables
        RenPyStandardLabels.applying(
            special, ownerOf: compiler.ownerOf, to: &passages, variables: &variables, start: start)
        var story = Story(
            title: game.title ?? "", start: start, passages: passages, format: formatName, specialPassages: special,
            variables: variables)
        story.sourceStatistics = RenPyStatistics.count(scripts)
        // Screens and Python functions run when Ren'Py calls them, and the loader does not
        // read what they read: any variable may be read there.
        story.readsOutsidePassages = !game.screens.isEmpty || !game.python.functions.isEmpty
        // Ren'Py's store holds its own names (`fade`, `dissolve`, `config`…) and Python's
        // builtins: a name the game reads but never declares is not proven never set.
        story.runtimeProvidesNames = true
        return story
    }
}
