import Foundation
import TestSupport
import Testing

/// `storygraph play` on an example of every format, driven through standard input and
/// through a pseudo-terminal: typed choices, back, restart and quit, with the exact screen.
@Suite struct PlayCommandTests {
    struct PlayCase: Sendable, CustomStringConvertible {
        var format: String
        var story: String
        /// What play shows for `typing` without a terminal (the choices echoed).
        var screen: String
        var description: String { format }
    }

    /// Second choice, back, first choice, restart, quit.
    static let typing = ["2", "b", "1", "r", "q"]

    static let lighthouseScreen = #"""
        The Lighthouse Keeper
        Type a choice's number; b goes back, r restarts, q quits.

        [0]
        A storm has knocked out the lighthouse lamp, and a fishing boat is heading for the rocks. The keeper's radio crackles.

          1. Climb the tower
          2. Answer the radio
        > 2

        [1]
        The skipper shouts that his engine is dead and begs you to guide him in by voice.

          1. Talk him through the channel
          2. Tell him to drop anchor
        > b
        (back)

        [0]
        A storm has knocked out the lighthouse lamp, and a fishing boat is heading for the rocks. The keeper's radio crackles.

          1. Climb the tower
          2. Answer the radio
        > 1

        [2]
        At the top of the tower the lamp's glass is cracked and the spare bulb is rolling on the floor.

          1. Fit the spare bulb
          2. Light a signal flare
        > r
        (restart)

        [0]
        A storm has knocked out the lighthouse lamp, and a fishing boat is heading for the rocks. The keeper's radio crackles.

          1. Climb the tower
          2. Answer the radio
        > q

        """#

    static let cases: [PlayCase] = [
        PlayCase(
            format: "JSON", story: "Examples/lighthouse.json",
            screen: lighthouseScreen),
        PlayCase(
            format: "JSON with variables", story: "Examples/toll-bridge.json",
            screen: #"""
                The Toll Bridge
                Type a choice's number; b goes back, r restarts, q quits.

                [Gate]
                The toll-keeper wants five coins, or the ferryman's pass, before you may cross.

                  (coins = 0, pass = false)
                  1. Work a shift at the mill  [if visited_count("Mill") < 2]
                  2. Ask the ferryman
                  3. Go home
                  -. Pay the toll  [locked: $coins >= 5]
                  -. Show the pass  [locked: $pass]
                > 2

                [Ferry]
                The ferryman has lost his pass, and says so twice.

                  (coins = 0, pass = false)
                  1. Back to the gate
                > b
                (back)

                [Gate]
                The toll-keeper wants five coins, or the ferryman's pass, before you may cross.

                  (coins = 0, pass = false)
                  1. Work a shift at the mill  [if visited_count("Mill") < 2]
                  2. Ask the ferryman
                  3. Go home
                  -. Pay the toll  [locked: $coins >= 5]
                  -. Show the pass  [locked: $pass]
                > 1

                [Mill]
                The miller pays two coins a shift.

                  (coins = 2, pass = false)
                  1. Back to the gate
                  2. Sleep in the barn
                > r
                (restart)

                [Gate]
                The toll-keeper wants five coins, or the ferryman's pass, before you may cross.

                  (coins = 0, pass = false)
                  1. Work a shift at the mill  [if visited_count("Mill") < 2]
                  2. Ask the ferryman
                  3. Go home
                  -. Pay the toll  [locked: $coins >= 5]
                  -. Show the pass  [locked: $pass]
                > q

                """#),
        PlayCase(
            format: "Twee (SugarCube)", story: "Examples/clockwork-sugarcube.twee",
            screen: #"""
                The Clockwork Tower
                Type a choice's number; b goes back, r restarts, q quits.

                [Workshop]
                The great clock above the town stopped at midnight, and the clockmaker has not come down from her tower since. Her workshop smells of brass filings and cold tea.
                → Climb the tower stairs
                → Read the open ledger

                  (gears = 0, oiled = false)
                  1. Climb the tower stairs
                  2. Read the open ledger
                > 2

                [Ledger]
                The last entry, in a hurried hand: "Three gears are missing from the strike train. Without them the bells will not answer."
                → Close the ledger

                  (gears = 0, oiled = false)
                  1. Close the ledger
                > b
                (back)

                [Workshop]
                The great clock above the town stopped at midnight, and the clockmaker has not come down from her tower since. Her workshop smells of brass filings and cold tea.
                → Climb the tower stairs
                → Read the open ledger

                  (gears = 0, oiled = false)
                  1. Climb the tower stairs
                  2. Read the open ledger
                > 1

                [Stairwell]
                The stairs wind up inside the wall.
                → Go up to the gear room
                → Look out of the arrow slit

                  (gears = 0, oiled = false)
                  1. Go up to the gear room
                  2. Look out of the arrow slit
                  -. Wind the mainspring  [locked: $gears gte 3]
                > r
                (restart)

                [Workshop]
                The great clock above the town stopped at midnight, and the clockmaker has not come down from her tower since. Her workshop smells of brass filings and cold tea.
                → Climb the tower stairs
                → Read the open ledger

                  (gears = 0, oiled = false)
                  1. Climb the tower stairs
                  2. Read the open ledger
                > q

                """#),
        PlayCase(
            format: "ink", story: "Examples/ferry.ink",
            screen: #"""
                ferry
                Type a choice's number; b goes back, r restarts, q quits.

                [dock]
                The ferry bumps against the dock.
                An old ferryman holds out a hand for the fare.

                  (coins = 2, lantern_lit = false, FARE = 1)
                  1. Pay the fare
                  2. Argue about the price
                  -. Pay double  [locked: coins > 2]
                > 2

                [dock.argued]
                "Prices rise with the river," he says.

                  (coins = 2, lantern_lit = false, FARE = 1)
                  1. Pay after all
                  2. Walk away
                > b
                (back)

                [dock]
                The ferry bumps against the dock.
                An old ferryman holds out a hand for the fare.

                  (coins = 2, lantern_lit = false, FARE = 1)
                  1. Pay the fare
                  2. Argue about the price
                  -. Pay double  [locked: coins > 2]
                > 1

                [dock.c-0]
                He pockets the coin without a word.

                [dock.aboard]
                You step onto the deck.

                  (coins = 1, lantern_lit = false, FARE = 1)
                  1. Look up at the mast
                  2. Sit in the bow
                > r
                (restart)

                [dock]
                The ferry bumps against the dock.
                An old ferryman holds out a hand for the fare.

                  (coins = 2, lantern_lit = false, FARE = 1)
                  1. Pay the fare
                  2. Argue about the price
                  -. Pay double  [locked: coins > 2]
                > q

                """#),
        PlayCase(
            format: "Yarn", story: "Examples/orchard.yarn",
            screen: #"""
                orchard
                Type a choice's number; b goes back, r restarts, q quits.

                [Start]
                Wren: The orchard gate is open tonight.

                  (apples = 0, met_keeper = false)
                  1. Step through the gate
                  2. Knock on the keeper's hut
                  3. Go home
                > 2

                [Keeper]
                Keeper: Mind the old tree. It keeps what it takes.

                [Start#3]
                Wren: Back to the gate, then.

                [Rows]
                Wren: Rows of trees, silver under the moon.

                  (apples = 0, met_keeper = true)
                  1. Pick an apple  [if $apples < 3]
                  2. Walk to the old tree
                  3. Leave with {$apples} apples
                > b
                (back)

                [Start]
                Wren: The orchard gate is open tonight.

                  (apples = 0, met_keeper = false)
                  1. Step through the gate
                  2. Knock on the keeper's hut
                  3. Go home
                > 1

                [Rows]
                Wren: Rows of trees, silver under the moon.

                  (apples = 0, met_keeper = false)
                  1. Pick an apple  [if $apples < 3]
                  2. Walk to the old tree
                  3. Leave with {$apples} apples
                > r
                (restart)

                [Start]
                Wren: The orchard gate is open tonight.

                  (apples = 0, met_keeper = false)
                  1. Step through the gate
                  2. Knock on the keeper's hut
                  3. Go home
                > q

                """#),
        PlayCase(
            format: "ChoiceScript", story: "Examples/lamplighter",
            screen: #"""
                The Last Lamplighter
                Type a choice's number; b goes back, r restarts, q quits.

                [startup]
                Tonight the town lights its gas lamps by hand for the last time. Tomorrow the
                electric wires arrive, and your pole and ladder go to the museum.

                  (oil = 3, kindness = 50, ladder = false)
                  1. Polish the brass hook first.
                  2. Fill your oil can.
                  3. Set off at once.
                > 2

                [startup:depot]
                At the depot, old Marta holds out the long ladder.

                  (oil = 5, kindness = 50, ladder = false)
                  1. Take the ladder.
                  2. Leave it; the pole will do.
                > b
                (back)

                [startup]
                Tonight the town lights its gas lamps by hand for the last time. Tomorrow the
                electric wires arrive, and your pole and ladder go to the museum.

                  (oil = 3, kindness = 50, ladder = false)
                  1. Polish the brass hook first.
                  2. Fill your oil can.
                  3. Set off at once.
                > 1

                [startup@17]
                It gleams in the dusk.

                [startup:depot]
                At the depot, old Marta holds out the long ladder.

                  (oil = 3, kindness = 50, ladder = false)
                  1. Take the ladder.
                  2. Leave it; the pole will do.
                > r
                (restart)

                [startup]
                Tonight the town lights its gas lamps by hand for the last time. Tomorrow the
                electric wires arrive, and your pole and ladder go to the museum.

                  (oil = 3, kindness = 50, ladder = false)
                  1. Polish the brass hook first.
                  2. Fill your oil can.
                  3. Set off at once.
                > q

                """#),
        // The Destini app source of the lighthouse story: the same screens under its own title.
        PlayCase(
            format: "app source (Swift)", story: "Examples/StoryBrain.swift",
            screen: lighthouseScreen.replacingOccurrences(of: "The Lighthouse Keeper\n", with: "StoryBrain\n")),
        PlayCase(
            format: "app source (Objective-C)", story: "Examples/Mission.m",
            screen: #"""
                Mission
                Type a choice's number; b goes back, r restarts, q quits.

                [currentPiece]
                Headquarters calls: a device has been found under the old clock tower. You can take the job, or you can finally take that holiday.

                  1. Accept the mission
                  2. Go on holiday
                > 2

                [beach]
                The beach is perfect until a stranger sits beside you and says the device was a decoy: the real one is in your suitcase.

                  1. Run for the sea
                  2. Fight the stranger
                > b
                (back)

                [currentPiece]
                Headquarters calls: a device has been found under the old clock tower. You can take the job, or you can finally take that holiday.

                  1. Accept the mission
                  2. Go on holiday
                > 1

                [tower]
                Under the clock face, a tangle of wires and a timer showing forty seconds. Two wires lead to the detonator.

                  1. Cut the red wire
                  2. Cut the blue wire
                > r
                (restart)

                [currentPiece]
                Headquarters calls: a device has been found under the old clock tower. You can take the job, or you can finally take that holiday.

                  1. Accept the mission
                  2. Go on holiday
                > q

                """#),
        PlayCase(
            format: "gamebook data (YAML)", story: "Examples/salt-road.yaml",
            screen: #"""
                The Salt Road
                Type a choice's number; b goes back, r restarts, q quits.

                [gate]
                The caravan halts at the city gate at dusk. A guard with a lantern blocks the road and names a price for the night.

                  1. Pay the guard
                  2. Climb the wall by the date palms
                > 2

                [wall]
                The stones are loose. Below, a dry ditch; behind you, the gate.

                  1. Jump down into the city
                  2. Climb back down to the gate
                > b
                (back)

                [gate]
                The caravan halts at the city gate at dusk. A guard with a lantern blocks the road and names a price for the night.

                  1. Pay the guard
                  2. Climb the wall by the date palms
                > 1

                [market]
                Spice sellers are closing their stalls.
                A child waves you towards the well.

                  1. Buy the last sack of pepper
                  2. Rest at the well
                > r
                (restart)

                [gate]
                The caravan halts at the city gate at dusk. A guard with a lantern blocks the road and names a price for the night.

                  1. Pay the guard
                  2. Climb the wall by the date palms
                > q

                """#),
    ]

    static func input(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    @Test(arguments: cases)
    func standardInput(_ play: PlayCase) throws {
        let run = try runBinary(["play", play.story, "-q"], timeout: 60, input: Self.input(Self.typing))
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == play.screen)
    }

    /// On a terminal the terminal echoes what is typed, and play does not: the screen is
    /// the same text (with the terminal's line ends).
    @Test(arguments: cases)
    func pseudoTerminal(_ play: PlayCase) throws {
        let run = try PseudoTerminalRun(["play", play.story, "-q"], typing: Self.typing)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(run.screen == play.screen)
    }

    static let lighthouse = "Examples/lighthouse.json"
    static let ferry = "Examples/ferry.ink"

    /// `--auto` plays run 1 of the seed, the run `fuzz --replay 1` tells (gate → wall →
    /// ditch for seed 3), showing each menu and the pick.
    @Test func autoPlaysTheFuzzRun() throws {
        let run = try runBinary(["play", "Examples/salt-road.yaml", "--auto", "--seed", "3", "-q"], timeout: 60)
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == #"""
                The Salt Road

                [gate]
                The caravan halts at the city gate at dusk. A guard with a lantern blocks the road and names a price for the night.

                  1. Pay the guard
                  2. Climb the wall by the date palms
                > 2

                [wall]
                The stones are loose. Below, a dry ditch; behind you, the gate.

                  1. Jump down into the city
                  2. Climb back down to the gate
                > 1

                [ditch]
                You land badly and the night watch finds you before the merchants do.

                ■ The end.

                """#)
        let fuzz = try runBinary(
            ["fuzz", "Examples/salt-road.yaml", "--replay", "1", "--seed", "3", "-q"], timeout: 60)
        #expect(fuzz.stdout.contains("→ Climb the wall by the date palms\n2. [wall]"))
        #expect(fuzz.stdout.contains("→ Jump down into the city\n3. [ditch]"))
    }

    /// A run that takes a link storygraph cannot follow ends `--auto` with exit code 1.
    @Test func autoRunThatFailsExitsOne() throws {
        let story = Repository.write(Self.gate, name: "gate.ink")
        let run = try runBinary(["play", story, "--auto", "--seed", "3", "-q"], timeout: 60)
        #expect(run.exitCode == 1)
        #expect(
            run.stdout.hasSuffix(
                #"""
                > 1

                ✗ This link goes where the story computes when it runs ('way') (\#(story):6:4); storygraph cannot follow it.

                """#))
    }

    /// A story whose divert goes where a function's result says (ink's `-> way`, `way`
    /// given `pick(-> yard)`): storygraph cannot follow it.
    static let gate = """
        A gate.
        * [Open it] -> gate

        === gate ===
        ~ temp way = pick(-> yard)
        -> way

        === yard ===
        A yard.
        -> END

        === function pick(x) ===
        ~ return x

        """

    /// A run the step cap stops shows the menu it stopped at, and exits 1.
    @Test func autoRunStoppedByTheCap() throws {
        let run = try runBinary(["play", Self.lighthouse, "--auto", "--seed", "3", "--max-steps", "1"], timeout: 60)
        #expect(run.exitCode == 1)
        #expect(
            run.stdout.hasSuffix(
                """
                > 2

                [1]
                The skipper shouts that his engine is dead and begs you to guide him in by voice.

                  1. Talk him through the channel
                  2. Tell him to drop anchor
                ✗ Stuck: 1 choice without an ending (the step cap).

                """))
    }

    /// `--replay I` plays run I, then the reader goes on from where it stopped: back from
    /// the computed link, and another choice.
    @Test func replayThenGoOn() throws {
        let story = Repository.write(Self.gate, name: "gate.ink")
        let run = try runBinary(
            ["play", story, "--replay", "1", "--seed", "3", "-q"], timeout: 60, input: Self.input(["b", "b", "1", "q"]))
        #expect(run.exitCode == 0)
        #expect(run.stdout.hasPrefix("gate\nType a choice's number; b goes back, r restarts, q quits.\n\n[(root)]\n"))
        #expect(
            run.stdout.hasSuffix(
                #"""
                > 1

                ✗ This link goes where the story computes when it runs ('way') (\#(story):6:4); storygraph cannot follow it. b goes back, r restarts, q quits.
                > b
                (back)

                [gate]
                (no text)

                  1. (goes on to way)  ✗ computed: way
                > b
                (back)

                [(root)]
                A gate.

                  1. Open it
                > 1

                [gate]
                (no text)

                  1. (goes on to way)  ✗ computed: way
                > q

                """#))
    }

    static let tollBridge = "Examples/toll-bridge.json"

    /// The labels a screen shows picked: each `> N` after a menu, as that menu lists N.
    static func picked(_ screen: String) -> [String] {
        var menu: [String: String] = [:]
        var out: [String] = []
        for line in screen.split(separator: "\n").map(String.init) {
            if let dot = line.firstIndex(of: "."), line.hasPrefix("  "),
                let n = Int(line[..<dot].trimmingCharacters(in: .whitespaces))
            {
                menu[String(n)] = String(line[line.index(dot, offsetBy: 2)...]).components(separatedBy: "  [")[0]
            } else if line.hasPrefix("> "), let label = menu[String(line.dropFirst(2))] {
                out.append(label)
                menu = [:]
            }
        }
        return out
    }

    /// `--auto --policy state` plays run 1 of `fuzz --policy state`: the same choices, in
    /// a session whose variables (and locked choices) are shown.
    @Test func autoUnderStatePlaysTheStateFuzzRun() throws {
        let run = try runBinary(
            ["play", Self.tollBridge, "--auto", "--seed", "1", "--policy", "state", "-q"], timeout: 60)
        #expect(run.exitCode == 0)
        let fuzz = try runBinary(
            ["fuzz", Self.tollBridge, "--replay", "1", "--seed", "1", "--policy", "state", "-q"], timeout: 60)
        let arrows = fuzz.stdout.split(separator: "\n").filter { $0.hasPrefix("   → ") }.map { String($0.dropFirst(5)) }
        #expect(arrows.count == 8)
        #expect(Self.picked(run.stdout) == arrows)
        #expect(
            run.stdout.contains(
                "\n[Mill]\nThe miller pays two coins a shift.\n\n  (coins = 4, pass = false)\n  1. Back to the gate\n  2. Sleep in the barn\n> 2\n"
            ))
        #expect(run.stdout.hasSuffix("\n[Barn]\nYou sleep in the straw and forget the city.\n\n■ The end (neutral).\n"))
    }

    static let gateChoices = """
          1. Work a shift at the mill  [if visited_count("Mill") < 2]
          2. Ask the ferryman
          3. Go home
          -. Pay the toll  [locked: $coins >= 5]
          -. Show the pass  [locked: $pass]
        """

    /// Back and restart rebuild the state from the steps kept: the coins a shift paid are
    /// taken back with it, and two shifts lock the mill.
    @Test func backAndRestartRecomputeTheState() throws {
        let run = try runBinary(
            ["play", Self.tollBridge, "-q"], timeout: 60, input: Self.input(["1", "b", "1", "1", "1", "1", "r", "q"]))
        #expect(run.exitCode == 0)
        let gate = "[Gate]\nThe toll-keeper wants five coins, or the ferryman's pass, before you may cross.\n\n"
        let menus = run.stdout.components(separatedBy: gate).dropFirst().map { $0.components(separatedBy: "\n> ")[0] }
        let atTheStart = "  (coins = 0, pass = false)\n" + Self.gateChoices
        #expect(
            menus == [
                atTheStart,
                atTheStart,
                "  (coins = 2, pass = false)\n" + Self.gateChoices,
                "  (coins = 4, pass = false)\n  1. Ask the ferryman\n  2. Go home\n  -. Work a shift at the mill  [locked: visited_count(\"Mill\") < 2]\n  -. Pay the toll  [locked: $coins >= 5]\n  -. Show the pass  [locked: $pass]",
                atTheStart,
            ])
    }

    /// `--replay I --policy state` plays run I of the state fuzz, then the reader goes on
    /// with its state: back twice from the barn is the gate after one shift, the mill open.
    @Test func replayUnderStateGoesOnWithTheState() throws {
        let run = try runBinary(
            ["play", Self.tollBridge, "--replay", "1", "--seed", "1", "--policy", "state", "-q"], timeout: 60,
            input: Self.input(["b", "b", "q"]))
        #expect(run.exitCode == 0)
        #expect(Self.picked(run.stdout).count == 8)
        #expect(
            run.stdout.hasSuffix(
                """
                ■ The end (neutral). r restarts, b goes back, q quits.
                > b
                (back)

                [Mill]
                The miller pays two coins a shift.

                  (coins = 4, pass = false)
                  1. Back to the gate
                  2. Sleep in the barn
                > b
                (back)

                [Gate]
                The toll-keeper wants five coins, or the ferryman's pass, before you may cross.

                  (coins = 2, pass = false)
                \(Self.gateChoices)
                > q

                """))
    }

    /// `--ignore-conditions` is the structural play: every choice offered, conditions as written.
    @Test func ignoreConditionsOffersEveryChoice() throws {
        let run = try runBinary(
            ["play", Self.tollBridge, "--ignore-conditions", "-q"], timeout: 60, input: Self.input(["4", "q"]))
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.contains(
                """
                  1. Work a shift at the mill  [if visited_count("Mill") < 2]
                  2. Ask the ferryman
                  3. Pay the toll  [if $coins >= 5]
                  4. Show the pass  [if $pass]
                  5. Go home
                > 4

                [Bridge]
                """))
        #expect(!run.stdout.contains("coins ="))
        let refused = try runBinary(
            ["play", Self.tollBridge, "--auto", "--policy", "state", "--ignore-conditions"], timeout: 60)
        #expect(refused.exitCode == 64)
        #expect(
            refused.stderr.contains(
                "--ignore-conditions cannot be used with --policy state, which plays the conditions"))
    }

    /// `--witness ENDING` plays the state search's shortest way to the ending (report's
    /// STATE witness), step by step, and stops there.
    @Test func witnessPlaysTheWayToAnEnding() throws {
        let run = try runBinary(["play", Self.tollBridge, "--witness", "Barn", "-q"], timeout: 60)
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                The Toll Bridge

                [Gate]
                The toll-keeper wants five coins, or the ferryman's pass, before you may cross.

                  (coins = 0, pass = false)
                \(Self.gateChoices)
                > 1

                [Mill]
                The miller pays two coins a shift.

                  (coins = 2, pass = false)
                  1. Back to the gate
                  2. Sleep in the barn
                > 2

                [Barn]
                You sleep in the straw and forget the city.

                ■ The end (neutral).

                """)
        // ink: the witness's automatic steps (a gather, a divert) are passed through.
        let ink = try runBinary(["play", Self.ferry, "--witness", "far_shore.c-0", "-q"], timeout: 60)
        #expect(ink.exitCode == 0)
        #expect(
            Self.picked(ink.stdout) == [
                "Pay the fare", "Sit in the bow", "Look ahead", "Climb the bank",
            ])
        #expect(ink.stdout.hasSuffix("> 1\n\n[far_shore.c-0]\n(no text)\n\n■ The end.\n"))
    }

    @Test func witnessOfAnEndingNoReaderReaches() throws {
        let blocked = try runBinary(["play", Self.tollBridge, "--witness", "City"], timeout: 60)
        #expect(blocked.exitCode == 1)
        #expect(blocked.stdout == "")
        #expect(
            blocked.stderr
                == "play: no reader reaches ending 'City' given the story's variables; blocked by 'Pay the toll' in Gate ($coins >= 5); 'Show the pass' in Gate ($pass)\n"
        )
        let notAnEnding = try runBinary(["play", Self.tollBridge, "--witness", "Mill"], timeout: 60)
        #expect(notAnEnding.exitCode == 64)
        #expect(notAnEnding.stdout == "")
        #expect(
            notAnEnding.stderr.hasPrefix("error: --witness: 'Mill' is not an ending (the endings: City, Barn, Home)\n"))
        let withAuto = try runBinary(["play", Self.tollBridge, "--witness", "Barn", "--auto"], timeout: 60)
        #expect(withAuto.exitCode == 64)
        #expect(
            withAuto.stderr.hasPrefix(
                "error: --witness cannot be used with --auto: it plays the state search's own way from the start\n"))
    }

    /// A once-only choice taken is not offered again on that way; going back offers it again
    /// (the structural play of `--ignore-conditions`, every condition offered as written).
    @Test func backGivesAOnceOnlyChoiceBack() throws {
        let run = try runBinary(
            ["play", Self.ferry, "--ignore-conditions", "-q"], timeout: 60,
            input: Self.input(["1", "1", "1", "1", "b", "q"]))
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.hasSuffix(
                #"""
                > 1

                [crossing.mid_river.c-0]
                Fish rise to the light.
                You see nothing at all.

                [crossing.mid_river]
                The far bank is a grey line in the mist.

                  1. Look ahead
                  2. Ask the ferryman his name
                  3. Ask again  [if asked]
                > b
                (back)

                [crossing.mid_river]
                The far bank is a grey line in the mist.

                  1. Watch the water
                  2. Look ahead
                  3. Ask the ferryman his name
                  4. Ask again  [if asked]
                > q

                """#))
    }

    /// `--from` begins at a passage; at an ending a number is refused; the end of the input
    /// ends play with exit code 0.
    @Test func fromAnEndingAndTheEndOfInput() throws {
        let run = try runBinary(["play", Self.lighthouse, "--from", "5"], timeout: 60, input: Self.input(["1", "b"]))
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == #"""
                The Lighthouse Keeper
                Type a choice's number; b goes back, r restarts, q quits.

                [5]
                The beam sweeps the bay again. The boat slips between the rocks and into the harbour, horn blaring its thanks.

                ■ The end (good). r restarts, b goes back, q quits.
                > 1
                Type b (back), r (restart) or q (quit).
                > b
                Nothing to go back to: no choice has been made yet.
                > 

                """#)
    }

    @Test func aWrongNumberIsExplained() throws {
        let run = try runBinary(["play", Self.lighthouse], timeout: 60, input: Self.input(["3", "x", "q"]))
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.hasSuffix(
                """
                > 3
                Type a number from 1 to 2, b (back), r (restart) or q (quit).
                > x
                Type a number from 1 to 2, b (back), r (restart) or q (quit).
                > q

                """))
    }

    /// `--transcript` holds the session as a session without a terminal shows it, also
    /// when play ran on a terminal (which echoed what was typed).
    @Test func transcriptIsTheSession() throws {
        let folder = Repository.temporaryFolder()
        let piped = folder.appendingPathComponent("piped.txt").path
        let run = try runBinary(
            ["play", Self.lighthouse, "--transcript", piped], timeout: 60, input: Self.input(Self.typing))
        #expect(run.exitCode == 0)
        #expect(try String(contentsOfFile: piped, encoding: .utf8) == run.stdout)
        let onTerminal = folder.appendingPathComponent("terminal.txt").path
        let terminal = try PseudoTerminalRun(
            ["play", Self.lighthouse, "--transcript", onTerminal], typing: Self.typing)
        #expect(terminal.exitCode == 0)
        #expect(try String(contentsOfFile: onTerminal, encoding: .utf8) == run.stdout)
        #expect(terminal.screen == run.stdout)
    }

    /// A transcript that cannot be written stops play before it begins (65).
    @Test func unwritableTranscriptIsRefusedFirst() throws {
        let run = try runBinary(
            ["play", Self.lighthouse, "--transcript", "/no/such/folder/t.txt"], timeout: 60, input: Self.input(["1"]))
        #expect(run.exitCode == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "error: cannot write /no/such/folder/t.txt: no such folder: /no/such/folder\n")
    }

    /// Story text that would drive the terminal is shown escaped: in the title, a
    /// passage's id and text, a choice's label and its condition.
    @Test func storyTextIsEscaped() throws {
        let story = Repository.write(
            #"""
            {"title": "T\u001b]0;owned\u0007", "start": "a\u001b[2J", "passages": [
              {"id": "a\u001b[2J", "text": "line one\n\u001b[31mred\rback", "choices": [{"text": "go\u001b[1A", "to": "b", "if": "$x\u0007"}]},
              {"id": "b", "text": "end", "ending": true}
            ]}
            """#, name: "hostile.json")
        let run = try runBinary(["play", story, "-q"], timeout: 60, input: Self.input(["q"]))
        #expect(run.exitCode == 0)
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{7}") && !run.stdout.contains("\r"))
        #expect(
            run.stdout == #"""
                T\e]0;owned\u{07}
                Type a choice's number; b goes back, r restarts, q quits.

                [a\e[2J]
                line one
                \e[31mred\rback

                  1. go\e[1A  [if $x\u{07}, undecided]
                > q

                """#)
    }

    @Test(arguments: [
        (["--from", "nowhere"], "error: --from: no passage named 'nowhere'\nSee 'storygraph help play'.\n"),
        (["--from", "6"], "error: --from: no passage named '6'; did you mean '0'?\nSee 'storygraph help play'.\n"),
        (
            ["--seed", "4"],
            "error: --seed needs --auto or --replay (it picks the fuzz run to play)\nSee 'storygraph help play'.\n"
        ),
        (
            ["--auto", "--from", "2"],
            "error: --from cannot be used with --auto or --replay: a fuzz run begins at the start\nSee 'storygraph help play'.\n"
        ),
    ])
    func usageErrors(_ extra: [String], _ message: String) {
        let run = runCLI(["play", Repository.path(Self.lighthouse)] + extra)
        #expect(run.exitCode == 64)
        #expect(run.stderr == message)
        #expect(run.stdout == "")
    }

    @Test func storyFromStandardInputNeedsAuto() throws {
        let refused = runCLI(["play", "-"])
        #expect(refused.exitCode == 64)
        #expect(
            refused.stderr.hasPrefix(
                "error: STORY '-' reads the story from standard input, where play reads the choices"))
        let story = try Data(contentsOf: URL(fileURLWithPath: Repository.path(Self.lighthouse)))
        let auto = try runBinary(["play", "-", "--auto", "--seed", "3"], timeout: 60, input: story)
        #expect(auto.exitCode == 0)
        #expect(auto.stdout.hasPrefix("The Lighthouse Keeper\n\n[0]\n"))
        #expect(auto.stdout.hasSuffix("■ The end (good).\n"))
    }
}
