import Testing

@testable import StoryMap

@Suite("DOT: coordinates")
struct DOTNumberTests {
    @Test(arguments: [
        (1e19, "1000000000000"), (-1e19, "-1000000000000"), (Double.infinity, "1000000000000"),
        (-Double.infinity, "-1000000000000"), (Double.nan, "0"), (12.345, "12.35"), (-300, "-300"),
    ])
    func numberNeverTraps(value: Double, expected: String) {
        #expect(DOTExporter.number(value) == expected)
    }
}
