extension RandomNumberGenerator {
    /// A uniformly distributed integer in `0 ..< bound`, without modulo bias, by Lemire's
    /// multiply-and-reject method (Lemire 2019, "Fast random integer generation in an
    /// interval", ACM TOMACS 29(1)): the high word of `next() × bound`, redrawing only
    /// when the low word falls in the short first `2^64 mod bound` values.
    ///
    /// storygraph uses this rather than the standard library's `next(upperBound:)` so
    /// that a seed draws the same choices whatever the Swift version.
    ///
    /// - Precondition: `bound > 0`.
    /// - Complexity: O(1) expected; one draw except with probability `bound / 2^64`.
    @inlinable @inline(__always)
    package mutating func bounded(_ bound: UInt64) -> UInt64 {
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
