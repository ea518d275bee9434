import StoryGraph

/// Which fields of a gamebook's data hold its sections, ids, texts, options, labels and
/// targets: inferred from the data (`GamebookSchemaInference`) or given with
/// `--schema FILE`, a small JSON mapping such as
/// `{"sections": "pages", "id": "id", "text": "body", "options": "choices", "label": "text", "target": "goto"}`.
///
/// Each field is a key name; `sections` is a dotted path from the top (`""` or omitted:
/// the top level itself). Without `id`, a section's id is its key in a map of sections,
/// or its position (from `idBase`) in a list. Options may be a list of records (`label`
/// and `target` name their fields), a map of label to target, a list of bare targets, or
/// one bare target.
public struct GamebookSchema: Sendable, Hashable {
    package var sections: [String]
    public var id: String?
    /// 0 or 1: the number of the first section when ids are positions in a list.
    package var idBase: Int
    package var text: String?
    package var options: String
    package var label: String?
    package var target: String?

    /// The `target` that says a map of options is keyed by target (`{"cave": "Enter the cave"}`).
    package static let keyIsTarget = "(key)"

    package init(
        sections: [String] = [], id: String? = nil, idBase: Int = 0, text: String? = nil,
        options: String, label: String? = nil, target: String? = nil
    ) {
        self.sections = sections
        self.id = id
        self.idBase = idBase
        self.text = text
        self.options = options
        self.label = label
        self.target = target
    }

    /// Reads a `--schema` file: a JSON object of the keys above, each a string.
    package init(file source: SourceText) throws(StoryLoadError) {
        let root = try LocatedValue.parse(json: source)
        guard let entries = root.entries else {
            throw StoryLoadError(
                GamebookRules.schemaFile,
                "a schema must be a JSON object such as {\"sections\": \"pages\", \"text\": \"body\", \"options\": \"choices\", \"label\": \"text\", \"target\": \"goto\"}, found \(root.typeName)",
                at: root.location)
        }
        let known = ["sections", "id", "idBase", "text", "options", "label", "target"]
        var values: [String: String] = [:]
        for entry in entries {
            guard known.contains(entry.key) else {
                throw StoryLoadError(
                    GamebookRules.schemaFile,
                    "unknown schema key '\(entry.key)'; a schema names: \(known.joined(separator: ", "))",
                    at: entry.keyLocation)
            }
            guard let text = entry.value.scalarText else {
                throw StoryLoadError(
                    GamebookRules.schemaFile,
                    "schema key '\(entry.key)' must be a string, found \(entry.value.typeName)",
                    at: entry.value.location)
            }
            values[entry.key] = text
        }
        guard let options = values["options"] else {
            throw StoryLoadError(
                GamebookRules.schemaFile, "a schema must name the \"options\" field (where a section's choices are)",
                at: root.location)
        }
        let path = values["sections"] ?? ""
        self.init(
            sections: path.isEmpty || path == "." ? [] : path.split(separator: ".").map(String.init),
            id: values["id"].flatMap { $0.isEmpty ? nil : $0 }, idBase: values["idBase"] == "1" ? 1 : 0,
            text: values["text"], options: options, label: values["label"], target: values["target"])
    }

    /// `sections = top-level map, id = key, text = "text", options = "options"[].{"label","goto"}`
    /// (the shape of the collection and of the options as found in `root`).
    package func summary(collection: LocatedValue?, optionShape: String) -> String {
        let place = sections.isEmpty ? "top-level" : "\"\(sections.joined(separator: "."))\""
        var kind = "map"
        if collection?.elements != nil { kind = "list" }
        var parts = ["sections = \(place) \(kind)"]
        if let id {
            parts.append("id = \"\(id)\"")
        } else {
            parts.append(kind == "map" ? "id = key" : "id = position from \(idBase)")
        }
        parts.append("text = " + (text.map { "\"\($0)\"" } ?? "none"))
        parts.append("options = \"\(options)\"" + optionShape)
        return parts.joined(separator: ", ")
    }

    /// How `options` values look under this schema, for the summary.
    func optionShape(of value: LocatedValue) -> String {
        if value.entries != nil { return target == Self.keyIsTarget ? "{target: label}" : "{label: target}" }
        if let elements = value.elements {
            if elements.contains(where: { $0.entries != nil }) {
                return "[].{" + [label, target].map { $0.map { "\"\($0)\"" } ?? "?" }.joined(separator: ",") + "}"
            }
            return "[] (targets)"
        }
        return " (one target)"
    }
}
