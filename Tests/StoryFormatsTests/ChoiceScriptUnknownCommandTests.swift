import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// A `*command` ChoiceScript does not have (scene.js: "Non-existent command"), wherever a
/// command may stand: in the flow and among a *choice's options.
@Suite struct ChoiceScriptUnknownCommandTests {
    static func findings(_ scenes: [(String, String)]) throws -> [String] {
        let result = try ChoiceScriptLoaderTests.load(scenes)
        return result.diagnostics.filter { $0.ruleID?.hasPrefix("choicescript-") ?? false }.map {
            "\(($0.location?.file as NSString?)?.lastPathComponent ?? ""):\($0.location?.line ?? 0) "
                + "\($0.severity) \($0.message) [\($0.ruleID ?? "")]"
        }
    }

    @Test func aCommandAmongTheOptionsThatDoesNotExistIsNotMistakenForAMisplacedOne() throws {
        let startup = """
            *title Options
            *scene_list
              startup
              harbour

            *choice
              #Stay
                *ending
              *finsh
              #Go
                *finish
            """
        let harbour = "*selectable_if (true) #Board\n*ending\n"
        #expect(
            try Self.findings([("startup", startup), ("harbour", harbour)]) == [
                "harbour.txt:1 error Non-existent command '*selectable_if' [choicescript-unknown-command]",
                "startup.txt:9 error Non-existent command '*finsh'; did you mean '*finish'? [choicescript-unknown-command]",
            ])
    }

    @Test func everyCommandOfTheInterpreterIsKnownAndOnlyOptionModifiersAreLeftOut() {
        // scene.js's table of valid commands has 86 names; *selectable_if and
        // *random_weight only modify an #option.
        #expect(ChoiceScriptCommands.known.count == 86)
        #expect(!ChoiceScriptCommands.known.contains("selectable_if"))
        #expect(!ChoiceScriptCommands.known.contains("random_weight"))
        for command in ["goto", "finish", "save_checkpoint", "restore_checkpoint", "ifid", "achieve", "params"] {
            #expect(ChoiceScriptCommands.known.contains(command))
        }
    }
}
