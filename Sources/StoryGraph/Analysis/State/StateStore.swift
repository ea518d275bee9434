/// The states the search has found, bit-packed into one flat array of 64-bit words, with
/// an open-addressing hash index over them: no allocation per state.
///
/// A state is `width` words (`Int32`) while it is evaluated: its node, the interned value
/// of each tracked variable (-1: unknown), each visit count, the once-only bits. Stored,
/// each word is a field of only the bits it needs: the node's `bits(graph.count - 1)`, a
/// count's `bits(visitCap)`, the once-only bits one each, and a variable's as many as its
/// interned values so far need (a variable seen with three values takes two bits). When a
/// variable gains a value past its field (`widen`), the fields are laid out again and the
/// stored states repacked: widths double, so each field grows a few times at most, mostly
/// while the search is young. Fields never straddle a 64-bit word (placed largest first,
/// each in the first word with room).
///
/// States are numbered in the order inserted, whatever the layout, so the search's results
/// do not depend on it.
struct StateStore {
    /// The words of an unpacked state.
    let width: Int
    /// Per unpacked word: its field's bits, the packed word holding it, its shift there,
    /// and what is added before packing (1 for a variable's value, whose -1 is unknown).
    private var bits: [UInt8]
    private var packedWord: [Int32]
    private var shift: [UInt8]
    private let bias: [Int32]
    /// Packed words per state.
    private(set) var stride = 0
    /// The states, `stride` words each.
    private var words: [UInt64] = []
    /// The index: a state's number + 1 in the low 32 bits, its hash in the high 32 (so a
    /// probe compares states only when the hashes agree, and growing never rehashes).
    private var table = [UInt64](repeating: 0, count: 1 << 12)
    private var mask = (1 << 12) - 1
    /// The state being inserted, packed.
    private var scratch: [UInt64] = []
    private(set) var count = 0

    /// A store of states of `width` words, word `k` a field of `bits[k]` bits (a variable's
    /// value, `isValue[k]`, may widen later).
    init(bits: [Int], isValue: [Bool]) {
        width = bits.count
        self.bits = bits.map { UInt8(min(32, max(0, $0))) }
        bias = isValue.map { $0 ? 1 : 0 }
        packedWord = [Int32](repeating: 0, count: bits.count)
        shift = [UInt8](repeating: 0, count: bits.count)
        layOut()
    }

    /// The bits that hold `0...value`.
    static func bits(_ value: Int) -> Int { value <= 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }

    /// The bytes of the states and their index.
    var bytes: Int { words.count * 8 + table.count * 8 }
    /// The bytes growing the index would add (the old and new tables, while it grows).
    var growthBytes: Int { table.count * 16 }
    /// Whether the index is half full: `grow` before the next insertion.
    var isHalfFull: Bool { count * 2 > table.count }

    /// Places each field, largest first, in the first packed word with room.
    private mutating func layOut() {
        var room: [Int] = []
        let order = (0..<width).sorted { bits[$0] != bits[$1] ? bits[$0] > bits[$1] : $0 < $1 }
        for k in order {
            let b = Int(bits[k])
            var w = room.firstIndex { $0 >= b } ?? -1
            if w < 0 {
                room.append(64)
                w = room.count - 1
            }
            packedWord[k] = Int32(w)
            shift[k] = UInt8(64 - room[w])
            room[w] -= b
        }
        stride = max(1, room.count)
        scratch = [UInt64](repeating: 0, count: stride)
    }

    /// Whether word `k` holds `value` as laid out now.
    @inline(__always)
    func fits(_ k: Int, _ value: Int32) -> Bool {
        let v = Int(value) + Int(bias[k])
        return v >= 0 && Self.bits(v) <= Int(bits[k])
    }

    /// Widens word `k`'s field to hold `value` (at least double its bits), and repacks the
    /// stored states in place of the old array, one state at a time.
    ///
    /// - Complexity: O(count × width).
    mutating func widen(_ k: Int, toHold value: Int32) {
        let need = Self.bits(Int(value) + Int(bias[k]))
        guard need > Int(bits[k]) else { return }
        let old = (bits: bits, packedWord: packedWord, shift: shift, stride: stride, words: words)
        words = []
        bits[k] = UInt8(min(32, max(need, 2 * Int(bits[k]))))
        layOut()
        words.reserveCapacity(count * stride)
        var state = [Int32](repeating: 0, count: width)
        for i in 0..<count {
            for j in 0..<width {
                let field = (old.words[i * old.stride + Int(old.packedWord[j])] &>> UInt64(old.shift[j]))
                    & ((1 &<< UInt64(old.bits[j])) &- 1)
                state[j] = Int32(truncatingIfNeeded: field) &- bias[j]
            }
            pack(state)
            words.append(contentsOf: scratch)
        }
        // The hashes are of the packed words: the index is made again.
        for t in table.indices { table[t] = 0 }
        for i in 0..<count {
            let h = hashPacked(at: i * stride)
            var slot = Int(truncatingIfNeeded: h) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = h << 32 | UInt64(i + 1)
        }
    }

    /// Packs `s` into `scratch`.
    @inline(__always)
    private mutating func pack(_ s: [Int32]) {
        let width = self.width
        scratch.withUnsafeMutableBufferPointer { out in
            for w in out.indices { out[w] = 0 }
            s.withUnsafeBufferPointer { s in
                bits.withUnsafeBufferPointer { bits in
                    packedWord.withUnsafeBufferPointer { packedWord in
                        shift.withUnsafeBufferPointer { shift in
                            bias.withUnsafeBufferPointer { bias in
                                for k in 0..<width where bits[k] != 0 {
                                    let v = UInt64(UInt32(bitPattern: s[k] &+ bias[k]))
                                    out[Int(packedWord[k])] |= v &<< UInt64(shift[k])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func mix(_ words: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var h: UInt64 = 0x243f_6a88_85a3_08d3
        for w in words {
            h = (h ^ w) &* 0x9e37_79b9_7f4a_7c15
            h ^= h >> 29
        }
        return (h &* 0xff51_afd7_ed55_8ccd) >> 32
    }

    private func hashPacked(at base: Int) -> UInt64 {
        words.withUnsafeBufferPointer { Self.mix(UnsafeBufferPointer(rebasing: $0[base..<(base + stride)])) }
    }

    /// Packs `s` and looks it up: its number if stored, else nil with its hash, for `append`.
    @inline(__always)
    mutating func find(_ s: [Int32]) -> (index: Int32?, hash: UInt64) {
        pack(s)
        let stride = self.stride
        return scratch.withUnsafeBufferPointer { packed in
            let h = Self.mix(packed)
            return words.withUnsafeBufferPointer { words in
                table.withUnsafeBufferPointer { table in
                    var slot = Int(truncatingIfNeeded: h) & mask
                    while table[slot] != 0 {
                        let entry = table[slot]
                        if entry >> 32 == h {
                            let i = Int(entry & 0xffff_ffff) - 1
                            var same = true
                            for w in 0..<stride where words[i * stride + w] != packed[w] {
                                same = false
                                break
                            }
                            if same { return (Int32(i), h) }
                        }
                        slot = (slot + 1) & mask
                    }
                    return (nil, h)
                }
            }
        }
    }

    /// Stores the state `find` last packed (not stored), with its hash; its number.
    @inline(__always)
    mutating func append(hash h: UInt64) -> Int32 {
        var slot = Int(truncatingIfNeeded: h) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = h << 32 | UInt64(count + 1)
        words.append(contentsOf: scratch)
        count += 1
        return Int32(count - 1)
    }

    /// Doubles the index.
    mutating func grow() {
        var bigger = [UInt64](repeating: 0, count: table.count * 2)
        let m = bigger.count - 1
        for entry in table where entry != 0 {
            var k = Int(truncatingIfNeeded: entry >> 32) & m
            while bigger[k] != 0 { k = (k + 1) & m }
            bigger[k] = entry
        }
        table = bigger
        mask = m
    }

    /// State `i`'s words, into `s` (of `width` words).
    @inline(__always)
    func unpack(_ i: Int, into s: inout [Int32]) {
        let width = self.width
        let base = i * stride
        s.withUnsafeMutableBufferPointer { s in
            words.withUnsafeBufferPointer { words in
                bits.withUnsafeBufferPointer { bits in
                    packedWord.withUnsafeBufferPointer { packedWord in
                        shift.withUnsafeBufferPointer { shift in
                            bias.withUnsafeBufferPointer { bias in
                                for k in 0..<width {
                                    let b = UInt64(bits[k])
                                    let field = (words[base + Int(packedWord[k])] &>> UInt64(shift[k])) & ((1 &<< b) &- 1)
                                    s[k] = Int32(truncatingIfNeeded: field) &- bias[k]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// State `i`'s first word (its node).
    @inline(__always)
    func first(_ i: Int) -> Int32 {
        let field = (words[i * stride + Int(packedWord[0])] &>> UInt64(shift[0])) & ((1 &<< UInt64(bits[0])) &- 1)
        return Int32(truncatingIfNeeded: field) &- bias[0]
    }
}
