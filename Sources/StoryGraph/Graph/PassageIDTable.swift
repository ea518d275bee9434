/// Passage ids to the index of their first passage, for the lookups of every choice's
/// target while a story is validated and its graph built: open addressing over a hash
/// of the id's UTF-8 bytes (FNV-1a from a per-process random basis, then mixed), ids
/// compared as strings. `Dictionary`'s SipHash was most of the time of those lookups on
/// a 100,000-passage story (each id hashed for the index, then every target again).
///
/// Only ASCII ids are hashed by their bytes (two ASCII strings are equal exactly when
/// their bytes are): the first id or lookup with any other byte hands the table over to a
/// `Dictionary`, which compares by canonical equivalence as `String` does (the Kelvin sign
/// is the letter K), so every answer is `Dictionary`'s. So does a run of probes longer
/// than `maximumProbes` (ids made to collide), so no input makes it quadratic.
package final class PassageIDTable {
    private var slots: [Int]
    private var mask: Int
    private var keys: [String] = []
    private var values: [Int] = []
    private var fallback: [String: Int]?

    static let maximumProbes = 64
    private static let basis = UInt64.random(in: .min ... .max) | 1

    package init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [Int](repeating: -1, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Adds `id` for `index` unless it is there already: then the index it has (the
    /// first one wins), else nil.
    @discardableResult
    package func insert(_ id: String, _ index: Int) -> Int? {
        guard fallback == nil, let h = Self.hash(id) else {
            if fallback == nil { spill() }
            if let first = fallback![id] { return first }
            fallback![id] = index
            return nil
        }
        if 2 * (keys.count + 1) > slots.count { grow() }
        var k = h & mask
        var probes = 0
        while true {
            let s = slots[k]
            if s < 0 { break }
            if keys[s] == id { return values[s] }
            probes += 1
            if probes > Self.maximumProbes {
                spill()
                return insert(id, index)
            }
            k = (k + 1) & mask
        }
        slots[k] = keys.count
        keys.append(id)
        values.append(index)
        return nil
    }

    /// The index of the first passage named `id`.
    package func index(of id: String) -> Int? {
        if let fallback { return fallback[id] }
        guard let h = Self.hash(id) else {
            spill()
            return fallback![id]
        }
        var k = h & mask
        while true {
            let s = slots[k]
            if s < 0 { return nil }
            if keys[s] == id { return values[s] }
            k = (k + 1) & mask
        }
    }

    private func grow() {
        let size = slots.count * 2
        slots = [Int](repeating: -1, count: size)
        mask = size - 1
        for (s, id) in keys.enumerated() {
            var k = Self.hash(id)! & mask // only ASCII ids are kept here
            while slots[k] >= 0 { k = (k + 1) & mask }
            slots[k] = s
        }
    }

    private func spill() {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(keys.count)
        for (id, index) in zip(keys, values) { dictionary[id] = index }
        fallback = dictionary
        slots = []
        keys = []
        values = []
    }

    /// The hash of an ASCII id; nil for any other.
    private static func hash(_ id: String) -> Int? {
        var h = basis
        var any: UInt8 = 0
        if let hashed = id.utf8.withContiguousStorageIfAvailable({ bytes in
            var h = h
            for byte in bytes {
                any |= byte
                h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return h
        }) {
            h = hashed
        } else {
            for byte in id.utf8 {
                any |= byte
                h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        guard any < 0x80 else { return nil }
        h ^= h >> 31
        h &*= 0xbf58_476d_1ce4_e5b9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h)
    }
}
