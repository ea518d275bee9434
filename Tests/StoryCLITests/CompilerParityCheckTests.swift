import Foundation
import StoryGraph
import TestSupport
import Testing

/// `check` reports what the story's own compiler reports, at its file and line, end to end
/// on the binary: one mistake per story, and a correct story beside it with no such finding.
@Suite struct CompilerParityCheckTests {
    /// `check`'s finding lines for `text` written as `name` (the path made relative), and
    /// its exit code.
    static func check(_ name: String, _ text: String) throws -> (lines: [String], exitCode: Int32) {
        let path = Repository.write(text, name: name)
        let run = try runBinary(["check", path])
        let lines = run.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: path, with: name) }
        return (lines, run.exitCode)
    }

    static let choiceScriptTypos = """
        *title Typos
        *scene_list
          startup

        The road forks.
        *choice
          #Left
            You go left.
            *got wall
          #Right
            *goto sea
        *label wall
        A wall.
        *finsh
        *label sea
        The sea.
        *ending
        """

    @Test func aChoiceScriptCommandThatDoesNotExistIsAnErrorWithTheCommandItWasMeantToBe() throws {
        // quicktest: "startup line 9: Non-existent command 'got'". The game stops there, so
        // the option's body falling out of its *choice is not reported as well.
        #expect(
            try Self.check("startup.txt", Self.choiceScriptTypos) == (
                [
                    "startup.txt:9:5: error: Non-existent command '*got'; did you mean '*goto'? [choicescript-unknown-command]",
                    "startup.txt:14:1: error: Non-existent command '*finsh'; did you mean '*finish'? [choicescript-unknown-command]",
                ], 1
            ))
        let fixed = Self.choiceScriptTypos.replacingOccurrences(of: "*got wall", with: "*goto wall")
            .replacingOccurrences(of: "*finsh", with: "*goto sea")
        #expect(try Self.check("startup.txt", fixed) == ([], 0))
    }

    static let sugarCubeUnclosedIf = """
        :: StoryData
        {"ifid":"D674C58C-DEFA-4F70-B7A2-27742230C0FC","format":"SugarCube","format-version":"2.36.1","start":"Start"}

        :: Start
        You wait by the door.
        <<if random(1, 2) is 1>>
        [[Open the door|Hall]]

        :: Hall
        The hall.
        <<if random(1, 2) is 1>>It is lit.<</if>>
        """

    @Test func aSugarCubeIfWithNoClosingTagIsAnErrorAtTheIf() throws {
        // SugarCube: "cannot find a closing tag for macro <<if>>", for Start's <<if>> (line
        // 6); Hall's is closed. The story is still read: its link is followed.
        #expect(
            try Self.check("story.twee", Self.sugarCubeUnclosedIf) == (
                [
                    "story.twee:6:1: error: '<<if>>' is not closed by '<</if>>' in its passage; SugarCube stops with 'cannot find a closing tag for macro <<if>>' [sugarcube-unclosed-macro]"
                ], 1
            ))
        let fixed = Self.sugarCubeUnclosedIf.replacingOccurrences(
            of: "[[Open the door|Hall]]\n", with: "[[Open the door|Hall]]\n<</if>>\n")
        #expect(try Self.check("story.twee", fixed) == ([], 0))
    }
}
