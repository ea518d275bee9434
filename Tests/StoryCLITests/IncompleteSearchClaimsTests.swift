import Foundation
import TestSupport
import Testing

/// A state search cut short claims nothing about what it did not reach (issue 25, item 2):
/// with a tiny `--max-states`, `report` (text, JSON, Markdown, HTML), `check` (text, JSON,
/// SARIF), `map --state` and `play --witness` name the endings it reached, with their
/// witnesses, and the bound it stopped at, and say no "blocked", "never", "always" or
/// "only the links reach". With the budget to finish, the same story's true claims are made.
///
/// The crypt: a candle lit in the chapel (twice at most), a bell rung from the nave and
/// back (a loop), a crypt door that needs a blessing nothing gives. Complete, the search
/// proves the crypt blocked by 'Open the crypt', the stairs reached only by the links, that
/// condition never true and `$candles >= 0` always true. Four states reach only the porch.
@Suite struct IncompleteSearchClaimsTests {
    static let cryptJSON = """
        {
          "title": "The Locked Crypt",
          "start": "Nave",
          "variables": { "candles": 0, "blessed": false },
          "passages": [
            { "id": "Nave", "text": "The nave is cold and the crypt door is shut.",
              "choices": [
                { "text": "Light a candle", "to": "Chapel", "if": "$candles < 2" },
                { "text": "Open the crypt", "to": "Stairs", "if": "$blessed" },
                { "text": "Ring the bell", "to": "Belfry", "if": "$candles >= 0" },
                { "text": "Leave", "to": "Porch" } ] },
            { "id": "Chapel", "text": "A candle burns.", "set": "$candles += 1",
              "choices": [
                { "text": "Back to the nave", "to": "Nave" },
                { "text": "Pray till dawn", "to": "Dawn" } ] },
            { "id": "Belfry", "text": "The bell booms.", "choices": [ { "text": "Climb down", "to": "Nave" } ] },
            { "id": "Stairs", "text": "Steps go down into the dark.", "choices": [ { "text": "Descend", "to": "Crypt" } ] },
            { "id": "Crypt", "text": "Bones, and the abbot's ring.", "ending": "good" },
            { "id": "Dawn", "text": "Dawn finds you kneeling.", "ending": "neutral" },
            { "id": "Porch", "text": "Rain on the porch.", "ending": "bad" }
          ]
        }
        """

    /// The same crypt in ink (no bell): knots, a conditional choice, a `~` assignment.
    static let cryptInk = """
        VAR candles = 0
        VAR blessed = false
        -> nave

        === nave ===
        The nave is cold and the crypt door is shut.
        + {candles < 2} [Light a candle] -> chapel
        + {blessed} [Open the crypt] -> stairs
        + [Leave] -> porch

        === chapel ===
        ~ candles = candles + 1
        A candle burns.
        + [Back to the nave] -> nave
        + [Pray till dawn] -> dawn

        === stairs ===
        Steps go down into the dark.
        + [Descend] -> crypt

        === crypt ===
        Bones, and the abbot's ring.
        -> END

        === dawn ===
        Dawn finds you kneeling.
        -> END

        === porch ===
        Rain on the porch.
        -> END
        """

    static let bound = "stopped at its bound of 4 states, --max-states"
    /// What an incomplete search must never say, in any output of `report`.
    static let reportClaims = [
        "blocked by", "ending only the links reach", "passages only the links reach", "conditions never true",
        "conditions always true", "no ending is reachable under state", "no reader",
    ]

    static func state(of report: String) -> String {
        report.components(separatedBy: "STATE (")[1].components(separatedBy: "\n\nPROBLEMS")[0]
    }

    @Test func reportTextCutShortNamesWhatItReachedAndTheBoundAndNothingElse() {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let run = runCLI(["report", story, "--max-states", "4"])
        #expect(run.exitCode == 0)
        #expect(
            Self.state(of: run.stdout) == """
                what a reader can reach, given the story's variables)
                  states explored    4 (\(Self.bound): what is not reached may still be reachable)
                  variables tracked  candles, blessed
                  reachable ending  steps  paths  odds  witness (the reader's choices)
                  ----------------  -----  -----  ----  ------------------------------
                  Porch                 1     1+     -  'Leave'
                  paths under state                 1+ (at least: the search \(Self.bound); 3 by the links alone)
                  loops under state                 none found (the search \(Self.bound))
                  odds under state (choices shown)  not computed: the search \(Self.bound)
                  endings the search did not reach: not claimed (the search \(Self.bound))
                  never, always, only the links  not claimed: the search \(Self.bound)
                  conditions not understood      0
                  variables set, never read      none
                  variables read, never set      blessed
                  variables read before set      none found (the search \(Self.bound))
                """)
        // Three states reach no ending: the search says so of itself, not of the story.
        let none = runCLI(["report", story, "--max-states", "3"])
        #expect(
            Self.state(of: none.stdout).contains(
                "\n  no ending reached (the search stopped at its bound of 3 states, --max-states)\n"))
        #expect(!none.stdout.contains("no ending is reachable under state"))
    }

    @Test func reportTextCompleteMakesEveryTrueClaim() {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let run = runCLI(["report", story, "--max-states", "1000"])
        #expect(
            Self.state(of: run.stdout) == """
                what a reader can reach, given the story's variables)
                  states explored    10 (complete)
                  variables tracked  candles, blessed
                  reachable ending  steps  paths    odds  witness (the reader's choices)
                  ----------------  -----  -----  ------  -----------------------------------
                  Dawn                  2      2  31.25%  'Light a candle' → 'Pray till dawn'
                  Porch                 1      3  68.75%  'Leave'
                  paths under state                 5 (exact; 3 by the links alone)
                  loops under state                 yes: Nave → Belfry → Nave (the reader's choices 'Ring the bell' → 'Climb down')
                  odds under state (choices shown)  stuck 0%, never ending 0%
                  ending only the links reach  blocked by
                  ---------------------------  -----------------------------------
                  Crypt                        'Open the crypt' in Nave ($blessed)
                  passages only the links reach  1 (Stairs)
                  conditions never true          1: 'Open the crypt' in Nave ($blessed)
                  conditions always true         1: 'Ring the bell' in Nave ($candles >= 0)
                  conditions not understood      0
                  variables set, never read      none
                  variables read, never set      blessed
                  variables read before set      none
                """)
    }

    /// A search that reaches every ending the links reach may say so, cut short or not.
    @Test func reportCutShortAfterReachingEveryEndingSaysSo() {
        let story = Repository.write(
            Self.cryptJSON.replacingOccurrences(of: "\"$blessed\"", with: "\"$candles >= 0\""), name: "open.json")
        let run = runCLI(["report", story, "--max-states", "8"])
        let state = Self.state(of: run.stdout)
        #expect(
            state.contains(
                " 8 (stopped at its bound of 8 states, --max-states: what is not reached may still be reachable)\n"))
        #expect(state.contains("\n  every ending the links reach is reachable under state\n"))
        #expect(state.contains("\n  Crypt                 2     1+     -  'Open the crypt' → 'Descend'\n"))
        #expect(!state.contains("not claimed ("))
        // One state fewer, the crypt is not reached, and nothing is said of it.
        let short = Self.state(of: runCLI(["report", story, "--max-states", "7"]).stdout)
        #expect(!short.contains("Crypt") && !short.contains("every ending the links reach"))
    }

    @Test func reportJSONCutShortKeepsItsKeysEmptyAndValidates() throws {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let value = try JSONContractTests.validate(
            "report", ["report", story, "--max-states", "4", "--format", "json"])
        guard case .object(let root) = value, case .object(let state)? = root["state"] else {
            Issue.record("no state object")
            return
        }
        #expect(state["complete"] == .bool(false))
        #expect(state["stopped_by"] == .string("states"))
        #expect(state["states"] == .integer(4))
        #expect(state["max_states"] == .integer(4))
        #expect(
            state["reachable_endings"]
                == .array([
                    .object([
                        "id": .string("Porch"), "paths": .string("1"),
                        "witness": .array([
                            .object(["passage": .string("Nave"), "choice": .string("Leave"), "auto": .bool(false)])
                        ]),
                    ])
                ]))
        for key in ["unreachable_endings", "only_structural", "never_true", "always_true"] {
            #expect(state[key] == .array([]), "\(key)")
        }
        #expect(state["unbounded_walks"] == nil)
        #expect(state["paths_exact"] == .bool(false))
    }

    @Test func reportJSONCompleteListsTheClaims() throws {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let value = try JSONContractTests.validate("report", ["report", story, "--format", "json"])
        guard case .object(let root) = value, case .object(let state)? = root["state"] else {
            Issue.record("no state object")
            return
        }
        #expect(state["complete"] == .bool(true))
        func ids(_ key: String, _ field: String) -> [String] {
            guard case .array(let items)? = state[key] else { return ["not an array"] }
            return items.map { item in
                if case .object(let o) = item, case .string(let s)? = o[field] { return s }
                if case .string(let s) = item { return s }
                return "?"
            }
        }
        #expect(ids("unreachable_endings", "id") == ["Crypt"])
        #expect(ids("only_structural", "") == ["Stairs"])
        #expect(ids("never_true", "choice") == ["Open the crypt"])
        #expect(ids("always_true", "choice") == ["Ring the bell"])
        #expect(state["unbounded_walks"] == .bool(true))
    }

    @Test(arguments: ["markdown", "html"])
    func reportMarkdownAndHTMLCutShortClaimNothing(_ format: String) {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let cut = runCLI(["report", story, "--max-states", "4", "--format", format]).stdout
        for claim in Self.reportClaims { #expect(!cut.contains(claim), "\(format): \(claim)") }
        #expect(cut.contains("not claimed (the search \(Self.bound))"))
        #expect(cut.contains("not claimed: the search \(Self.bound)"))
        // The ending reached, its steps, a lower bound of paths, no odds, the witness.
        let row =
            format == "markdown"
            ? "\n| `Porch` | 1 | 1+ | - | 'Leave' |\n"
            : "<tr><td><code class=\"id\" data-passage=\"Porch\">Porch</code></td><td class=\"number\">1</td>"
                + "<td class=\"number\">1+</td><td class=\"number\">-</td><td>&#39;Leave&#39;</td></tr>"
        #expect(cut.contains(row))
        let whole = runCLI(["report", story, "--format", format]).stdout
        for claim in ["blocked by", "ending only the links reach", "conditions never true", "conditions always true"] {
            #expect(whole.contains(claim), "\(format): \(claim)")
        }
        #expect(!whole.contains("not claimed"))
    }

    /// The rules that say "never" or "always", in every output of `check`.
    static let stateRules = [
        "unreachable-under-state", "condition-never-true", "condition-always-true", "variable-read-before-set",
    ]

    @Test(arguments: ["text", "json", "sarif"])
    func checkCutShortMakesNoStateClaim(_ format: String) {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let cut = runCLI(["check", story, "--max-states", "4", "--format", format])
        let said = cut.stdout + cut.stderr
        // A finding names its rule so (SARIF also lists every rule it knows, found or not).
        func finding(_ rule: String) -> String {
            switch format {
            case "json": "\"rule\" : \"\(rule)\""
            case "sarif": "\"ruleId\" : \"\(rule)\""
            default: "[\(rule)]"
            }
        }
        for rule in Self.stateRules { #expect(!said.contains(finding(rule)), "\(format): \(rule)") }
        #expect(said.contains(finding("state-search-incomplete")))
        #expect(
            said.contains(
                "the state search \(Self.bound) after 4 states: what it did not reach may still be reachable, so no finding says 'never'"
            ))
        let whole = runCLI(["check", story, "--format", format])
        let all = whole.stdout + whole.stderr
        for rule in Self.stateRules.dropLast() { #expect(all.contains(finding(rule)), "\(format): \(rule)") }
        #expect(!all.contains(finding("state-search-incomplete")))
    }

    @Test func checkTextCompleteNamesTheBlockedEnding() {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let run = runCLI(["check", story])
        #expect(
            run.stderr.contains(
                "crypt.json:18:5: warning: ending 'Crypt' is reached by the story's links but by no reader, given its variables: choice 'Open the crypt' ($blessed) never leads on [unreachable-under-state]\n"
            ))
        let cut = runCLI(["check", story, "--max-states", "4"])
        #expect(
            cut.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.map {
                $0.components(separatedBy: "[").last ?? ""
            }
                == ["state-search-incomplete]", "variable-never-set]"])
    }

    @Test func mapStateCutShortMarksNothing() {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let cut = runCLI(["map", story, "--state", "--max-states", "4", "--format", "dot"])
        #expect(cut.exitCode == 0)
        #expect(
            cut.stderr
                == "warning: --state: the state search \(Self.bound) after 4 states; nothing is marked as no reader's\n"
        )
        for mark in ["never", "no reader gets here", "only by the links"] {
            #expect(!cut.stdout.contains(mark), "\(mark)")
        }
        let whole = runCLI(["map", story, "--state", "--format", "dot"])
        #expect(whole.stderr == "")
        for mark in ["never", "no reader gets here", "only by the links"] {
            #expect(whole.stdout.contains(mark), "\(mark)")
        }
    }

    @Test func playWitnessCutShortGivesTheWitnessItFoundAndNoBlockingChoice() throws {
        let story = Repository.write(Self.cryptJSON, name: "crypt.json")
        let missed = try runBinary(["play", story, "--witness", "Crypt", "--max-states", "4", "-q"], timeout: 60)
        #expect(missed.exitCode == 1)
        #expect(missed.stdout == "")
        #expect(
            missed.stderr == "play: the state search \(Self.bound) after 4 states without reaching ending 'Crypt':"
                + " it may still be reachable; a larger --max-states or --state-budget searches further\n")
        let found = try runBinary(["play", story, "--witness", "Porch", "--max-states", "4", "-q"], timeout: 60)
        #expect(found.exitCode == 0)
        #expect(found.stdout.hasSuffix("> 3\n\n[Porch]\nRain on the porch.\n\n■ The end (bad).\n"))
        let proven = try runBinary(["play", story, "--witness", "Crypt", "-q"], timeout: 60)
        #expect(proven.exitCode == 1)
        #expect(
            proven.stderr
                == "play: no reader reaches ending 'Crypt' given the story's variables; blocked by 'Open the crypt' in Nave ($blessed)\n"
        )
    }

    @Test func inkCutShortClaimsNothingAndCompleteClaimsTheBlockedEnding() throws {
        let story = Repository.write(Self.cryptInk, name: "crypt.ink")
        let cut = runCLI(["report", story, "--max-states", "4"])
        let state = Self.state(of: cut.stdout)
        for claim in Self.reportClaims { #expect(!state.contains(claim), "\(claim)") }
        #expect(state.contains("\n  porch                 2     1+     -  'Leave'\n"))
        #expect(state.contains("\n  endings the search did not reach: not claimed (the search \(Self.bound))\n"))
        let check = runCLI(["check", story, "--max-states", "4"])
        for rule in Self.stateRules { #expect(!check.stderr.contains(rule), "\(rule)") }
        let whole = Self.state(of: runCLI(["report", story]).stdout)
        #expect(whole.contains("\n  crypt                        'Open the crypt' in nave (blessed)\n"))
        #expect(whole.contains("\n  conditions never true          1: 'Open the crypt' in nave (blessed)\n"))
        let play = try runBinary(["play", story, "--witness", "dawn", "--max-states", "4", "-q"], timeout: 60)
        #expect(play.exitCode == 1)
        #expect(
            play.stderr == "play: the state search \(Self.bound) after 4 states without reaching ending 'dawn':"
                + " it may still be reachable; a larger --max-states or --state-budget searches further\n")
    }

    /// A complete search that meets a computed link (`previous()`) did not follow it: it
    /// claims nothing of what lies behind it either.
    @Test func aComputedLinkWithholdsTheClaimsInReportAndPlay() throws {
        let story = Repository.write(TwineStateCommandTests.shed, name: "shed.twee")
        let state = Self.state(of: runCLI(["report", story]).stdout)
        for claim in Self.reportClaims { #expect(!state.contains(claim), "\(claim)") }
        #expect(
            state.contains(
                "\n  never, always, only the links  not claimed: a reader meets a computed link the search cannot follow\n"
            ))
        #expect(state.contains("\n  no ending reached (a reader meets a computed link the search cannot follow)\n"))
        let play = try runBinary(["play", story, "--witness", "Vault", "-q"], timeout: 60)
        #expect(play.exitCode == 1)
        #expect(
            play.stderr
                == "play: the state search did not reach ending 'Vault', but a reader meets computed links it cannot follow: it may still be reachable\n"
        )
    }
}
