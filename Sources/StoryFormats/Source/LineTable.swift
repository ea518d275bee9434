/// Where each line of a source text starts, as byte offsets into its UTF-8 and as scalar
/// offsets, made in one pass over the bytes. Every location of a source text comes from
/// this one table: `SourceText.location(at:)` (scalar offsets), `ByteLocator` (byte
/// offsets, for the JSON loaders) and the Twine HTML loader's search for start tags.
package struct LineTable: Sendable {
    /// `byteStarts[k]` is the byte offset where line k + 1 starts (`byteStarts[0] == 0`).
    package let byteStarts: [Int]
    /// `scalarStarts[k]` is the scalar offset where line k + 1 starts.
    package let scalarStarts: [Int]

    /// - Complexity: O(n) for n bytes of valid UTF-8.
    package init(_ utf8: [UInt8]) {
        var bytes = [0]
        var scalars = [0]
        var scalarCount = 0
        utf8.withUnsafeBufferPointer { b in
            let raw = UnsafeRawBufferPointer(b)
            var i = 0
            while i < b.count {
                // Eight bytes at a time while they hold no CR or LF: their scalars are the
                // bytes that are not continuation bytes (10xxxxxx).
                if i + 8 <= b.count {
                    let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if !Self.hasByte(w, 0x0A) && !Self.hasByte(w, 0x0D) {
                        let continuation = w & ~(w << 1) & 0x8080_8080_8080_8080
                        scalarCount += 8 - continuation.nonzeroBitCount
                        i += 8
                        continue
                    }
                }
                let byte = b[i]
                if byte & 0xC0 != 0x80 { scalarCount += 1 }
                // LF, CRLF (one break) and a CR alone (old Mac files) end a line.
                if byte == 0x0A || (byte == 0x0D && (i + 1 == b.count || b[i + 1] != 0x0A)) {
                    bytes.append(i + 1)
                    scalars.append(scalarCount)
                }
                i += 1
            }
        }
        byteStarts = bytes
        scalarStarts = scalars
    }

    /// Whether one of the eight bytes of `w` is `byte` (the classic zero-byte test).
    @inline(__always)
    static func hasByte(_ w: UInt64, _ byte: UInt8) -> Bool {
        let x = w ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    package var count: Int { byteStarts.count }

    /// The 0-based line holding `offset`, given the line starts it is measured in: the
    /// last start at or before it.
    ///
    /// - Complexity: O(log L) for L lines.
    package static func line(containing offset: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
