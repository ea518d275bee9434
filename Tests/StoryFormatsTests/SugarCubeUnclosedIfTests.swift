import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// A SugarCube `<<if>>` whose closing tag is missing, as SugarCube's own parser finds it:
/// the passage ends, or an enclosing macro's closing tag comes, before any `<</if>>`.
@Suite struct SugarCubeUnclosedIfTests {
    static func unclosed(_ passages: String, format: String = "SugarCube") throws -> [String] {
        let header = ":: StoryData\n{\"format\":\"\(format)\",\"start\":\"Start\"}\n\n"
        let result = try Load.text(header + passages, path: "/fixture/story.twee")
        return result.diagnostics.filter { $0.ruleID == FormatRules.sugarCubeUnclosedMacro.id }.map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity)"
        }
    }

    @Test func theOuterOfTwoIfsWithOneClosingTagAndAnIfInsideALinkAreUnclosed() throws {
        let passages = """
            :: Start
            <<if random(1, 2) is 1>> <<if random(1, 2) is 1>>Lit.<</if>>
            <<link "Wait">> <<if random(1, 2) is 1>>Later.<</link>>
            <<if random(1, 2) is 1>>Closed the old way.<<endif>>
            [[Hall]]

            :: Hall
            <<if random(1, 2) is 1>>Fine.<<else>>Also fine.<</if>>
            """
        #expect(try Self.unclosed(passages) == ["5:1 error", "6:17 error"])
    }

    @Test func otherStoryFormatsAreLeftAlone() throws {
        #expect(try Self.unclosed(":: Start\n<<if $x>>\n[[Hall]]\n\n:: Hall\nEnd.\n", format: "Harlowe") == [])
        #expect(try Self.unclosed(":: Start\n<<if $x>>\n[[Hall]]\n\n:: Hall\nEnd.\n", format: "") == [])
    }
}
