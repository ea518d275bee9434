import StoryGraph

/// Several files of a project read as one text, for a story whose parts live in different
/// files (an app's `Story(…)` values in one file and their texts in another; pages built in
/// one file and linked in another): the files one after another, each from a new line, and
/// the way back from a place in the whole to the file and line it was written at.
///
/// - Complexity: O(n) in the size of the files to build; O(log f) per place found back,
///   for f files.
package struct CombinedSource: Sendable {
    /// The whole text, under the first file's path.
    package let source: SourceText
    /// Each file's path and the line of the whole it starts at, in order.
    let starts: [(path: String, line: Int)]

    package init(_ files: [SourceText]) {
        var text = ""
        var offsets: [Int] = []
        var scalars = 0
        for (k, file) in files.enumerated() {
            if k > 0 {
                // A line break of its own (after a file that ends in `\r` the two make one
                // break: the starts below are read off the whole, so they stay exact).
                text += "\n"
                scalars += 1
            }
            offsets.append(scalars)
            let count = file.scalars.count
            text += file.text(0..<count)
            scalars += count
        }
        let whole = SourceText(path: files.first?.path ?? "", text: text)
        source = whole
        starts = zip(files, offsets).map { ($0.path, whole.location(at: $1).line) }
    }

    /// The place in its own file of a place in the whole.
    package func relocated(_ location: SourceLocation) -> SourceLocation {
        guard starts.count > 1, location.file == source.path else { return location }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle].line <= location.line { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(
            file: starts[low].path, line: location.line - starts[low].line + 1, column: location.column)
    }

    package func relocated(_ location: SourceLocation?) -> SourceLocation? { location.map(relocated) }

    package func relocated(_ diagnostic: Diagnostic) -> Diagnostic {
        var d = diagnostic
        d.location = relocated(d.location)
        for n in d.notes.indices { d.notes[n].location = relocated(d.notes[n].location) }
        if let fix = d.fix { d.fix?.location = relocated(fix.location) }
        return d
    }

    package func relocated(_ error: StoryLoadError) -> StoryLoadError {
        StoryLoadError(error.diagnostics.map(relocated))
    }

    /// The result with every place in it (passages, choices, effects, variables, findings)
    /// in its own file.
    package func relocated(_ result: LoadResult) -> LoadResult {
        guard starts.count > 1 else { return result }
        var result = result
        // A run of effects shared by many passages is moved once and stays shared.
        var moved: [ObjectIdentifier: SharedEffects] = [:]
        func move(_ passage: inout Passage) {
            passage.location = relocated(passage.location)
            for c in passage.choices.indices { passage.choices[c].location = relocated(passage.choices[c].location) }
            if let shared = passage.effectList.shared {
                let key = ObjectIdentifier(shared)
                if moved[key] == nil {
                    moved[key] = SharedEffects(
                        shared.effects.map { effect in
                            var effect = effect
                            effect.location = relocated(effect.location)
                            return effect
                        })
                }
                passage.effectList.shared = moved[key]
            }
            for e in passage.effectList.own.indices {
                passage.effectList.own[e].location = relocated(passage.effectList.own[e].location)
            }
        }
        for p in result.story.passages.indices { move(&result.story.passages[p]) }
        for p in result.story.specialPassages.indices { move(&result.story.specialPassages[p]) }
        for v in result.story.variables.indices {
            result.story.variables[v].location = relocated(result.story.variables[v].location)
        }
        result.diagnostics = result.diagnostics.map(relocated)
        return result
    }
}
