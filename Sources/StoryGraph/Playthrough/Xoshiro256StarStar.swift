/// xoshiro256** (Blackman & Vigna 2018, "Scrambled linear pseudorandom number
/// generators"): 256 bits of state, period 2^256 − 1, passes BigCrush; a few shifts,
/// rotations and two multiplications per 64-bit output. The generator of every run.
package struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// A generator with this exact state (not all zero), as in the reference C code.
    package init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** state must not be all zero")
        (s0, s1, s2, s3) = state
    }

    /// A generator whose state is the next four outputs of SplitMix64 seeded with `seed`
    /// (the seeding the xoshiro authors recommend; never all zero, since SplitMix64's
    /// outputs are a bijection of distinct counters).
    package init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next()
        s1 = seeder.next()
        s2 = seeder.next()
        s3 = seeder.next()
    }

    /// The generator of run `run` of a fuzz with seed `seed`: seeded from a hash of the
    /// pair, so that a run's choices depend on (seed, run) only, never on which thread
    /// played it or on the runs before it.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init(seed: UInt64, run: UInt64) {
        self.init(seed: SplitMix64.mix(seed &+ SplitMix64.mix(run &+ 0x6A09_E667_F3BC_C909)))
    }

    package var state: (UInt64, UInt64, UInt64, UInt64) { (s0, s1, s2, s3) }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3.rotatedLeft(by: 45)
        return result
    }
}

extension UInt64 {
    @inlinable @inline(__always)
    func rotatedLeft(by k: UInt64) -> UInt64 { (self << k) | (self >> (64 &- k)) }
}
