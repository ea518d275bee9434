/// An arbitrary-precision unsigned integer, for path counts that grow as 2^depth.
///
/// A value that fits in a machine word is held in one (`word`), with no allocation; a
/// larger one as little-endian base-2^64 limbs (`wide`, at least two, the last never
/// zero). Only what path counting needs: addition, multiplication (by a machine word, and
/// of two counts), comparison and decimal printing.
public struct BigUInt: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral, Codable {
    /// The value when `wide` is empty; 0 otherwise.
    private var word: UInt64
    /// The limbs of a value of two or more; empty for a value that fits in `word`.
    private var wide: [UInt64]

    /// Little-endian limbs; the last one is never zero (zero has none).
    package var limbs: [UInt64] { wide.isEmpty ? (word == 0 ? [] : [word]) : wide }

    public init() {
        word = 0
        wide = []
    }

    public init(_ value: UInt64) {
        word = value
        wide = []
    }

    public init(_ value: Int) {
        precondition(value >= 0, "BigUInt cannot hold a negative number")
        self.init(UInt64(value))
    }

    public init(integerLiteral value: UInt64) { self.init(value) }

    /// Parses a decimal string of digits (no sign, no separators); `nil` if it holds anything else.
    public init?(_ text: some StringProtocol) {
        guard !text.isEmpty else { return nil }
        var result = BigUInt()
        var chunk: UInt64 = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= 48, byte <= 57 else { return nil }
            chunk = chunk * 10 + UInt64(byte - 48)
            digits += 1
            if digits == 19 {
                result.multiply(by: 10_000_000_000_000_000_000)
                result.add(BigUInt(chunk))
                chunk = 0
                digits = 0
            }
        }
        if digits > 0 {
            var scale: UInt64 = 1
            for _ in 0..<digits { scale *= 10 }
            result.multiply(by: scale)
            result.add(BigUInt(chunk))
        }
        self = result
    }

    package var isZero: Bool { wide.isEmpty && word == 0 }

    /// The value as a machine word, when it fits.
    package var uint64Value: UInt64? { wide.isEmpty ? word : nil }

    /// The number of bits needed to write the value (0 for zero).
    package var bitWidth: Int {
        guard let top = wide.last else { return 64 - word.leadingZeroBitCount }
        return wide.count * 64 - top.leadingZeroBitCount
    }

    /// Adds `other` in place.
    ///
    /// - Complexity: O(max(n, m)) for limb counts n and m; no allocation while the sum
    ///   fits in a machine word.
    package mutating func add(_ other: BigUInt) {
        if wide.isEmpty && other.wide.isEmpty {
            let (sum, overflow) = word.addingReportingOverflow(other.word)
            if !overflow {
                word = sum
            } else {
                wide = [sum, 1]
                word = 0
            }
            return
        }
        var limbs = self.limbs
        let addend = other.limbs
        let m = addend.count
        if m == 0 { return }
        if limbs.count < m { limbs.append(contentsOf: repeatElement(0, count: m - limbs.count)) }
        var carry = false
        let n = limbs.count
        limbs.withUnsafeMutableBufferPointer { a in
            addend.withUnsafeBufferPointer { b in
                for i in 0..<m {
                    let (s1, o1) = a[i].addingReportingOverflow(b[i])
                    let (s2, o2) = s1.addingReportingOverflow(carry ? 1 : 0)
                    a[i] = s2
                    carry = o1 || o2
                }
                var i = m
                while carry && i < n {
                    let (s, o) = a[i].addingReportingOverflow(1)
                    a[i] = s
                    carry = o
                    i += 1
                }
            }
        }
        if carry { limbs.append(1) }
        self = BigUInt(normalizedLimbs: limbs)
    }

    /// Multiplies in place by a machine word.
    ///
    /// - Complexity: O(n) for n limbs.
    package mutating func multiply(by factor: UInt64) {
        if wide.isEmpty {
            let (high, low) = word.multipliedFullWidth(by: factor)
            if high == 0 {
                word = low
            } else {
                wide = [low, high]
                word = 0
            }
            return
        }
        if factor == 0 {
            self = BigUInt()
            return
        }
        if factor == 1 { return }
        var carry: UInt64 = 0
        wide.withUnsafeMutableBufferPointer { a in
            for i in a.indices {
                let (high, low) = a[i].multipliedFullWidth(by: factor)
                let (sum, overflow) = low.addingReportingOverflow(carry)
                a[i] = sum
                carry = high &+ (overflow ? 1 : 0)
            }
        }
        if carry != 0 { wide.append(carry) }
    }

    /// Divides in place by a non-zero machine word and returns the remainder.
    ///
    /// - Complexity: O(n) for n limbs.
    @discardableResult
    package mutating func divide(by divisor: UInt64) -> UInt64 {
        precondition(divisor != 0, "division by zero")
        if wide.isEmpty {
            let remainder = word % divisor
            word /= divisor
            return remainder
        }
        var remainder: UInt64 = 0
        var limbs = wide
        limbs.withUnsafeMutableBufferPointer { a in
            for i in a.indices.reversed() {
                let (q, r) = divisor.dividingFullWidth((remainder, a[i]))
                a[i] = q
                remainder = r
            }
        }
        self = BigUInt(normalizedLimbs: limbs)
        return remainder
    }

    package static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        var sum = a
        sum.add(b)
        return sum
    }

    package static func += (a: inout BigUInt, b: BigUInt) { a.add(b) }

    package static func * (a: BigUInt, b: UInt64) -> BigUInt {
        var product = a
        product.multiply(by: b)
        return product
    }

    /// The product of two counts (paths to a passage times paths on from it), by long
    /// multiplication one limb of `b` at a time.
    ///
    /// - Complexity: O(n · m) for n and m limbs.
    package static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        var product = BigUInt()
        for (i, limb) in b.limbs.enumerated() where limb != 0 {
            var term = a
            term.multiply(by: limb)
            if i > 0 && !term.isZero {
                term = BigUInt(normalizedLimbs: [UInt64](repeating: 0, count: i) + term.limbs)
            }
            product.add(term)
        }
        return product
    }

    public static func < (a: BigUInt, b: BigUInt) -> Bool {
        if a.wide.isEmpty && b.wide.isEmpty { return a.word < b.word }
        let a = a.limbs
        let b = b.limbs
        if a.count != b.count { return a.count < b.count }
        for i in a.indices.reversed() where a[i] != b[i] {
            return a[i] < b[i]
        }
        return false
    }

    /// `base` raised to `exponent`, by repeated multiplication.
    package static func power(of base: UInt64, _ exponent: Int) -> BigUInt {
        var result = BigUInt(1)
        for _ in 0..<exponent { result.multiply(by: base) }
        return result
    }

    /// The decimal digits, by repeated division by 10^19 (one machine-word division per
    /// limb per 19 digits).
    ///
    /// - Complexity: O(n²) for n limbs.
    public var description: String {
        if wide.isEmpty { return String(word) }
        var rest = self
        var chunks: [UInt64] = []
        while !rest.isZero { chunks.append(rest.divide(by: 10_000_000_000_000_000_000)) }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }

    /// The decimal digits grouped in threes with `separator` (`1,099,511,627,776`).
    public func formatted(separator: Character = ",") -> String { NumberText.grouped(self, separator: separator) }

    /// Encoded as a decimal string: JSON numbers cannot hold 2^200 exactly.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = BigUInt(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a decimal number: \(text)")
        }
        self = value
    }

    /// A value from little-endian limbs (leading zero limbs are dropped).
    init(normalizedLimbs limbs: [UInt64]) {
        var top = limbs.count
        while top > 0 && limbs[top - 1] == 0 { top -= 1 }
        if top <= 1 {
            word = top == 0 ? 0 : limbs[0]
            wide = []
        } else {
            word = 0
            wide = top == limbs.count ? limbs : Array(limbs[..<top])
        }
    }
}
