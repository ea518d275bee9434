import StoryGraph

/// What a Twine story shows on every passage, beside or around the passage's own text: the
/// *chrome*. SugarCube renders `StoryCaption`, `StoryMenu`, `StoryBanner`, `StorySubtitle`
/// and `StoryAuthor` into the UI bar and `PassageHeader`/`PassageFooter` before and after
/// each passage, on every turn; Harlowe shows its `header`- and `footer`-tagged passages
/// around each passage (not `debug-header`/`debug-footer`, shown only in debug mode).
/// `PassageReady`/`PassageDone` run on every turn too, but their output is thrown away:
/// only their jumps (`<<goto>>`, `Engine.play`) are live.
///
/// A link there is one the reader always has: a side trip (an inventory, a stats page, a
/// map) open from wherever the story is. Each chrome passage whose links lead anywhere is
/// kept as a fragment that passages show (DESIGN's inclusion rule): its links are the
/// showing passage's, for reachability, paths and the state search (a chrome link's
/// condition is tested in the state of the passage it is shown on).
///
/// Which passages show it: the start, and every passage that goes on by its own links
/// (its own text and what it includes). A passage whose own text offers no way on (none,
/// or only back to the start, or to itself) is where the story ends: the chrome is still
/// on screen there, but its side trips come back (`<<return>>`, `<<back>>`, history), so
/// the reader ends where the story's own text ends; such a passage stays an ending (and
/// its link back to the start stays for the restart rule), and the side trips are not
/// counted as more paths. A chrome link under a test of which passage it is on
/// (`passage() is "Intro"`, `tags().includes("end")`, `(passage:)`) is that passage's own
/// content: its chrome is shown on a passage such a test (one that must hold, not an
/// `else`) names, quoted, ending or not.
enum TwineChrome {
    /// Chrome passages by name, in SugarCube.
    static let sugarCubeNames: Set<String> = [
        "StoryCaption", "StoryMenu", "StoryBanner", "StorySubtitle", "StoryAuthor", "PassageHeader",
        "PassageFooter", "PassageReady", "PassageDone",
    ]
    /// Chrome whose output is thrown away: only its jumps count.
    static let silentNames: Set<String> = ["PassageReady", "PassageDone"]

    /// Whether the passage is chrome in this dialect.
    static func isChrome(name: String, tags: [String], dialect: TwineDialect) -> Bool {
        (dialect.readsSugarCube && sugarCubeNames.contains(name))
            || (dialect.readsHarlowe && (tags.contains("header") || tags.contains("footer")))
    }

    /// Keeps of a silent chrome passage's choices only its jumps.
    static func keepLive(_ passage: inout Passage) {
        guard silentNames.contains(passage.id) else { return }
        passage.choices.removeAll { $0.kind != .auto && $0.kind != .include }
    }

    /// Whether a chrome choice depends on the passage it is shown on.
    static func dependsOnPassage(_ choice: Choice) -> Bool {
        guard let text = choice.condition?.description else { return false }
        return text.contains("passage()") || text.contains("tags()") || text.contains("(passage:")
    }

    /// The tests of a condition that must hold (not those under a negation: the `else`
    /// after `(if: (passage:)'s tags contains "x")` names a passage it is not shown on).
    static func positiveTests(_ condition: Condition) -> [String] {
        var found: [String] = []
        var stack = [condition]
        while let c = stack.popLast() {
            switch c {
            case .test(let text, _): found.append(text)
            case .not: break
            case .all(let parts): stack += parts
            }
        }
        return found
    }

    /// Makes the chrome passages that lead anywhere fragments shown by the passages that
    /// show them (see the type's comment); returns the ids of the chrome passages that
    /// lead nowhere, for the caller to keep as special passages.
    ///
    /// - Complexity: O(P × F + C) for P passages, F chrome fragments and C choices (each
    ///   passage's own way on is found by one walk over what it includes).
    static func attach(_ chrome: [String], to passages: inout [Passage], start: String) -> Set<String> {
        let index = Dictionary(passages.indices.map { (passages[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        let chromeSet = Set(chrome)
        // A chrome passage leads somewhere when it, or what it shows, has a choice; the
        // conditions of its choices that test which passage it is on.
        func leads(_ id: String) -> (leads: Bool, tests: [String]) {
            var seen: Set<String> = [id]
            var stack = [id]
            var any = false
            var tests: [String] = []
            while let u = stack.popLast() {
                guard let k = index[u] else { continue }
                for choice in passages[k].choices {
                    if choice.kind == .include {
                        if seen.insert(choice.target).inserted { stack.append(choice.target) }
                        continue
                    }
                    any = true
                    if dependsOnPassage(choice), let condition = choice.condition {
                        tests += positiveTests(condition)
                    }
                }
            }
            return (any, tests)
        }
        var shown: [(id: String, tests: [String])] = []
        var idle: Set<String> = []
        for id in chrome {
            let found = leads(id)
            if found.leads { shown.append((id, found.tests)) } else { idle.insert(id) }
        }
        guard !shown.isEmpty else { return idle }
        // Whether a test of the chrome names the passage or one of its tags (quoted).
        func names(_ tests: [String], _ passage: Passage) -> Bool {
            let quoted = ([passage.id] + passage.tags).flatMap { ["\"\($0)\"", "'\($0)'"] }
            return tests.contains { test in quoted.contains { test.contains($0) } }
        }
        // Whether a passage goes on by its own links (its text and what it includes).
        func goesOn(_ k: Int) -> Bool {
            let own = passages[k].id
            var seen: Set<String> = [own]
            var stack = [k]
            while let u = stack.popLast() {
                for choice in passages[u].choices {
                    switch choice.kind {
                    case .include:
                        if !chromeSet.contains(choice.target), seen.insert(choice.target).inserted,
                            let t = index[choice.target]
                        {
                            stack.append(t)
                        }
                    case .choice, .auto:
                        if choice.target != start && choice.target != own { return true }
                    case .dynamic, .call, .return:
                        return true
                    }
                }
            }
            return false
        }
        let fragments = Set(passages.filter { $0.tags.contains("widget") && $0.id.hasPrefix("<<") }.map(\.id))
        for k in passages.indices where !chromeSet.contains(passages[k].id) && !fragments.contains(passages[k].id) {
            let always = passages[k].id == start || goesOn(k)
            for (id, tests) in shown where always || names(tests, passages[k]) {
                passages[k].choices.append(Choice(text: id, target: id, kind: .include))
            }
        }
        return idle
    }
}
