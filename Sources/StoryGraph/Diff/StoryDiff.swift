/// What changed between two versions of a story: passages added, removed and renamed,
/// links added, removed and retargeted, endings gained and lost with their paths and odds
/// before and after, and findings new and fixed. Built from two analyses, knowing nothing
/// of the formats they were read from; `document()` renders it like every report.
package struct StoryDiff: Sendable, Hashable {
    /// One version: where it was read from and its report.
    package struct Side: Sendable, Hashable {
        /// The name the reader gave it (a path, `git:REV:PATH`).
        package var name: String
        package var report: Report

        package init(name: String, report: Report) {
            self.name = name
            self.report = report
        }
    }

    package struct LinkChange: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable, CaseIterable {
            case added, removed, retargeted
        }

        /// The passage the choice is on, by its new id (its old id when it was removed).
        package var passage: String
        /// The label the reader sees.
        package var label: String
        package var kind: Kind
        /// The old target, by its new id when that passage was kept or renamed (`nil`
        /// when the link was added).
        package var oldTarget: String?
        /// The new target (`nil` when the link was removed).
        package var newTarget: String?
    }

    package struct EndingChange: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable, CaseIterable {
            case gained, lost, kept
        }

        /// The ending's id in the new story (in the old one when it was lost).
        package var id: String
        /// Its id in the old story when it was renamed.
        package var oldID: String?
        package var kind: Kind
        package var pathsBefore: BigUInt?
        package var pathsAfter: BigUInt?
        package var probabilityBefore: Double?
        package var probabilityAfter: Double?
    }

    package var old: Side
    package var new: Side
    package var matching: PassageMatching
    /// Passages of the new story no old passage matched, in source order.
    package var added: [String]
    /// Passages of the old story no new passage matched, in source order.
    package var removed: [String]
    /// Links of the passages kept (by id or by a rename), in the new story's order.
    package var links: [LinkChange]
    /// The endings a reader can reach in either version: the new story's in its order
    /// (kept or gained), then those lost, in the old story's order.
    package var endings: [EndingChange]
    /// Findings of the new story that the old one did not have, and the other way round.
    /// Findings are the same when their severity, rule and message are (their places
    /// may move; an old message names a renamed passage by its new id); of several alike,
    /// the first ones are the ones kept.
    package var newFindings: [Report.Finding]
    package var fixedFindings: [Report.Finding]
    /// The paths added, removed and changed, by id.
    package var paths: PathChanges

    /// Compares two analysed versions.
    ///
    /// - Complexity: that of `PassageMatching`, plus O(V + E + F) for the links (E choices),
    ///   endings and findings (F).
    package init(
        old: StoryAnalysis, oldName: String, new: StoryAnalysis, newName: String,
        renameThreshold: Double = PassageMatching.defaultThreshold
    ) {
        let oldStory = old.graph.story
        let newStory = new.graph.story
        let matching = PassageMatching(old: oldStory, new: newStory, threshold: renameThreshold)
        self.old = Side(name: oldName, report: Report(old))
        self.new = Side(name: newName, report: Report(new))
        self.matching = matching
        added = newStory.passages.indices.filter { matching.oldIndex[$0] == nil }.map { newStory.passages[$0].id }
        removed = oldStory.passages.indices.filter { matching.newIndex[$0] == nil }.map { oldStory.passages[$0].id }

        // An old id as the new story calls it: a renamed passage by its new id.
        var renamed: [String: String] = [:]
        for rename in matching.renames { renamed[rename.old] = rename.new }
        let translated = { (id: String) in renamed[id] ?? id }

        var links: [LinkChange] = []
        for (j, passage) in newStory.passages.enumerated() {
            guard let i = matching.oldIndex[j] else { continue }
            links += Self.linkChanges(
                old: oldStory.passages[i].choices, new: passage.choices, passage: passage.id, translated: translated)
        }
        self.links = links

        let oldEndings = Dictionary(
            self.old.report.endings.map { (translated($0.id), $0) }, uniquingKeysWith: { a, _ in a })
        let newIDs = Set(self.new.report.endings.map(\.id))
        var endings: [EndingChange] = self.new.report.endings.map { ending in
            let before = oldEndings[ending.id]
            return EndingChange(
                id: ending.id, oldID: before.flatMap { $0.id == ending.id ? nil : $0.id },
                kind: before == nil ? .gained : .kept,
                pathsBefore: before?.paths, pathsAfter: ending.paths,
                probabilityBefore: before?.probability, probabilityAfter: ending.probability)
        }
        for ending in self.old.report.endings where !newIDs.contains(translated(ending.id)) {
            endings.append(
                EndingChange(
                    id: ending.id, oldID: nil, kind: .lost, pathsBefore: ending.paths, pathsAfter: nil,
                    probabilityBefore: ending.probability, probabilityAfter: nil))
        }
        self.endings = endings
        paths = Self.pathChanges(old: old, new: new, translated: translated)
        // An old finding about a renamed passage names it by its new id, as the new one does.
        let oldFindings = self.old.report.findings
        let translatedOld =
            renamed.isEmpty
            ? oldFindings
            : oldFindings.map { finding in
                var finding = finding
                finding.message = Self.translated(finding.message, renamed)
                return finding
            }
        newFindings = Self.unmatched(self.new.report.findings, against: translatedOld)
        let fixed = Set(Self.unmatched(Array(translatedOld.indices), translatedOld, against: self.new.report.findings))
        fixedFindings = oldFindings.indices.filter(fixed.contains).map { oldFindings[$0] }
    }

    /// The changes between a passage's old and new choices: a choice with the same label
    /// and (translated) target is unchanged; of the rest, those with the same label pair
    /// up in order as retargeted; what is left was removed or added.
    ///
    /// - Complexity: O(c²) for c choices on the passage.
    static func linkChanges(old: [Choice], new: [Choice], passage: String, translated: (String) -> String)
        -> [LinkChange]
    {
        var oldLeft = old.map { (label: $0.text, target: translated($0.target)) }.map(Optional.some)
        var newLeft = new.map { (label: $0.text, target: $0.target) }.map(Optional.some)
        for j in newLeft.indices {
            guard let choice = newLeft[j] else { continue }
            if let i = oldLeft.firstIndex(where: { $0?.label == choice.label && $0?.target == choice.target }) {
                oldLeft[i] = nil
                newLeft[j] = nil
            }
        }
        var changes: [LinkChange] = []
        for j in newLeft.indices {
            guard let choice = newLeft[j] else { continue }
            if let i = oldLeft.firstIndex(where: { $0?.label == choice.label }) {
                changes.append(
                    LinkChange(
                        passage: passage, label: choice.label, kind: .retargeted, oldTarget: oldLeft[i]!.target,
                        newTarget: choice.target))
                oldLeft[i] = nil
            } else {
                changes.append(
                    LinkChange(
                        passage: passage, label: choice.label, kind: .added, oldTarget: nil, newTarget: choice.target))
            }
        }
        for case let choice? in oldLeft {
            changes.append(
                LinkChange(
                    passage: passage, label: choice.label, kind: .removed, oldTarget: choice.target, newTarget: nil))
        }
        return changes
    }

    /// The findings of `findings` left when each is paired with an alike one of `others`
    /// (same severity, rule and message), in order.
    ///
    /// - Complexity: O(F).
    static func unmatched(_ findings: [Report.Finding], against others: [Report.Finding]) -> [Report.Finding] {
        unmatched(Array(findings.indices), findings, against: others).map { findings[$0] }
    }

    /// The indices of `findings` (among `indices`) that `unmatched` leaves.
    static func unmatched(_ indices: [Int], _ findings: [Report.Finding], against others: [Report.Finding]) -> [Int] {
        struct Key: Hashable {
            var severity: String
            var rule: String?
            var message: String
            init(_ finding: Report.Finding) {
                (severity, rule, message) = (finding.severity, finding.rule, finding.message)
            }
        }
        var available: [Key: Int] = [:]
        for finding in others { available[Key(finding), default: 0] += 1 }
        return indices.filter { i in
            let key = Key(findings[i])
            guard let count = available[key], count > 0 else { return true }
            available[key] = count - 1
            return false
        }
    }

    /// `message` with each quoted old id of a renamed passage (`'loft'`) replaced by its
    /// new id: findings name passages in single quotes.
    ///
    /// - Complexity: O(message length).
    static func translated(_ message: String, _ renamed: [String: String]) -> String {
        var parts = message.split(separator: "'", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 2 else { return message }
        for i in 1..<(parts.count - 1) {
            if let new = renamed[parts[i]] { parts[i] = new }
        }
        return parts.joined(separator: "'")
    }

    package var gainedEndings: [EndingChange] { endings.filter { $0.kind == .gained } }
    package var lostEndings: [EndingChange] { endings.filter { $0.kind == .lost } }
    /// New findings of severity error.
    package var newErrors: [Report.Finding] { newFindings.filter { $0.severity == Severity.error.rawValue } }
}
