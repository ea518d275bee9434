import Synchronization

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
///
/// Filled by one thread; `frozen` then gives the read-only `PassageIndex` that
/// `StoryGraph.indexByID` is, without hashing the ids again.
package final class PassageIDTable {
    private var slots: PassageSlots
    private var fallback: [String: Int]?

    static let maximumProbes = 64

    package init(capacity: Int) {
        slots = PassageSlots(capacity: capacity)
    }

    /// Adds `id` for `index` unless it is there already: then the index it has (the
    /// first one wins), else nil.
    @discardableResult
    package func insert(_ id: String, _ index: Int) -> Int? {
        guard fallback == nil, let key = PassageSlots.key(id) else {
            if fallback == nil { spill() }
            if let first = fallback![id] { return first }
            fallback![id] = index
            return nil
        }
        switch slots.insert(id, index, key: key) {
        case .added: return nil
        case .found(let first): return first
        case .tooManyProbes:
            spill()
            return insert(id, index)
        }
    }

    /// The index of the first passage named `id`.
    package func index(of id: String) -> Int? {
        if let fallback { return fallback[id] }
        guard let key = PassageSlots.key(id) else {
            spill()
            return fallback![id]
        }
        return slots.find(id, key: key)
    }

    /// The ids added so far, as a read-only index that any thread may ask.
    package var frozen: PassageIndex {
        if let fallback { return PassageIndex(dictionary: fallback) }
        return PassageIndex(slots: slots)
    }

    private func spill() {
        fallback = slots.dictionary
        slots = PassageSlots(capacity: 0)
    }
}

/// The open-addressing table behind `PassageIDTable` and `PassageIndex`. A slot holds its
/// id's key, the passage index and the id's entry number: an id of at most 7 ASCII bytes
/// (`p123`, `hall`) *is* its key (bytes and length), so its lookup reads one slot and no
/// string; a longer one's key is 56 bits of its hash, and a probe compares strings only
/// when those agree. One slot read, not a slot, an id and an index in three arrays, was
/// most of a lookup's time on a 100,000-passage story (each a cache miss).
struct PassageSlots: Sendable {
    private struct Slot {
        var key: UInt64
        var value: Int32
        /// The id's entry number in `keys`; -1 for an empty slot.
        var entry: Int32
    }

    private var slots: [Slot]
    private var mask: Int
    private var keys: [String] = []
    private var values: [Int] = []

    private static let empty = Slot(key: 0, value: 0, entry: -1)
    private static let basis = UInt64.random(in: .min ... .max) | 1
    /// The top byte of a long id's key (a short id's holds its length, at most 7).
    private static let hashed: UInt64 = 0xFF << 56

    enum Insertion { case added, found(Int), tooManyProbes }

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [Slot](repeating: Self.empty, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var dictionary: [String: Int] {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(keys.count)
        for (id, index) in zip(keys, values) where dictionary[id] == nil { dictionary[id] = index }
        return dictionary
    }

    /// Adds `id` (whose `key` is `key`) for `index`. `tooManyProbes` also when the table
    /// would pass 2^31 entries or `index` does not fit 32 bits: the caller then uses a
    /// `Dictionary`.
    mutating func insert(_ id: String, _ index: Int, key: (key: UInt64, hash: UInt64)) -> Insertion {
        guard index >= 0, index <= Int(Int32.max), keys.count < Int(Int32.max) else { return .tooManyProbes }
        if 2 * (keys.count + 1) > slots.count { grow() }
        var k = Int(truncatingIfNeeded: key.hash) & mask
        var probes = 0
        while true {
            let s = slots[k]
            if s.entry < 0 { break }
            if s.key == key.key && (key.key & Self.hashed != Self.hashed || keys[Int(s.entry)] == id) {
                return .found(Int(s.value))
            }
            probes += 1
            if probes > PassageIDTable.maximumProbes { return .tooManyProbes }
            k = (k + 1) & mask
        }
        slots[k] = Slot(key: key.key, value: Int32(index), entry: Int32(keys.count))
        keys.append(id)
        values.append(index)
        return .added
    }

    func find(_ id: String, key: (key: UInt64, hash: UInt64)) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var k = Int(truncatingIfNeeded: key.hash) & mask
            while true {
                let s = slots[k]
                if s.entry < 0 { return nil }
                if s.key == key.key && (key.key & Self.hashed != Self.hashed || keys[Int(s.entry)] == id) {
                    return Int(s.value)
                }
                k = (k + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [Slot](repeating: Self.empty, count: size)
        let mask = size - 1
        for s in slots where s.entry >= 0 {
            var k = Int(truncatingIfNeeded: Self.key(keys[Int(s.entry)])!.hash) & mask // only ASCII ids are kept here
            while grown[k].entry >= 0 { k = (k + 1) & mask }
            grown[k] = s
        }
        slots = grown
        self.mask = mask
    }

    /// The key and hash of an ASCII id; nil for any other. An id of at most 7 bytes is
    /// its key (length in the top byte, the bytes below); a longer one's key is
    /// `hashed` over 56 bits of its FNV-1a hash (from a per-process random basis). Both
    /// hashes are then mixed.
    @inline(__always)
    static func key(_ id: String) -> (key: UInt64, hash: UInt64)? {
        var any: UInt8 = 0
        var key: UInt64 = 0
        var h = basis
        func fold<C: Collection<UInt8>>(_ bytes: C) {
            if bytes.count <= 7 {
                var shift: UInt64 = 0
                for byte in bytes {
                    any |= byte
                    key |= UInt64(byte) << shift
                    shift += 8
                }
                key |= UInt64(bytes.count) << 56
                h ^= key
            } else {
                for byte in bytes {
                    any |= byte
                    h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
        }
        if id.utf8.withContiguousStorageIfAvailable({ fold($0) }) == nil { fold(id.utf8) }
        guard any < 0x80 else { return nil }
        h ^= h >> 31
        h &*= 0xbf58_476d_1ce4_e5b9
        h ^= h >> 29
        h &*= 0x94d0_49bb_1331_11eb
        h ^= h >> 32
        if key == 0 { key = hashed | (h >> 8) }
        return (key, h)
    }
}

/// Passage ids to the index of their first passage, read-only (`StoryGraph.indexByID`):
/// what a `PassageIDTable` held when frozen, answered as a `Dictionary` of the same ids
/// would answer (by canonical equivalence, as `String` compares).
public struct PassageIndex: Sendable {
    private let slots: PassageSlots?
    private let dictionary: [String: Int]?
    /// The same ids as a `Dictionary`, made on the first lookup of an id with a byte
    /// beyond ASCII (which may still name an ASCII id: the Kelvin sign is the letter K).
    private let equivalents: Equivalents?

    private final class Equivalents: Sendable {
        let made = Mutex<[String: Int]?>(nil)
    }

    init(slots: PassageSlots) {
        self.slots = slots
        dictionary = nil
        equivalents = Equivalents()
    }

    init(dictionary: [String: Int]) {
        slots = nil
        self.dictionary = dictionary
        equivalents = nil
    }

    /// An index of no ids.
    package static let empty = PassageIndex(dictionary: [:])

    /// The index of the first passage named `id`, nil when none is.
    public subscript(_ id: String) -> Int? {
        if let dictionary { return dictionary[id] }
        guard let slots, let equivalents else { return nil }
        if let key = PassageSlots.key(id) { return slots.find(id, key: key) }
        return equivalents.made.withLock { made in
            if made == nil { made = slots.dictionary }
            return made![id]
        }
    }
}
