import Foundation
import TestSupport

/// The hostile inputs of about 1 MB (64 KiB in `make test`) the suite gives every loader: what an adversarial user
/// would write to crash storygraph, hang it, or make it print an unlocated error.
enum HostileInput: String, CaseIterable, Sendable {
    case deepNesting, hugeLine, unclosedBrackets, nulBytes, invalidUTF8, bomAndMixedLineEnds, longCycle, hugeNumbers

    /// About a megabyte: the size every shape aims at in the long run (`make test-long`);
    /// 64 KiB in `make test`, where every shape and step still runs, smaller.
    static let size = LongTests.enabled ? 1 << 20 : 1 << 16
    /// Passages in the long cycle.
    static let cyclePassages = LongTests.enabled ? 100_000 : 6_250

    /// The format's writer, for the formats whose own hostile texts the suite knows.
    static func writer(_ format: String) -> FixtureMaker? {
        FixtureMaker.all.first { $0.format == format && $0.hostile != nil }
    }

    /// The bytes of this input for the loader named `format`; generic bytes when the
    /// suite does not know how to write that format.
    func data(for format: String) -> Data {
        guard let maker = Self.writer(format), let hostile = maker.hostile else { return genericData() }
        let writer = (
            story: { (passages: [(id: String, text: String, targets: [String])]) in
                maker.write(
                    FixtureStory(
                        passages: passages.map { FixtureStory.Passage(id: $0.id, text: $0.text, links: $0.targets) }))
            },
            nested: hostile.nested, hugeNumbers: hostile.hugeNumbers
        )
        switch self {
        case .deepNesting:
            return Data(writer.nested(Self.size / 12).utf8)
        case .hugeLine:
            return Data(writer.story([("Start", String(repeating: "a", count: Self.size), [])]).utf8)
        case .unclosedBrackets:
            let opens = String(repeating: "[[ << { /* <!-- <tag (if: ", count: Self.size / 26)
            return Data(writer.story([("Start", opens, ["End"]), ("End", "The end.", [])]).utf8)
        case .nulBytes:
            let text = String(repeating: "a\u{0}", count: Self.size / 2)
            return Data(writer.story([("Start", text, ["End"]), ("End", "\u{0}", [])]).utf8)
        case .invalidUTF8:
            // Valid text for a megabyte, then bytes that are not UTF-8 inside a passage.
            var data = Data(
                writer.story([
                    ("Start", String(repeating: "é", count: Self.size / 2) + "INVALID", ["End"]),
                    ("End", "The end.", []),
                ]).utf8)
            let marker = Data("INVALID".utf8)
            if let range = data.range(of: marker) {
                data.replaceSubrange(range, with: [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80])
            }
            return data
        case .bomAndMixedLineEnds:
            let passages = (0..<Self.size / 80).map { i in ("p\(i)", "Line one.\nLine two.", ["p\(i + 1)"]) }
            var text = writer.story(passages + [("p\(Self.size / 80)", "The end.", [])])
            let endings = ["\r\n", "\r", "\n"]
            var mixed = "\u{FEFF}"
            mixed.reserveCapacity(text.utf8.count + text.utf8.count / 20)
            var k = 0
            for character in text.unicodeScalars {
                if character == "\n" {
                    mixed += endings[k % 3]
                    k += 1
                } else {
                    mixed.unicodeScalars.append(character)
                }
            }
            text = mixed
            return Data(text.utf8)
        case .longCycle:
            // p0 → p1 → … → p99999 → p0, with one way out to an ending halfway round.
            let n = Self.cyclePassages
            var passages = (0..<n).map { i in ("p\(i)", "s", ["p\((i + 1) % n)"]) }
            passages[n / 2].2.append("end")
            passages.append(("end", "The end.", []))
            return Data(writer.story(passages).utf8)
        case .hugeNumbers:
            return Data(writer.hugeNumbers.utf8)
        }
    }

    /// Bytes that belong to no format, for a loader the suite cannot write.
    private func genericData() -> Data {
        switch self {
        case .deepNesting: return Data(String(repeating: "([{<", count: Self.size / 4).utf8)
        case .hugeLine: return Data(String(repeating: "a", count: Self.size).utf8)
        case .unclosedBrackets: return Data(String(repeating: "[[ << { /* <!-- <tag ", count: Self.size / 21).utf8)
        case .nulBytes: return Data(count: Self.size)
        case .invalidUTF8: return Data(repeating: 0xFF, count: Self.size)
        case .bomAndMixedLineEnds:
            return Data(("\u{FEFF}" + String(repeating: "a\r\nb\rc\n", count: Self.size / 7)).utf8)
        case .longCycle:
            return Data((0..<Self.cyclePassages).map { "p\($0) -> p\(($0 + 1) % Self.cyclePassages)\n" }.joined().utf8)
        case .hugeNumbers: return Data(String(repeating: "9", count: Self.size).utf8)
        }
    }
}
