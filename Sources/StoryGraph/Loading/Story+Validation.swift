extension Story {
    /// Checks what every format shares and returns the story the graph is built from:
    /// - a second passage with an id already used is an error naming both places, and is
    ///   dropped (the first definition wins);
    /// - a story with no passages, or whose start names no passage, cannot be read;
    /// - a choice whose target does not exist is a broken link (a warning).
    /// Restart choices always lead to the start, whatever target they were given.
    ///
    /// - Complexity: O(P + C) for P passages and C choices.
    public func validated() throws(StoryLoadError) -> (Story, [Diagnostic]) {
        var findings: [Diagnostic] = []
        guard !passages.isEmpty else {
            throw StoryLoadError("the story has no passages", at: nil)
        }
        var firstByID: [String: Passage] = [:]
        var kept: [Passage] = []
        kept.reserveCapacity(passages.count)
        for passage in passages {
            if let first = firstByID[passage.id] {
                findings.append(Diagnostic(
                    .error, "duplicate passage id '\(passage.id)'", at: passage.location,
                    rule: "duplicate-id",
                    notes: [.init("'\(passage.id)' is first defined here", at: first.location)]))
                continue
            }
            firstByID[passage.id] = passage
            kept.append(passage)
        }
        guard firstByID[start] != nil else {
            throw StoryLoadError("the start passage '\(start)' does not exist", at: passages[0].location)
        }
        for p in kept.indices {
            for c in kept[p].choices.indices {
                var choice = kept[p].choices[c]
                if choice.isRestart {
                    choice.target = start
                    kept[p].choices[c] = choice
                    continue
                }
                if choice.kind != .dynamic, firstByID[choice.target] == nil {
                    findings.append(Diagnostic(
                        .warning,
                        "choice '\(choice.text)' of passage '\(kept[p].id)' leads to '\(choice.target)', which does not exist",
                        at: choice.location ?? kept[p].location, rule: "broken-link"))
                }
            }
        }
        var story = self
        story.passages = kept
        return (story, findings)
    }
}
