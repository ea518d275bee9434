import Foundation

extension ReportValue {
    /// The value as JSON, written byte by byte into one buffer: the same bytes as
    /// `JSONOutput.encode(self)` (pretty-printed with two spaces and `" : "`, keys
    /// snake_cased and sorted, slashes unescaped, `null` members left out, non-finite
    /// numbers as "inf" / "-inf" / "nan"), without the `Encoder` machinery, which boxes
    /// every field (a 1.6 MB report of 100,000 passages took a third of a second through
    /// `JSONEncoder`). `ReportValueJSONTests` holds the two to the same bytes.
    ///
    /// - Complexity: O(bytes written + k log k per object of k members); no recursion
    ///   (an explicit stack of open containers).
    package func jsonBytes() -> [UInt8] {
        var writer = ReportJSONWriter()
        writer.write(self)
        return writer.out
    }
}

/// Writes a `ReportValue` as `JSONOutput` does; see `ReportValue.jsonBytes()`.
struct ReportJSONWriter {
    private(set) var out: [UInt8] = []
    /// Keys with an upper-case letter, as the encoder's snake_case conversion writes them
    /// (asked of the encoder itself once per key, so the two cannot drift apart).
    private var converted: [String: String] = [:]

    /// An open container: its values (with their keys, for an object) and how many are
    /// written.
    private struct Frame {
        var keys: [String]?
        var values: [ReportValue]
        var next = 0
    }

    init() {
        out.reserveCapacity(1 << 16)
    }

    mutating func write(_ root: ReportValue) {
        var stack: [Frame] = []
        // Opens `value`'s container (pushing a frame) or writes it whole when scalar.
        func begin(_ value: ReportValue, _ writer: inout ReportJSONWriter, _ stack: inout [Frame]) {
            switch value {
            case .array(let items):
                if items.isEmpty {
                    writer.emptyContainer("[", "]", depth: stack.count)
                    return
                }
                writer.out.append(UInt8(ascii: "["))
                stack.append(Frame(keys: nil, values: items))
            case .object(let members):
                let (keys, values) = writer.sortedMembers(members)
                if keys.isEmpty {
                    writer.emptyContainer("{", "}", depth: stack.count)
                    return
                }
                writer.out.append(UInt8(ascii: "{"))
                stack.append(Frame(keys: keys, values: values))
            default:
                writer.scalar(value)
            }
        }
        begin(root, &self, &stack)
        while let top = stack.last {
            let next = top.next
            if next == top.values.count {
                stack.removeLast()
                newline(depth: stack.count)
                out.append(top.keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                continue
            }
            if next > 0 { out.append(UInt8(ascii: ",")) }
            newline(depth: stack.count)
            if let keys = top.keys {
                string(keys[next])
                out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
            }
            stack[stack.count - 1].next = next + 1
            begin(top.values[next], &self, &stack)
        }
    }

    /// The members as the encoder writes them: `null` left out, keys converted, sorted
    /// by key; of two members whose keys convert alike, the later one.
    private mutating func sortedMembers(_ members: [(String, ReportValue)]) -> (keys: [String], values: [ReportValue]) {
        var kept: [(key: String, value: ReportValue)] = []
        kept.reserveCapacity(members.count)
        for (key, value) in members {
            if case .null = value { continue }
            kept.append((snakeCased(key), value))
        }
        // Insertion sort, stable: of equal keys the later stays last (objects here are small;
        // a long one is sorted stably through its indices).
        if kept.count <= 32 {
            for i in kept.indices.dropFirst() {
                var j = i
                let item = kept[i]
                while j > 0, item.key < kept[j - 1].key {
                    kept[j] = kept[j - 1]
                    j -= 1
                }
                if j != i { kept[j] = item }
            }
        } else {
            kept = kept.indices.sorted { a, b in kept[a].key == kept[b].key ? a < b : kept[a].key < kept[b].key }.map {
                kept[$0]
            }
        }
        var keys: [String] = []
        var values: [ReportValue] = []
        keys.reserveCapacity(kept.count)
        values.reserveCapacity(kept.count)
        for (key, value) in kept {
            if let last = keys.last, last == key {
                values[values.count - 1] = value
            } else {
                keys.append(key)
                values.append(value)
            }
        }
        return (keys, values)
    }

    /// `key` as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` writes it: a key
    /// without an upper-case letter is unchanged; any other is converted by the encoder.
    private mutating func snakeCased(_ key: String) -> String {
        if !key.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) { return key }
        if let known = converted[key] { return known }
        let encoded = JSONOutput.encode(ReportValue.object([(key, .int(0))]))
        // `{\n  "KEY" : 0\n}`: the key is the one string in it.
        let text = String(decoding: encoded, as: UTF8.self)
        let decoded = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        let result = decoded?.keys.first ?? key
        converted[key] = result
        return result
    }

    private mutating func emptyContainer(_ open: Unicode.Scalar, _ close: Unicode.Scalar, depth: Int) {
        out.append(UInt8(ascii: open))
        out.append(UInt8(ascii: "\n"))
        newline(depth: depth)
        out.append(UInt8(ascii: close))
    }

    private mutating func newline(depth: Int) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { out.append(UInt8(ascii: " ")) }
    }

    private mutating func scalar(_ value: ReportValue) {
        switch value {
        case .int(let x): integer(x)
        case .double(let x): double(x)
        case .bool(let x): out.append(contentsOf: (x ? "true" : "false").utf8)
        case .string(let x): string(x)
        case .null: out.append(contentsOf: "null".utf8)
        case .array, .object: break
        }
    }

    private mutating func integer(_ x: Int) {
        if x == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if x < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = x.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Swift's shortest round-trip form, less a trailing ".0" (`1`, `0.5`, `1e+20`);
    /// the non-finite ones as strings.
    private mutating func double(_ x: Double) {
        if x.isNaN {
            string("nan")
            return
        }
        if x.isInfinite {
            string(x < 0 ? "-inf" : "inf")
            return
        }
        var text = x.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    /// A quoted string: `"` and `\` escaped, control characters as `\b \t \n \f \r` or
    /// `\u00xx`; everything else (slashes, non-ASCII) as it is.
    private mutating func string(_ text: String) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                        hex[Int(byte & 0xF)],
                    ])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
