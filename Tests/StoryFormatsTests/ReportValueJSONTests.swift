import Foundation
import StoryFormats
import Testing

@testable import StoryGraph

/// `ReportValue.jsonBytes()` writes the bytes `JSONOutput.encode` (Foundation's
/// `JSONEncoder`) writes, for every report of the examples and for the corners of JSON:
/// escapes, numbers, empty containers, keys that snake_case or sorting change.
@Suite struct ReportValueJSONTests {
    static func encoded(_ value: ReportValue) -> String {
        String(decoding: JSONOutput.encode(value), as: UTF8.self)
    }

    static func written(_ value: ReportValue) -> String {
        String(decoding: value.jsonBytes(), as: UTF8.self)
    }

    @Test(arguments: [
        "lighthouse.json", "clockwork-sugarcube.twee", "clockwork.html", "ferry.ink", "orchard.yarn", "lamplighter",
        "StoryBrain.swift", "Mission.m", "salt-road.yaml", "harbour.json", "carousel.json", "defusal.json",
        "cyoa-arcs.json", "toll-bridge.json", "tidepool-harlowe.twee", "ForestBrain.swift", "Observatory.swift",
    ])
    func everyExampleReportIsTheEncodersBytes(_ example: String) throws {
        let loaded = try StoryLoading.load(paths: [PlayFixtures.example(example)])
        let value = Report(StoryAnalysis(StoryGraph(loaded.story), loadDiagnostics: loaded.diagnostics)).document()
            .value()
        let written = Self.written(value)
        #expect(written == Self.encoded(value))
        #expect(written.utf8.count > 1_000)
    }

    @Test func cornersAreTheEncodersBytes() {
        let strings = [
            "", "plain", "q\"b\\s/", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{1f} \u{7f}", "\u{2028}\u{2029}é😀",
            "\r\n", "</script>", "tab\tend",
        ]
        let doubles: [Double] = [
            0, -0.0, 0.1, 1, 1.5, -2, 100, 12345.678, 0.30000000000000004, 1e-5, 1e-7, 0.0001,
            1e15, 1e16, 9007199254740992, 123456789012345678, 1e20, 1e21, 1.7976931348623157e308,
            .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 2.5e-5, 1.0 / 3,
        ]
        let ints = [0, 1, -1, 9, 10, 42, -42, 1_000_000, Int.max, Int.min]
        let keys = [
            "a10", "a9", "B", "a", "_x", "é", "a.b", "Z", "a b", "a-b", "10", "9", "ä", "", "fileName",
            "myURLThing", "_lead", "trail_", "x2Y", "ÉA", "a1b", "a01", "a1", "aB", "a_b",
        ]
        let value = ReportValue.object([
            ("strings", .strings(strings)),
            ("doubles", .array(doubles.map(ReportValue.double))),
            ("ints", .array(ints.map(ReportValue.int))),
            ("keys", .object(keys.enumerated().map { ($0.element, .int($0.offset)) })),
            ("nulls", .array([.null, .bool(true), .bool(false), .null])),
            ("left_out", .null),
            ("empty", .object([])),
            ("only_null", .object([("x", .null)])),
            ("empty_list", .array([])),
            ("deep", .array([.object([("a", .array([.object([]), .array([.array([])])]))])])),
            ("twice", .object([("c", .int(3)), ("c", .int(4))])),
        ])
        #expect(Self.written(value) == Self.encoded(value))
        for scalar in [ReportValue.string("top"), .int(7), .double(0.5), .bool(true), .null, .array([]), .object([])] {
            #expect(Self.written(scalar) == Self.encoded(scalar))
        }
        // A few exact bytes, so that both cannot drift together unseen.
        #expect(
            Self.written(.object([("fileName", .int(1)), ("b", .array([.double(1e20), .string("/\n")]))]))
                == "{\n  \"b\" : [\n    1e+20,\n    \"/\\n\"\n  ],\n  \"file_name\" : 1\n}")
        #expect(Self.written(.object([("e", .object([]))])) == "{\n  \"e\" : {\n\n  }\n}")
    }

    /// A generated story's whole report (2,000 passages: every block filled, long lists).
    @Test func aGeneratedGamebooksReportIsTheEncodersBytes() throws {
        let story = StoryGenerator.story(.gamebook(2_000), seed: 3)
        let value = Report(StoryAnalysis(StoryGraph(story))).document().value()
        let written = Self.written(value)
        #expect(written == Self.encoded(value))
        #expect(written.utf8.count > 30_000)
    }

    /// The report's percentages are `String(format:)`'s text, made through `vsnprintf`.
    @Test func percentagesAreStringFormatsText() {
        var values: [Double] = [
            0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.125, 1e-3, 1e-5, 1e-9, 0.99999, 0.123456789, 0.0005, 5e-7,
        ]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(state >> 11) / Double(1 << 53))
        }
        for p in values {
            let value = p * 100
            let expected = value == value.rounded() ? String(format: "%.0f%%", value) : String(format: "%.4g%%", value)
            #expect(NumberText.percent(p) == expected, "\(p)")
        }
        #expect(NumberText.percent(1.0 / 3) == "33.33%")
        #expect(NumberText.percent(1e-5) == "0.001%")
        #expect(NumberText.percent(0.5) == "50%")
    }
}
