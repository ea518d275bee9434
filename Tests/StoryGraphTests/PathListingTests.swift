import Foundation
import TestSupport
import Testing

@testable import StoryGraph

/// What `storygraph paths` writes, a path at a time (issue 32 item 3).
@Suite struct PathListingTests {
    /// Two choices from `p0` to the ending `p1`: two paths.
    static let twoWays = Fixture.story([[1, 1], []])

    static func listed(_ graph: StoryGraph, _ format: PathListing.Format, limit: Int? = nil) -> (
        String, PathListing.Total
    ) {
        var out = ""
        let total = PathListing.list(graph, limit: limit, format: format) { out += $0 }
        return (out, total)
    }

    @Test func jsonIsOneDocumentWrittenAsThePathsCome() throws {
        let (json, total) = Self.listed(Self.twoWays, .json)
        #expect(
            json == """
                {
                  "schema_version": 2,
                  "paths": [
                    {"id": "bc4de07731d1", "passages": ["p0", "p1"], "choices": ["c0"]},
                    {"id": "3d3cd46e5dda", "passages": ["p0", "p1"], "choices": ["c1"]}
                  ],
                  "printed": 2,
                  "total": "2",
                  "exact": true,
                  "unbounded_walks": false
                }

                """)
        #expect(PathListing.summary(total) == "2 paths")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == ReportDocument.schemaVersion)
    }

    @Test func noPathIsAnEmptyListAndALimitSaysWhatWasPrinted() {
        let (json, none) = Self.listed(Fixture.story([[0]]), .json)
        #expect(
            json
                == "{\n  \"schema_version\": 2,\n  \"paths\": [],\n  \"printed\": 0,\n  \"total\": \"0\",\n  \"exact\": true,\n  \"unbounded_walks\": false\n}\n"
        )
        #expect(PathListing.summary(none) == "0 paths")
        let (text, cut) = Self.listed(Self.twoWays, .text, limit: 1)
        #expect(text == "p0 —[c0]→ p1\n")
        #expect(cut.reachedLimit && cut.exact && cut.printed == 1)
        #expect(PathListing.summary(cut) == "printed 1 of 2 paths")
        let (_, one) = Self.listed(Fixture.story([[1], []]), .text)
        #expect(PathListing.summary(one) == "1 path")
    }
}
