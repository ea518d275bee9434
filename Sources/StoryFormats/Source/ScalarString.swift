extension String {
    /// The string of `scalars`, encoded straight into UTF-8: one pass to size it, one to
    /// write it (appending scalars to a `String.UnicodeScalarView` one by one is several
    /// times slower, and the loaders make a string of every passage and macro this way).
    ///
    /// - Complexity: O(n) for n scalars.
    init<C: Collection>(scalars: C) where C.Element == Unicode.Scalar {
        var size = 0
        for scalar in scalars { size += UTF8.width(scalar) }
        guard size > 0 else {
            self = ""
            return
        }
        self.init(unsafeUninitializedCapacity: size) { buffer in
            var k = 0
            for scalar in scalars {
                let value = scalar.value
                switch value {
                case 0..<0x80:
                    buffer[k] = UInt8(value)
                    k += 1
                case 0x80..<0x800:
                    buffer[k] = UInt8(0xC0 | value >> 6)
                    buffer[k + 1] = UInt8(0x80 | value & 0x3F)
                    k += 2
                case 0x800..<0x10000:
                    buffer[k] = UInt8(0xE0 | value >> 12)
                    buffer[k + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[k + 2] = UInt8(0x80 | value & 0x3F)
                    k += 3
                default:
                    buffer[k] = UInt8(0xF0 | value >> 18)
                    buffer[k + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                    buffer[k + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[k + 3] = UInt8(0x80 | value & 0x3F)
                    k += 4
                }
            }
            return k
        }
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace`, answered without the Unicode tables for ASCII (where
    /// White_Space is tab to carriage return, and space).
    @inline(__always)
    var isSpaceFast: Bool {
        value < 0x80 ? (value == 0x20 || (value >= 0x09 && value <= 0x0D)) : properties.isWhitespace
    }

    /// `properties.isAlphabetic`, answered without the Unicode tables for ASCII (where
    /// Alphabetic is the 52 letters).
    @inline(__always)
    var isAlphabeticFast: Bool {
        value < 0x80 ? ((value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A) : properties.isAlphabetic
    }
}

extension Unicode.Scalar {
    /// `properties.numericType != nil`, without the Unicode tables for ASCII (where only
    /// the ten digits have a numeric type).
    @inline(__always)
    var isNumericFast: Bool {
        value < 0x80 ? (value >= 0x30 && value <= 0x39) : properties.numericType != nil
    }
}
