import Testing

@testable import StoryGraph

/// The state search's packed store: states keep their numbers and words through the
/// fields' widening, and the index finds each.
@Suite struct StateStoreTests {
    @Test func bitsHoldTheirRange() {
        #expect(StateStore.bits(0) == 0)
        #expect(StateStore.bits(1) == 1)
        #expect(StateStore.bits(2) == 2)
        #expect(StateStore.bits(3) == 2)
        #expect(StateStore.bits(4) == 3)
        #expect(StateStore.bits(Int(UInt32.max)) == 32)
    }

    @Test func statesRoundTripThroughWideningAndGrowth() {
        // Words: a node (10 bits), two values (2 bits each to begin with, -1 unknown), a
        // count (3 bits), once-only bits (32 and 5).
        var store = StateStore(
            bits: [10, 2, 2, 3, 32, 5], isValue: [false, true, true, false, false, false])
        #expect(store.stride == 1)
        var states: [[Int32]] = []
        for i in 0..<5000 {
            let value = Int32(i % 300) - 1 // -1 (unknown) up to 298: widens the field 2 -> 4 -> 8 -> 16
            states.append([Int32(i % 1000), value, Int32(i % 3) - 1, Int32(i % 8), Int32(bitPattern: 0x8000_0001), 31])
        }
        for (i, s) in states.enumerated() {
            for k in 1...2 where !store.fits(k, s[k]) { store.widen(k, toHold: s[k]) }
            let (found, hash) = store.find(s)
            // The first 3,000 are distinct (node and value together), the rest repeat them.
            if i < 3000 {
                #expect(found == nil)
                #expect(store.append(hash: hash) == Int32(i))
                if store.isHalfFull { store.grow() }
            } else {
                #expect(found == Int32(i % 3000))
            }
        }
        #expect(store.count == 3000)
        // 68 bits now (10 + 16 + 2 + 3 + 32 + 5): two words.
        #expect(store.stride == 2)
        var unpacked = [Int32](repeating: 0, count: 6)
        for i in [0, 1, 299, 300, 2999] {
            store.unpack(i, into: &unpacked)
            #expect(unpacked == states[i])
            #expect(store.first(i) == states[i][0])
        }
    }
}
