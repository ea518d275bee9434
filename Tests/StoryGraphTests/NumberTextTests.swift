import Foundation
import Testing

@testable import StoryGraph

/// The one number formatter of every output (issue 32 item 3).
@Suite struct NumberTextTests {
    @Test func countsAreGroupedInThrees() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
        #expect(NumberText.grouped(-1234) == "-1,234")
        #expect(NumberText.grouped(-12) == "-12")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(NumberText.grouped(BigUInt(UInt64.max) + BigUInt(1)) == "18,446,744,073,709,551,616")
        #expect(NumberText.grouped(BigUInt(1_000_000), separator: "_") == "1_000_000")
        #expect(BigUInt(123_456).formatted() == "123,456")
    }

    @Test func percentagesAreStringFormatsText() {
        #expect(NumberText.percent(0.5) == "50%")
        #expect(NumberText.percent(1) == "100%")
        #expect(NumberText.percent(1.0 / 3) == "33.33%")
        #expect(NumberText.percent(0.125, decimals: 2) == "12.50%")
        #expect(NumberText.percent(0.0004, decimals: 1) == "0.0%")
        #expect(NumberText.percent(2.0 / 3, decimals: 0) == "67%")
        for share in [0, 1e-9, 0.000_05, 0.012_345, 0.5, 0.999_95, 1, 12.5] {
            for decimals in 0...4 {
                #expect(
                    NumberText.percent(share, decimals: decimals) == String(format: "%.\(decimals)f%%", share * 100))
            }
        }
    }

    @Test func fixedFiguresAreStringFormatsTextEvenPastTheBuffer() {
        #expect(NumberText.fixed(1.5) == "1.50")
        #expect(NumberText.fixed(2.0 / 3, decimals: 3) == "0.667")
        #expect(NumberText.fixed(1e70) == String(format: "%.2f", 1e70))
        #expect(NumberText.fixed(1e70).count == 74)
    }

    @Test func ratesAreScaledAsProgressShowsThem() {
        #expect(NumberText.rate(0) == "0")
        #expect(NumberText.rate(949.6) == "950")
        #expect(NumberText.rate(12_345) == "12.3 k")
        #expect(NumberText.rate(4_561_000) == "4.56 M")
        #expect(NumberText.rate(1.2e9) == "1.20 G")
        #expect(NumberText.rate(1e300) == String(format: "%.2f G", 1e300 / 1e9))
    }
}
