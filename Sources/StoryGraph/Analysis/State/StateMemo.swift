/// A memo of the state search's pure functions of a few words of a state: a condition's
/// truth, or the value an effect gives, is the same whenever the words it reads (the
/// interned values of its variables, its visit counts) are, so each is computed once per
/// combination and looked up after. The result is exactly what evaluating would give:
/// values are interned in the order first computed, which the memo does not change.
///
/// An open-addressing table (linear probing) over (function, packed words): the words
/// are packed 16 bits each (the value + 1), so a function reading up to four words with
/// values below 65,535 is memoized, and any other is evaluated every time.
struct StateMemo {
    /// The most words a memoized function reads.
    static let maxReads = 4

    private var owners: [Int32]
    private var keys: [UInt64]
    private var results: [Int64]
    private var count = 0
    private var mask: Int

    init() {
        owners = [Int32](repeating: 0, count: 1 << 10)
        keys = [UInt64](repeating: 0, count: 1 << 10)
        results = [Int64](repeating: 0, count: 1 << 10)
        mask = (1 << 10) - 1
    }

    /// The bytes of the table.
    var bytes: Int { owners.count * 20 }

    /// The words of `state` at `indices`, each + 1, packed 16 bits each; nil when one is
    /// out of that range.
    @inline(__always)
    static func pack(_ state: [Int32], _ indices: ArraySlice<Int32>) -> UInt64? {
        var key: UInt64 = 0
        for i in indices {
            let word = Int64(state[Int(i)]) + 1
            guard word >= 0, word < 0xffff else { return nil }
            key = key << 16 | UInt64(word)
        }
        return key
    }

    @inline(__always)
    private func slot(_ owner: Int32, _ key: UInt64) -> Int {
        let h = (key ^ UInt64(UInt32(bitPattern: owner)) &* 0x9e37_79b9_7f4a_7c15) &* 0xff51_afd7_ed55_8ccd
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    /// The result stored for function `owner` (>= 0) on `key`, or nil.
    @inline(__always)
    func find(_ owner: Int, _ key: UInt64) -> Int64? {
        let o = Int32(owner + 1)
        var i = slot(o, key)
        while owners[i] != 0 {
            if owners[i] == o, keys[i] == key { return results[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Stores `result` for function `owner` on `key` (not stored yet).
    mutating func store(_ owner: Int, _ key: UInt64, _ result: Int64) {
        let o = Int32(owner + 1)
        var i = slot(o, key)
        while owners[i] != 0 { i = (i + 1) & mask }
        owners[i] = o
        keys[i] = key
        results[i] = result
        count += 1
        guard count * 2 > owners.count else { return }
        let (oldOwners, oldKeys, oldResults) = (owners, keys, results)
        let size = owners.count * 2
        owners = [Int32](repeating: 0, count: size)
        keys = [UInt64](repeating: 0, count: size)
        results = [Int64](repeating: 0, count: size)
        mask = size - 1
        for k in oldOwners.indices where oldOwners[k] != 0 {
            var j = slot(oldOwners[k], oldKeys[k])
            while owners[j] != 0 { j = (j + 1) & mask }
            owners[j] = oldOwners[k]
            keys[j] = oldKeys[k]
            results[j] = oldResults[k]
        }
    }

    /// The words a program reads, as indices into a state (`1 + slot` for a variable,
    /// `counterBase + counter` for a visit count), each once; nil when more than
    /// `maxReads`.
    static func reads(_ program: ExpressionProgram, counterBase: Int) -> [Int32]? {
        var words: [Int32] = []
        for operation in program.operations {
            let word: Int32
            switch operation {
            case .variable(let slot): word = Int32(1 + slot)
            case .visits(let counter): word = Int32(counterBase + counter)
            default: continue
            }
            if !words.contains(word) { words.append(word) }
        }
        return words.count <= maxReads ? words : nil
    }
}
