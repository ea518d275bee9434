import Foundation

/// The one way storygraph writes a number for people, in every output (report, check,
/// diff, fuzz, transcripts, play, the map's heat legend, messages): counts grouped in
/// threes (`1,234,567`), exact counts of any size (`BigUInt`), shares as percentages and
/// fixed-point figures. Each is `String(format:)`'s text, made through the C library's
/// `vsnprintf` without building an `NSString` (a percent per ending row took a fifth of
/// `render` on 100,000 passages), so it is the same on every machine.
package enum NumberText {
    /// `1234567` → `1,234,567`; `-1234` → `-1,234`.
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        return (n < 0 ? "-" : "") + grouped(digits: digits, separator: ",")
    }

    /// An exact count of any size: `1,099,511,627,776`.
    package static func grouped(_ n: BigUInt, separator: Character = ",") -> String {
        grouped(digits: n.description, separator: separator)
    }

    /// Decimal digits grouped in threes from the right.
    ///
    /// - Complexity: O(digits).
    private static func grouped(digits: String, separator: Character) -> String {
        let count = digits.utf8.count
        guard count > 3 else { return digits }
        var text = ""
        text.reserveCapacity(count + count / 3)
        for (i, digit) in digits.enumerated() {
            if i > 0, (count - i) % 3 == 0 { text.append(separator) }
            text.append(digit)
        }
        return text
    }

    /// A share as the report writes it: whole percentages bare (`50%`, `100%`), any other
    /// to four significant digits (`33.33%`, `0.001%`).
    package static func percent(_ share: Double) -> String {
        let value = share * 100
        return formatted(value, value == value.rounded() ? "%.0f%%" : "%.4g%%")
    }

    /// A share with a fixed number of decimals (`12.50%` with 2, `99.9%` with 1).
    package static func percent(_ share: Double, decimals: Int) -> String {
        formatted(share * 100, decimals: decimals) + "%"
    }

    /// A figure with a fixed number of decimals (`1.50` with 2).
    package static func fixed(_ value: Double, decimals: Int = 2) -> String {
        formatted(value, decimals: decimals)
    }

    /// A rate in thousands, millions or billions, as progress shows it: `950`, `12.3 k`,
    /// `4.56 M`, `1.20 G`.
    package static func rate(_ rate: Double) -> String {
        switch rate {
        case 1e9...: formatted(rate / 1e9, "%.2f G")
        case 1e6...: formatted(rate / 1e6, "%.2f M")
        case 1e3...: formatted(rate / 1e3, "%.1f k")
        default: formatted(rate, "%.0f")
        }
    }

    private static func formatted(_ value: Double, decimals: Int) -> String {
        switch decimals {
        case 0: formatted(value, "%.0f")
        case 1: formatted(value, "%.1f")
        case 2: formatted(value, "%.2f")
        case 3: formatted(value, "%.3f")
        default: String(format: "%.\(decimals)f", value)
        }
    }

    /// `String(format: format, value)` through `vsnprintf`.
    package static func formatted(_ value: Double, _ format: StaticString) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let text = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, 64, text, $0) }
            // Past the buffer (a figure of 60 digits): Foundation's own formatting.
            if count > 63 { return String(format: String(describing: format), value) }
            let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(min(max(count, 0), 63)))
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
