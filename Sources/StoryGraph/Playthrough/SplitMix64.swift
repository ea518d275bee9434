/// SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
/// generators"): a 64-bit counter passed through a strong mixing function. storygraph
/// uses it to seed `Xoshiro256StarStar` and to derive one seed per run from (seed, run),
/// as the xoshiro authors recommend.
///
/// Our own generator, so that a seed gives the same runs on every machine and every
/// Swift version (the standard library's generator is not seedable).
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The finaliser of SplitMix64 (a variant of MurmurHash3's `fmix64`): a bijection of
    /// 64-bit words in which every input bit affects every output bit.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
