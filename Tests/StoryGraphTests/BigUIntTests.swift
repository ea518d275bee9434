import Foundation
import Testing

@testable import StoryGraph

/// Decimal addition on digit strings: an independent check of `BigUInt`.
func decimalSum(_ a: String, _ b: String) -> String {
    let x = Array(a.utf8.reversed())
    let y = Array(b.utf8.reversed())
    var digits: [UInt8] = []
    var carry: UInt8 = 0
    for i in 0..<max(x.count, y.count) {
        let s = (i < x.count ? x[i] - 48 : 0) + (i < y.count ? y[i] - 48 : 0) + carry
        digits.append(s % 10 + 48)
        carry = s / 10
    }
    if carry > 0 { digits.append(carry + 48) }
    return String(decoding: digits.reversed(), as: UTF8.self)
}

@Suite struct BigUIntTests {
    @Test(arguments: [
        (2 as UInt64, 64, "18446744073709551616"),
        (2, 200, "1606938044258990275541962092341162602522202993782792835301376"),
        (3, 100, "515377520732011331036461129765621272702107522001"),
        (10, 19, "10000000000000000000"),
        (10, 38, "100000000000000000000000000000000000000"),
        (7, 0, "1"),
    ])
    func powersPrintExactly(base: UInt64, exponent: Int, decimal: String) {
        #expect(BigUInt.power(of: base, exponent).description == decimal)
        #expect(BigUInt(decimal) == BigUInt.power(of: base, exponent))
    }

    @Test func additionCarriesAcrossLimbs() {
        var a = BigUInt(UInt64.max)
        a.add(BigUInt(1))
        #expect(a.limbs == [0, 1])
        #expect(a == BigUInt.power(of: 2, 64))
        let max128 = BigUInt("340282366920938463463374607431768211455")!
        #expect(max128.limbs == [UInt64.max, UInt64.max])
        #expect((max128 + 1).limbs == [0, 0, 1])
        #expect((BigUInt(1) + max128).description == "340282366920938463463374607431768211456")
    }

    @Test func multiplicationByAWordCarries() {
        #expect((BigUInt(UInt64.max) * UInt64.max).description == "340282366920938463426481119284349108225")
        #expect((BigUInt(12345) * 0).isZero)
        #expect(BigUInt().description == "0")
    }

    @Test func productOfTwoCounts() {
        let a = BigUInt("18446744073709551617")! // 2^64 + 1
        let b = BigUInt("18446744073709551619")! // 2^64 + 3
        #expect((a * b).description == "340282366920938463537161583726606417923")
        #expect((b * a) == (a * b))
        #expect((a * BigUInt()).isZero)
        #expect(
            (BigUInt.power(of: 2, 200) * (BigUInt.power(of: 2, 130) + BigUInt(7))).description
                == "2187250724783011924372502227117621365364417997203025368354564341056341137417031344179992726870163456"
        )
    }

    @Test func fibonacciMatchesDecimalStringArithmetic() {
        var a = BigUInt(0)
        var b = BigUInt(1)
        var x = "0"
        var y = "1"
        for _ in 0..<500 {
            (a, b) = (b, a + b)
            (x, y) = (y, decimalSum(x, y))
            #expect(a.description == x)
        }
        #expect(a.bitWidth > 340)
    }

    @Test func comparisonOrdersByValue() {
        let values = [
            BigUInt(0), BigUInt(1), BigUInt(UInt64.max), BigUInt.power(of: 2, 64), BigUInt.power(of: 2, 64) + 1,
            BigUInt.power(of: 3, 100),
        ]
        for i in values.indices {
            for j in values.indices {
                #expect((values[i] < values[j]) == (i < j))
                #expect((values[i] == values[j]) == (i == j))
            }
        }
    }

    @Test func aValueIsTheSameWhetherItFitsAWordOrCameDownFromLimbs() {
        // Up past a word and back down: the same value, the same hash, the same text.
        var wide = BigUInt(UInt64.max)
        wide.multiply(by: 3)
        #expect(wide.limbs == [UInt64.max - 2, 2])
        #expect(wide.uint64Value == nil)
        #expect(wide.bitWidth == 66)
        let remainder = wide.divide(by: 3)
        #expect(remainder == 0)
        #expect(wide == BigUInt(UInt64.max))
        #expect(wide.hashValue == BigUInt(UInt64.max).hashValue)
        #expect(wide.uint64Value == UInt64.max)
        #expect(wide.limbs == [UInt64.max])
        #expect(BigUInt(normalizedLimbs: [5, 0, 0]) == BigUInt(5))
        #expect(BigUInt(normalizedLimbs: [0, 0]).isZero)
        #expect(BigUInt(0).limbs == [])
        #expect(BigUInt(1).bitWidth == 1)
        #expect(BigUInt(0).bitWidth == 0)
        #expect(BigUInt(UInt64.max) < BigUInt.power(of: 2, 64))
        #expect(!(BigUInt.power(of: 2, 64) < BigUInt(UInt64.max)))
    }

    @Test func groupsThousands() {
        #expect(BigUInt.power(of: 2, 40).formatted() == "1,099,511,627,776")
        #expect(BigUInt(999).formatted() == "999")
        #expect(BigUInt(1000).formatted() == "1,000")
        #expect(BigUInt(0).formatted() == "0")
    }

    @Test func encodesAsDecimalString() throws {
        let value = BigUInt.power(of: 2, 200)
        let data = try JSONEncoder().encode([value])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(value.description)\"]")
        #expect(try JSONDecoder().decode([BigUInt].self, from: data) == [value])
        #expect(BigUInt("12a") == nil)
        #expect(BigUInt("") == nil)
    }
}
