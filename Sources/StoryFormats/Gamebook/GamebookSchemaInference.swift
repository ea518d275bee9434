import StoryGraph

/// Infers a gamebook's schema from its data: which collection holds the sections (the
/// top level, or a map or list one or two keys down), which field is the id, which holds
/// the options and which of the options' fields is the target.
///
/// The rule: every candidate (collection, id, options field, target field) is scored by
/// how many option targets name a section of that collection; the candidate with the most
/// hits wins, provided at least half of its targets hit. Two different candidates with the
/// same hits and ratio are ambiguous: refused, naming both, with a pointer to `--schema`,
/// unless both find the same links (then they tell one story, read by the better-ranked).
/// The text field is the section field holding the longest prose (preferring a field
/// called text, body, content…); the label, the option field holding prose other than
/// the target (preferring text, label, title…).
///
/// - Complexity: O(C · R · n) for C candidate collections (at most the data's maps and
///   lists two keys down), R id readings of each and n the size of the data.
package enum GamebookSchemaInference {
    /// What was inferred, and the sections' collection it was inferred from.
    package struct Inferred: Sendable {
        package var schema: GamebookSchema
        package var collection: LocatedValue
        /// For an edge list, its fields naming the page left and the page led to; the
        /// collection is then the pages those name, each with its edges as options.
        package var edges: (from: String, to: String)?
    }

    /// Field names of an edge list's records: the page an edge leaves, the page it leads to.
    static let fromNames = ["from", "source", "src", "origin", "page", "node", "passage", "section"]
    static let toNames = ["to", "target", "dest", "destination", "next", "goto"]

    static let textNames = [
        "text", "body", "content", "story", "description", "passage", "prose", "narrative", "desc", "message",
    ]
    static let labelNames = ["text", "label", "title", "option", "choice", "caption", "description", "name", "prompt"]
    static let idNames = ["id", "name", "key", "slug", "page", "number", "section"]

    struct Candidate {
        var path: [String]
        var collection: LocatedValue
        var id: String?
        var idBase: Int
        var options: String
        var target: String?
        var hits: Int
        var total: Int
        var ratio: Double { total == 0 ? 0 : Double(hits) / Double(total) }
        var shapeKey: String { "\(path)|\(id ?? "#\(idBase)")|\(options)|\(target ?? "")" }
    }

    package static func infer(_ root: LocatedValue) throws(StoryLoadError) -> Inferred {
        var collections: [([String], LocatedValue)] = [([], root)]
        var frontier: [([String], LocatedValue)] = [([], root)]
        for _ in 0..<2 {
            var next: [([String], LocatedValue)] = []
            for (path, node) in frontier {
                for entry in node.entries ?? [] where entry.value.entries != nil || entry.value.elements != nil {
                    next.append((path + [entry.key], entry.value))
                }
            }
            collections += next
            frontier = next
        }
        var candidates: [Candidate] = []
        for (path, collection) in collections {
            candidates += score(path, collection)
        }
        // Ties: the shallower collection, then a named id over positions, then positions from 0.
        // A named id reads better under a usual name (`name` over Twison's `pid`).
        func rank(_ c: Candidate) -> Int {
            guard let id = c.id else { return c.idBase == 0 ? 1 : 0 }
            return idNames.contains(id.lowercased()) ? 3 : 2
        }
        candidates.sort {
            ($0.hits, $0.ratio, -$0.path.count, rank($0)) > ($1.hits, $1.ratio, -$1.path.count, rank($1))
        }
        guard var best = candidates.first else {
            if let edges = edgeList(root) { return edges }
            throw StoryLoadError(
                GamebookRules.noStory,
                "not a gamebook: looked for a map or list of sections (records) with an options field whose targets name other sections, and found none in \(root.typeName)\(root.entries.map { " of \($0.count) entries" } ?? root.elements.map { " of \($0.count) items" } ?? ""); give --schema FILE to say which fields are which",
                at: root.location)
        }
        // A target field named as one (`nextText`, `goto`) that hits a greater share of its
        // targets wins over a field that only happens to hit more (`numberOfPoints`, whose
        // 1s and 2s name sections 1 and 2).
        if !isTargetNamed(best),
            let named = candidates.first(where: { isTargetNamed($0) && $0.path == best.path && $0.ratio > best.ratio })
        {
            best = named
        }
        if let rival = candidates.first(where: {
            $0.hits == best.hits && $0.ratio == best.ratio && $0.shapeKey != best.shapeKey
        }),
            rival.path != best.path || rival.options != best.options || rival.target != best.target,
            links(of: rival) != links(of: best)
        {
            func describe(_ c: Candidate) -> String {
                let schema = complete(c)
                return schema.summary(collection: c.collection, optionShape: "")
                    + (c.target.map { " → \"\($0)\"" } ?? "")
            }
            throw StoryLoadError(
                GamebookRules.noStory,
                "ambiguous gamebook schema: \(best.hits) targets fit both [\(describe(best))] and [\(describe(rival))]; give --schema FILE naming the sections, options and target fields",
                at: root.location)
        }
        return Inferred(schema: complete(best), collection: best.collection)
    }

    /// Whether a candidate's target field (or its options field, for bare targets) is
    /// named as a target: `next…`, `goto`, `to`, `target`, `destination`, `link`, `arc`.
    static func isTargetNamed(_ c: Candidate) -> Bool {
        let name = (c.target ?? c.options).lowercased()
        return name.hasPrefix("next") || name.hasPrefix("goto") || name.hasPrefix("target")
            || ["to", "dest", "destination", "link", "arc", "leadsto", "leads_to"].contains(name)
    }

    /// An edge list: a list of records (the top level, or a list one key down), each
    /// naming the page it leaves and the page it leads to under field names of an edge
    /// (`{"from": "gate", "to": "hall", "text": "Open the gate"}`). Its pages are the
    /// names those fields give, in the order first met: a page named only as a target
    /// (an ending) is a page too. Read only when both fields are in every record and at
    /// least one target is a page some edge leaves.
    ///
    /// - Complexity: O(n) in the size of the data, for each of at most
    ///   `fromNames.count × toNames.count` field pairs.
    static func edgeList(_ root: LocatedValue) -> Inferred? {
        var lists: [([String], LocatedValue)] = []
        if root.elements != nil { lists.append(([], root)) }
        for entry in root.entries ?? [] where entry.value.elements != nil { lists.append(([entry.key], entry.value)) }
        for (path, list) in lists {
            guard let records = list.elements, records.count >= 2, records.allSatisfy({ $0.entries != nil }) else {
                continue
            }
            for from in fromNames {
                for to in toNames {
                    let pairs = records.compactMap { r in r[from]?.scalarText.flatMap { f in r[to]?.scalarText.map { (f, $0) } } }
                    guard pairs.count == records.count else { continue }
                    let sources = Set(pairs.map(\.0))
                    guard pairs.contains(where: { sources.contains($0.1) }) else { continue }
                    return edgeInferred(path: path, records: records, from: from, to: to, at: list.location)
                }
            }
        }
        return nil
    }

    /// The pages of an edge list as a map of page → `{"options": [its edges]}`.
    static func edgeInferred(path: [String], records: [LocatedValue], from: String, to: String, at location: SourceLocation)
        -> Inferred
    {
        var order: [String] = []
        var edges: [String: [LocatedValue]] = [:]
        var firstSeen: [String: SourceLocation] = [:]
        for record in records {
            let source = record[from]!.scalarText!
            let target = record[to]!.scalarText!
            for page in [source, target] where firstSeen[page] == nil {
                firstSeen[page] = record.location
                order.append(page)
            }
            edges[source, default: []].append(record)
        }
        let pages = order.map { page in
            let options = edges[page].map {
                [LocatedValue.Entry(key: "options", keyLocation: firstSeen[page]!, value: LocatedValue(.list($0), at: $0[0].location))]
            } ?? []
            return LocatedValue.Entry(key: page, keyLocation: firstSeen[page]!, value: LocatedValue(.map(options), at: firstSeen[page]!))
        }
        let label = proseField(in: records, excluding: [from, to], preferring: labelNames)
        let schema = GamebookSchema(
            sections: path, id: nil, idBase: 0, text: nil, options: "options", label: label, target: to)
        return Inferred(schema: schema, collection: LocatedValue(.map(pages), at: location), edges: (from, to))
    }

    /// The links a reading finds, as (section, target section) positions in order: two
    /// readings that find the same links (Twison's `name`/`link` and `pid`/`pid`) tell the
    /// same story, and the better-ranked one is read.
    ///
    /// - Complexity: O(n) in the size of the collection.
    static func links(of c: Candidate) -> [Int] {
        let records = records(c.collection)
        var index: [String: Int] = [:]
        for (k, (key, record)) in records.enumerated() {
            let own = c.id.flatMap { record[$0]?.scalarText } ?? (c.id == nil && c.collection.entries != nil ? key : nil)
                ?? String(k + c.idBase)
            if index[own] == nil { index[own] = k }
        }
        var links: [Int] = []
        for (k, (_, record)) in records.enumerated() {
            guard let value = fieldValues(record)[c.options] else { continue }
            for (field, text) in targets(value) where field == c.target {
                if let target = index[text] { links += [k, target] }
            }
        }
        return links
    }

    /// The section records of a collection with their key (for a map).
    static func records(_ collection: LocatedValue) -> [(key: String?, record: LocatedValue)] {
        if let entries = collection.entries {
            return entries.filter { $0.value.entries != nil }.map { ($0.key, $0.value) }
        }
        return (collection.elements ?? []).filter { $0.entries != nil }.map { (nil, $0) }
    }

    /// A record's fields in the order they are first met: each key, and for a key holding
    /// a map, `key.inner` for each of its entries that holds a map or a list
    /// (`choice.options`).
    static func fields(of record: LocatedValue) -> [String] {
        var seen: Set<String> = []
        var fields: [String] = []
        for entry in record.entries ?? [] {
            if seen.insert(entry.key).inserted { fields.append(entry.key) }
            for inner in entry.value.entries ?? [] where inner.value.entries != nil || inner.value.elements != nil {
                let path = entry.key + "." + inner.key
                if seen.insert(path).inserted { fields.append(path) }
            }
        }
        return fields
    }

    /// What `record.value(at: field)` gives for every field it can give something for
    /// (a key; `key.inner` through the first entry of each), read in one pass over the
    /// record instead of a search per field.
    static func fieldValues(_ record: LocatedValue) -> [String: LocatedValue] {
        var values: [String: LocatedValue] = [:]
        let entries = record.entries ?? []
        for entry in entries where values[entry.key] == nil { values[entry.key] = entry.value }
        var direct = Set(values.keys)
        for entry in entries where direct.remove(entry.key) != nil {
            // The first entry of each key (`direct` forgets a key once it is read).
            // A key that is empty or holds a dot is not one step of a path.
            guard let inner = entry.value.entries, Self.isStep(entry.key) else { continue }
            var innerSeen: Set<String> = []
            for item in inner where innerSeen.insert(item.key).inserted {
                let path = entry.key + "." + item.key
                // An entry named `key.inner` itself is what `value(at:)` finds first.
                guard Self.isStep(item.key), values[path] == nil else { continue }
                values[path] = item.value
            }
        }
        return values
    }

    static func isStep(_ key: String) -> Bool { !key.isEmpty && !key.contains(".") }

    /// Every (id, options, target) reading of one collection with at least one hit and
    /// at least half of its targets hitting.
    ///
    /// - Complexity: O(R · n) for R id readings (at most the fields that are unique in
    ///   every record, plus two) and n the size of the collection: each record's fields
    ///   are read once per reading, never looked up field by field (which was O(F · n)
    ///   for F fields, quadratic when records have fields of their own).
    static func score(_ path: [String], _ collection: LocatedValue) -> [Candidate] {
        let records = records(collection)
        guard records.count >= 2, records.count * 2 >= (collection.entries?.count ?? collection.elements?.count ?? 0)
        else { return [] }
        let values = records.map { fieldValues($0.record) }
        // Option fields, in the order first seen: each field of a section, and each field
        // of a map inside one (`choice.options`).
        var fields: [String] = []
        var known: Set<String> = []
        for (_, record) in records {
            for field in Self.fields(of: record) where known.insert(field).inserted { fields.append(field) }
        }
        // Id readings: the map key, or a unique scalar field present in every record, or
        // the position from 0 or 1.
        var idReadings: [(String?, Int, Set<String>)] = []
        if collection.entries != nil {
            idReadings.append((nil, 0, Set(records.compactMap(\.key))))
        } else {
            // Each record's own keys (`record[field]`, not a path into a map).
            var scalars: [String: [String]] = [:]
            for (_, record) in records {
                var seen: Set<String> = []
                for entry in record.entries ?? [] where seen.insert(entry.key).inserted {
                    if let text = entry.value.scalarText { scalars[entry.key, default: []].append(text) }
                }
            }
            for field in fields {
                guard let texts = scalars[field], texts.count == records.count else { continue }
                let unique = Set(texts)
                if unique.count == texts.count { idReadings.append((field, 0, unique)) }
            }
            idReadings.append((nil, 0, Set((0..<records.count).map(String.init))))
            idReadings.append((nil, 1, Set((1...records.count).map(String.init))))
        }
        var found: [Candidate] = []
        // A field that could be the id (unique in every record) is never the options.
        let idFields = Set(idReadings.compactMap(\.0))
        for (id, base, ids) in idReadings {
            // Target readings of each options field: nil for bare targets and maps, or a
            // field of option records.
            var tallies: [String: [String?: (hits: Int, total: Int)]] = [:]
            for (index, (key, record)) in records.enumerated() {
                // A section naming itself is no link: it is how ids and numbers look alike.
                let own = id.flatMap { record[$0]?.scalarText } ?? key ?? String(index + base)
                for (field, value) in values[index] where known.contains(field) && !idFields.contains(field) {
                    for (target, text) in targets(value) {
                        // 0 or below naming no section: the "start again" convention, neutral.
                        if !ids.contains(text), let number = Double(text), number <= 0 { continue }
                        var t = tallies[field, default: [:]][target] ?? (0, 0)
                        t.total += 1
                        if ids.contains(text) && text != own { t.hits += 1 }
                        tallies[field, default: [:]][target] = t
                    }
                }
            }
            for field in fields where !idFields.contains(field) {
                for (target, t) in tallies[field] ?? [:] where t.hits > 0 && t.hits * 3 >= t.total {
                    found.append(
                        Candidate(
                            path: path, collection: collection, id: id, idBase: base, options: field, target: target,
                            hits: t.hits, total: t.total))
                }
            }
        }
        return found
    }

    /// The (target field, target text) pairs an options value offers under every reading.
    static func targets(_ value: LocatedValue) -> [(String?, String)] {
        if let text = value.scalarText { return [(nil, text)] }
        if let entries = value.entries {
            // label → target, or target → label (`GamebookSchema.keyIsTarget`).
            return entries.compactMap { entry in entry.value.scalarText.map { (nil, $0) } }
                + entries.map { (GamebookSchema.keyIsTarget, $0.key) }
        }
        var pairs: [(String?, String)] = []
        for element in value.elements ?? [] {
            if let text = element.scalarText { pairs.append((nil, text)) }
            for entry in element.entries ?? [] {
                if let text = entry.value.scalarText { pairs.append((entry.key, text)) }
            }
        }
        return pairs
    }

    /// Adds the text and label fields to a candidate.
    static func complete(_ c: Candidate) -> GamebookSchema {
        let records = records(c.collection).map(\.record)
        let text = proseField(in: records, excluding: [c.id, c.options].compactMap { $0 }, preferring: textNames)
        var options: [LocatedValue] = []
        for record in records { options += record.value(at: c.options)?.elements?.filter { $0.entries != nil } ?? [] }
        let label =
            c.target == nil || c.target == GamebookSchema.keyIsTarget
            ? nil : proseField(in: options, excluding: [c.target!], preferring: labelNames)
        return GamebookSchema(
            sections: c.path, id: c.id, idBase: c.idBase, text: text, options: c.options, label: label, target: c.target
        )
    }

    /// The field of `records` with prose in it: a preferred name if one holds prose,
    /// else the one with the most prose.
    static func proseField(in records: [LocatedValue], excluding: [String], preferring names: [String]) -> String? {
        var length: [String: Int] = [:]
        var order: [String] = []
        for record in records {
            for entry in record.entries ?? [] where !excluding.contains(entry.key) {
                guard let prose = entry.value.prose else { continue }
                if length[entry.key] == nil { order.append(entry.key) }
                length[entry.key, default: 0] += prose.count + 1
            }
        }
        for name in names {
            if let key = order.first(where: { $0.lowercased() == name }) { return key }
        }
        return order.max { length[$0]! < length[$1]! }
    }
}
