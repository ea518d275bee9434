import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// Arithmetic as each story language's own runtime does it (issue 24): ink divides two
/// integers as integers, ChoiceScript's fairmath rounds and clamps as its `scene.js` does.
/// Each story is written so that the state search's verdict on one choice depends on the
/// exact value.
@Suite struct RuntimeArithmeticTests {
    static func state(_ name: String, _ text: String) throws -> (StoryGraph, StateAnalysis) {
        let result = try Load.text(text, path: "/fixture/arithmetic/\(name)")
        let graph = StoryGraph(result.story)
        return (graph, StateAnalysis(graph))
    }

    static func labels(_ graph: StoryGraph, _ refs: [ChoiceRef]) -> [String] {
        refs.map { graph.choice($0).text }.sorted()
    }

    /// `7 / 2` is 3 in ink (`int / int` is an `int`), and `(7 / 2) % 2` is 1; a decimal
    /// operand keeps the division exact (`7.0 / 2` is 3.5).
    @Test func inkDividesIntegersAsIntegers() throws {
        let (graph, s) = try Self.state(
            "division.ink",
            """
            VAR x = 7
            VAR y = 7.0
            ~ x = x / 2
            ~ y = y / 2
            -> hub
            === hub ===
            * {x == 3} [Three] -> done
            * {x == 3.5} [Three and a half] -> done
            * {(x / 2) % 2 == 1} [Odd half] -> done
            * {y == 3.5} [Exact] -> done
            * [Leave] -> done
            === done ===
            -> END
            """)
        #expect(s.isComplete)
        #expect(Self.labels(graph, s.alwaysTrue) == ["Exact", "Odd half", "Three"])
        #expect(Self.labels(graph, s.neverTrue) == ["Three and a half"])
    }

    /// ChoiceScript's `%-` rounds up (50 %- 25 is 38, not 37), `%+` rounds down and stops
    /// at 99 (10 %+ 100 is 99), and `%-` never goes below 1 (0 %- 50 is 1).
    @Test func choiceScriptFairmathRoundsAndClampsAsSceneJS() throws {
        let (graph, s) = try Self.state(
            "startup.txt",
            """
            *create s 50
            *create t 10
            *create z 0
            *create u 41
            *set s %-25
            *set t %+100
            *set z %-50
            *set u %+25
            *choice
              *if (s = 38) #Rounded up
                *finish
              *if (t = 99) #Capped
                *finish
              *if (z = 1) #Floored
                *finish
              *if (u = 55) #Rounded down
                *finish
              #Leave
                *finish
            """)
        #expect(s.isComplete)
        #expect(Self.labels(graph, s.alwaysTrue) == ["Capped", "Floored", "Rounded down", "Rounded up"])
        #expect(s.neverTrue.isEmpty)
    }
}
