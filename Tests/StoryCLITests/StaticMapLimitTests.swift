import Foundation
import TestSupport
import Testing

/// `map` to PNG never writes a blank or silently shrunk image, Graphviz's own lines never
/// reach stderr, and a layout shows a spinner on a terminal only.
@Suite struct StaticMapLimitTests {
    @Test func aTenThousandPassageGamebookAsPNGIsRefusedWithOurMessageAlone() throws {
        let folder = Repository.temporaryFolder()
        let story = folder.appendingPathComponent("gamebook.json").path
        #expect(runCLI(["generate", "gamebook", "10000", "--seed", "1", "-o", story, "--quiet"]).exitCode == 0)
        let png = folder.appendingPathComponent("map.png").path
        // The built binary, so that whatever Graphviz prints to the process's stderr is seen.
        let run = try runBinary(["map", story, "--style", "compact", "-o", png])
        #expect(run.exitCode == 65)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines.first
                == "engine auto: sfdp with the fast quadtree and overlaps scaled apart for 10000 boxes (exact overlap removal above 8000 boxes takes minutes); --focus/--ending draw part of the story"
        )
        let error = lines.count > 1 ? lines[1] : ""
        #expect(error.hasPrefix("\(story):1:1: error: the map is "))
        #expect(
            error.hasSuffix(
                " px as PNG, past the 32,766 px a side Graphviz's bitmap renderer draws (it would shrink the picture to a blank); "
                    + "write SVG (-o map.svg), the HTML report (report STORY --format html), or draw part of the story with --focus PASSAGE or --cluster [map-bitmap-size]"
            ))
        #expect(!run.stderr.contains("cairo"))
        #expect(!FileManager.default.fileExists(atPath: png))
        // Under --quiet the refusal is all there is.
        let quiet = try runBinary(["map", story, "--style", "compact", "-o", png, "--quiet"])
        #expect(quiet.exitCode == 65)
        #expect(quiet.stderr == error + "\n")
    }

    @Test func aLayoutShowsASpinnerOnATerminalAndErasesIt() throws {
        let folder = Repository.temporaryFolder()
        let story = folder.appendingPathComponent("gamebook.json").path
        #expect(runCLI(["generate", "gamebook", "300", "--seed", "1", "-o", story, "--quiet"]).exitCode == 0)
        let svg = folder.appendingPathComponent("map.svg").path
        let run = try PseudoTerminalRun(["map", story, "-o", svg], typing: [], timeout: 120, stderrOnTerminal: true)
        #expect(run.exitCode == 0)
        #expect(!run.timedOut)
        // Boxes: 300 passages and their choices; the first frame comes after 0.2 s.
        #expect(run.screen.contains("\r\u{1B}[2K⠋ laying out "))
        #expect(run.screen.contains(" boxes with dot  0 s"))
        // Erased before the summary line.
        #expect(run.screen.contains("\r\u{1B}[2Kwrote \(svg) (svg, 300 passages, "))
        // Not on a pipe, nor under --quiet on a terminal.
        let piped = try runBinary(["map", story, "-o", svg])
        #expect(!piped.stderr.contains("laying out"))
        let quiet = try PseudoTerminalRun(
            ["map", story, "-o", svg, "--quiet"], typing: [], timeout: 120, stderrOnTerminal: true)
        #expect(quiet.screen == "")
    }
}

/// `map` to PNG or PDF warns once when no installed font has a label's character.
@Suite struct FontWarningTests {
    @Test func oneWarningNamesWhatNoFontCovers() {
        let story = Repository.write(
            #"""
            {"title": "t", "passages": [
              {"id": "s", "text": "숲 \ue000 \ud83e\udecd and \ue000 again", "choices": [{"text": "日本 \ue000", "to": "e"}]},
              {"id": "e", "text": "The end. 🌲"}
            ]}
            """#, name: "fonts.json")
        let folder = (story as NSString).deletingLastPathComponent
        let warning =
            "warning: no installed font has 2 characters of the map's labels (U+E000 \u{E000}, U+1FACD \u{1FACD}); "
            + "PNG and PDF draw them as empty boxes: install fonts-noto-cjk and fonts-noto-color-emoji (make deps), or write SVG"
        for format in ["png", "pdf"] {
            let run = runCLI(["map", story, "-o", folder + "/map." + format])
            #expect(run.exitCode == 0)
            #expect(run.stderr.split(separator: "\n").first.map(String.init) == warning)
            #expect(run.stderr.components(separatedBy: "no installed font").count == 2)
        }
        #expect(!runCLI(["map", story, "-o", folder + "/map.svg"]).stderr.contains("no installed font"))
        #expect(runCLI(["map", story, "-o", folder + "/map.png", "--quiet"]).stderr == "")
        // The Korean example has a font for everything.
        #expect(
            !runCLI(["map", Repository.path("Examples/ForestBrain.swift"), "-o", folder + "/forest.png"]).stderr
                .contains("no installed font"))
    }
}
