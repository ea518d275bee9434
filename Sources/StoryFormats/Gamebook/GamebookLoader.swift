import Foundation
import StoryGraph

/// Gamebook and CYOA data in schemas of their own: JSON, YAML (read with libyaml) and
/// JavaScript/TypeScript modules that export the story as an object literal. The fields
/// are inferred (`GamebookSchemaInference`) unless `--schema FILE` names them
/// (`LoadOptions.gamebookSchema`); what was used is reported as one info finding,
/// `inferred: sections = …` [gamebook-schema].
///
/// Semantics: a section is a passage (its id the map key, its id field or its position);
/// its text is the text field (a list of strings is paragraphs); each option is a choice
/// (label and target as the schema says; a map of options is label → target; a bare
/// target is labelled with its target); a section without options is an ending. The
/// restart is a numeric target of 0 or below that names no section (`nextText: -1`). The
/// start is the top level's `start` (or `first`, `begin`, `start_node`, `firstPage`…) when it names a section, else a
/// section called start, intro, begin or beginning, else the first. A section or option
/// that cannot be read is an error at its line; the rest still loads.
///
/// - Complexity: O(n) in the size of the data, after the inference.
package enum GamebookLoader: StoryLoader {
    package static let formatName = "gamebook"
    package static let formatDescription =
        "gamebook data (JSON, YAML, or a JS/TS object literal): a map or list of sections whose options name other sections"
    package static let fileExtensions = ["yaml", "yml", "js", "mjs", "cjs", "jsx", "ts", "tsx", "json"]
    package static let rules = GamebookRules.all
    package static let options = [GamebookOptions.schema]

    /// The located tree of a file, by its extension, and what reading it noticed.
    package static func tree(_ source: SourceText) throws(StoryLoadError) -> (LocatedValue, [Diagnostic]) {
        switch (source.path as NSString).pathExtension.lowercased() {
        case "yaml", "yml": return (try YAMLReader.read(source), [])
        case "js", "mjs", "cjs", "jsx", "ts", "tsx": return try JSLiteralReader.read(source)
        default:
            let first = source.firstScalar(where: { !$0.properties.isWhitespace })
            if first == "{" || first == "[" { return (try LocatedValue.parse(json: source), []) }
            return (try YAMLReader.read(source), [])
        }
    }

    /// A file's tree and what reading it noticed: what recognition parses and loading reads.
    package struct Parsed: Sendable {
        package var root: LocatedValue
        package var findings: [Diagnostic]
    }

    /// YAML and JS/TS: 10 (no other loader reads them, so a file that is no gamebook gets
    /// this loader's own account of what it looked for). JSON, and a file of no story
    /// extension (standard input, `.md`): 12 when a schema is
    /// inferred that is not storygraph's own story JSON, so the two dedicated JSON loaders
    /// (story JSON 10 with "passages", CYOA 20) keep their files.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<Parsed>? {
        let ext = (source.path as NSString).pathExtension.lowercased()
        if ext != "json", StoryLoading.hasExtension(source.path, of: Self.self) {
            return Recognition(confidence: 10) { () throws(StoryLoadError) in try parse(source, parses) }
        }
        // JSON, or a file of no story extension (standard input, a README): a gamebook only
        // when its sections can be inferred.
        let first = source.firstScalar(within: 1 << 16, where: { !$0.properties.isWhitespace })
        let json = first == "{" || first == "["
        guard json || ext != "json" else { return nil }
        // storygraph's own JSON (a "passages" list of records with an "id") is never ours:
        // told from the JSON tape the story JSON loader reads anyway, before the located
        // tree is built (building it took a quarter of `report` on 100,000 passages).
        if json, let tape = try? JSONTape.shared(source, parses), tape.isStoryJSON { return nil }
        guard let parsed = try? parse(source, parses) else { return nil }
        let root = parsed.root
        let inferred: GamebookSchemaInference.Inferred
        do {
            inferred = try GamebookSchemaInference.infer(root)
        } catch {
            // Ambiguous data is a gamebook still: let the load say which readings tie.
            guard error.diagnostics.first?.message.hasPrefix("ambiguous") == true else { return nil }
            return Recognition(confidence: 12, parsed: .success(parsed))
        }
        let s = inferred.schema
        if s.sections == ["passages"] && s.id == "id" && s.options == "choices" { return nil }
        return Recognition(confidence: 12, parsed: .success(parsed))
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> Parsed {
        let (root, findings) = try tree(source)
        return Parsed(root: root, findings: findings)
    }

    /// Whether a schema can be inferred from the file (for folders, where a script or a
    /// configuration file beside the stories is not a story).
    package static func isGamebook(_ source: SourceText) -> Bool {
        guard let (root, _) = try? tree(source) else { return false }
        return (try? GamebookSchemaInference.infer(root)) != nil
    }

    package static func load(_ files: [ParsedSource<Parsed>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let options = context.options
        let parsed = files.count > 1 ? try joinedNodes(files) : files[0].parsed
        let root = parsed.root
        let readFindings = parsed.findings
        let schema: GamebookSchema
        var collection: LocatedValue
        let verb: String
        var edges: (from: String, to: String)?
        if let given = options.gamebookSchema {
            schema = given
            verb = "schema"
            var node = root
            for key in given.sections {
                guard let inner = node[key] else {
                    throw StoryLoadError(
                        GamebookRules.noStory,
                        "the schema's sections \"\(given.sections.joined(separator: "."))\" are not in this file: \(node.typeName) with no key '\(key)'",
                        at: node.location)
                }
                node = inner
            }
            collection = node
        } else {
            let inferred: GamebookSchemaInference.Inferred
            do {
                inferred = try GamebookSchemaInference.infer(root)
            } catch {
                // What the reader stopped at may be why no story was found: say it first.
                throw StoryLoadError(readFindings + error.diagnostics)
            }
            schema = inferred.schema
            collection = inferred.collection
            verb = "inferred"
            edges = inferred.edges
        }
        var diagnostics = readFindings
        let records: [(key: String?, record: LocatedValue)]
        if let entries = collection.entries {
            records = entries.map { ($0.key, $0.value) }
        } else if let elements = collection.elements {
            records = elements.map { (nil, $0) }
        } else {
            throw StoryLoadError(
                GamebookRules.noStory, "the sections must be a map or a list, found \(collection.typeName)",
                at: collection.location)
        }
        var firstOptions: LocatedValue?
        var passages: [Passage] = []
        for (index, (key, record)) in records.enumerated() {
            guard record.entries != nil else {
                diagnostics.append(
                    Diagnostic(
                        GamebookRules.shape, "a section must be a map of fields, found \(record.typeName)",
                        at: record.location))
                continue
            }
            let id: String
            if let field = schema.id {
                guard let value = record[field]?.scalarText else {
                    diagnostics.append(
                        Diagnostic(GamebookRules.shape, "this section has no '\(field)' naming it", at: record.location)
                    )
                    continue
                }
                id = value
            } else {
                id = key ?? String(index + schema.idBase)
            }
            var text = ""
            if let field = schema.text, let value = record[field] {
                if let prose = value.prose {
                    text = prose
                } else if !value.isNull {
                    diagnostics.append(
                        Diagnostic(
                            GamebookRules.shape, "'\(field)' of section '\(id)' is \(value.typeName), not text",
                            at: value.location))
                }
            }
            var choices: [Choice] = []
            if let value = record.value(at: schema.options), !value.isNull {
                if firstOptions == nil { firstOptions = value }
                choices = self.choices(value, schema: schema, section: id, &diagnostics)
            }
            passages.append(
                Passage(
                    id: id, text: text, ending: choices.isEmpty ? Passage.Ending() : nil, choices: choices,
                    location: key == nil ? record.location : collection.entries?[index].keyLocation))
        }
        guard !passages.isEmpty else {
            throw StoryLoadError(
                diagnostics.isEmpty
                    ? [Diagnostic(GamebookRules.noStory, "no sections in this file", at: collection.location)]
                    : diagnostics)
        }
        var line =
            "\(verb): "
            + schema.summary(collection: collection, optionShape: firstOptions.map(schema.optionShape) ?? "")
        if files.count > 1 {
            line = line.replacingOccurrences(
                of: "sections = top-level map, id = key",
                with: "one node per file (\(files.count) files), id = its \"id\" or the file's name")
        }
        if let edges {
            let place = schema.sections.isEmpty ? "top-level" : "\"\(schema.sections.joined(separator: "."))\""
            line =
                "inferred: an edge list (\(place) list): pages = the \"\(edges.from)\" and \"\(edges.to)\" values, each record a link"
                + (schema.label.map { " labelled \"\($0)\"" } ?? "")
        }
        diagnostics.insert(Diagnostic(GamebookRules.schema, line, at: collection.location), at: 0)
        passages += siblingEndings(root: root, schema: schema, passages: passages)
        let ids = Set(passages.map(\.id))
        var start = passages[0].id
        if let given = options.start {
            start = given
        } else if let declared = [
            "start", "first", "begin", "startSection", "start_section", "start_node", "startNode", "startPage",
            "firstPage",
        ].lazy.compactMap({ root[$0]?.scalarText }).first(where: ids.contains) {
            start = declared
        } else if let named = ["start", "intro", "begin", "beginning"].first(where: ids.contains) {
            start = named
        }
        // Numbered sections: a target of 0 or below that names no section is the common
        // "back to the beginning" (`nextText: -1`), a restart.
        for p in passages.indices {
            for c in passages[p].choices.indices {
                let target = passages[p].choices[c].target
                if !ids.contains(target), let number = Double(target), number <= 0 {
                    passages[p].choices[c].target = start
                    passages[p].choices[c].isRestart = true
                }
            }
        }
        let title = (collection.location != root.location ? root["title"]?.scalarText : nil) ?? ""
        context.sink.append(contentsOf: diagnostics)
        return Story(title: title, start: start, passages: passages, format: formatName)
    }

    /// Targets into a map beside the sections (an `endings:` map beside `nodes:`) are
    /// sections too: endings, with their text and their `type` or `kind` as the ending's kind.
    static func siblingEndings(root: LocatedValue, schema: GamebookSchema, passages: [Passage]) -> [Passage] {
        guard let last = schema.sections.last else { return [] }
        var parent = root
        for key in schema.sections.dropLast() { parent = parent[key] ?? parent }
        var missing = Set(passages.flatMap { $0.choices.map(\.target) }).subtracting(passages.map(\.id))
        var found: [Passage] = []
        for entry in parent.entries ?? [] where entry.key != last {
            for inner in entry.value.entries ?? [] where missing.contains(inner.key) && inner.value.entries != nil {
                missing.remove(inner.key)
                let text =
                    schema.text.flatMap { inner.value[$0]?.prose }
                    ?? inner.value.entries?.lazy.compactMap(\.value.prose).first ?? ""
                let kind = (inner.value["type"] ?? inner.value["kind"])?.scalarText
                found.append(
                    Passage(
                        id: inner.key, text: text, ending: Passage.Ending(kind: kind), choices: [],
                        location: inner.keyLocation, metadata: ["collection": entry.key]))
            }
        }
        return found
    }

    /// The choices of one section's options value.
    static func choices(
        _ value: LocatedValue, schema: GamebookSchema, section: String, _ diagnostics: inout [Diagnostic]
    ) -> [Choice] {
        if let target = value.scalarText {
            return [Choice(text: target, target: target, location: value.location)]
        }
        if let entries = value.entries {
            var choices: [Choice] = []
            if schema.target == GamebookSchema.keyIsTarget {
                return entries.map { Choice(text: $0.value.prose ?? $0.key, target: $0.key, location: $0.keyLocation) }
            }
            for entry in entries {
                guard let target = entry.value.scalarText else {
                    diagnostics.append(
                        Diagnostic(
                            GamebookRules.shape,
                            "option '\(entry.key)' of section '\(section)' must name its target, found \(entry.value.typeName)",
                            at: entry.value.location))
                    continue
                }
                choices.append(Choice(text: entry.key, target: target, location: entry.keyLocation))
            }
            return choices
        }
        guard let elements = value.elements else {
            diagnostics.append(
                Diagnostic(
                    GamebookRules.shape,
                    "'\(schema.options)' of section '\(section)' must be a list or map of options, found \(value.typeName)",
                    at: value.location))
            return []
        }
        var choices: [Choice] = []
        for element in elements {
            if let target = element.scalarText {
                choices.append(Choice(text: target, target: target, location: element.location))
                continue
            }
            guard element.entries != nil, let field = schema.target else {
                diagnostics.append(
                    Diagnostic(
                        GamebookRules.shape,
                        "an option of section '\(section)' must be a record or a target, found \(element.typeName)",
                        at: element.location))
                continue
            }
            guard let target = element[field]?.scalarText else {
                diagnostics.append(
                    Diagnostic(
                        GamebookRules.shape,
                        "an option of section '\(section)' has no '\(field)' naming where it leads",
                        at: element.location))
                continue
            }
            let label = schema.label.flatMap { element[$0]?.prose } ?? target
            choices.append(Choice(text: label, target: target, location: element.location))
        }
        return choices
    }
}
