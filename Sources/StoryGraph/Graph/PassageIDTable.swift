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
        guard fallback == nil, let h = PassageSlots.hash(id) else {
            if fallback == nil { spill() }
            if let first = fallback![id] { return first }
            fallback![id] = index
            return nil
        }
        switch slots.insert(id, index, hash: h) {
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
        guard let h = PassageSlots.hash(id) else {
            spill()
            return fallback![id]
        }
        return slots.find(id, hash: h)
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

/// The open-addressing table behind `PassageIDTable` and `PassageIndex`: every slot holds
/// the top 32 bits of its id's hash beside the id's entry number, so a probe compares
/// strings only when those bits agree.
struct PassageSlots: Sendable {
    /// `empty`, or the hash's top 32 bits shifted left 32, or-ed with the entry number.
    private var slots: [UInt64]
    private var mask: Int
    private var keys: [String] = []
    private var values: [Int] = []

    static let empty = UInt64.max
    private static let basis = UInt64.random(in: .min ... .max) | 1

    enum Insertion { case added, found(Int), tooManyProbes }

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [UInt64](repeating: Self.empty, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var dictionary: [String: Int] {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(keys.count)
        for (id, index) in zip(keys, values) { dictionary[id] = index }
        return dictionary
    }

    @inline(__always)
    private static func tag(_ h: UInt64) -> UInt64 { h & 0xFFFF_FFFF_0000_0000 }

    mutating func insert(_ id: String, _ index: Int, hash h: UInt64) -> Insertion {
        if 2 * (keys.count + 1) > slots.count { grow() }
        let tag = Self.tag(h)
        var k = Int(truncatingIfNeeded: h) & mask
        var probes = 0
        while true {
            let s = slots[k]
            if s == Self.empty { break }
            if s & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(s & 0xFFFF_FFFF)
                if keys[entry] == id { return .found(values[entry]) }
            }
            probes += 1
            if probes > PassageIDTable.maximumProbes { return .tooManyProbes }
            k = (k + 1) & mask
        }
        slots[k] = tag | UInt64(keys.count)
        keys.append(id)
        values.append(index)
        return .added
    }

    func find(_ id: String, hash h: UInt64) -> Int? {
        let tag = Self.tag(h)
        return slots.withUnsafeBufferPointer { slots in
            var k = Int(truncatingIfNeeded: h) & mask
            while true {
                let s = slots[k]
                if s == Self.empty { return nil }
                if s & 0xFFFF_FFFF_0000_0000 == tag {
                    let entry = Int(s & 0xFFFF_FFFF)
                    if keys[entry] == id { return values[entry] }
                }
                k = (k + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [UInt64](repeating: Self.empty, count: size)
        let mask = size - 1
        for s in slots where s != Self.empty {
            let entry = Int(s & 0xFFFF_FFFF)
            var k = Int(truncatingIfNeeded: Self.hash(keys[entry])!) & mask // only ASCII ids are kept here
            while grown[k] != Self.empty { k = (k + 1) & mask }
            grown[k] = s
        }
        slots = grown
        self.mask = mask
    }

    /// The hash of an ASCII id; nil for any other.
    @inline(__always)
    static func hash(_ id: String) -> UInt64? {
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
        return h
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
        if let h = PassageSlots.hash(id) { return slots.find(id, hash: h) }
        return equivalents.made.withLock { made in
            if made == nil { made = slots.dictionary }
            return made![id]
        }
    }
}
