/// A direct solve of the expected-visit equations of one strongly connected component of
/// an absorbing Markov chain (Kemeny & Snell 1960): `x_v = b_v + Σ_{u→v} x_u / d_u` over the
/// component's members, i.e. `(I − Qᵀ) x = b`, by Gaussian elimination without pivoting
/// on sparse rows (the matrix is a non-singular M-matrix when the component has a way out,
/// so every pivot stays positive and no pivoting is needed; Varga 1962).
///
/// The work is counted in steps (one row entry updated); the solve gives up, returning
/// `nil`, when the steps run out. On a simple cycle the fill-in stays on one column, so a
/// 100,000-passage loop costs O(n).
///
/// - Complexity: O(m + e) to build; elimination O(Σ fill-in), at most O(m³) on a dense
///   component of m members, bounded by the step budget.
struct SparseElimination {
    /// The solution (expected visits of each member, in `members` order) and the largest
    /// relative residual `|x − b − Qᵀx| / max(1, |x|)` it leaves (floating-point error).
    struct Solution {
        var visits: [Double]
        var residual: Double
    }

    /// - Parameters:
    ///   - members: the component's passages.
    ///   - position: each passage's index in `members` (−1 or stale outside the component;
    ///     only read for passages whose component is `component`).
    ///   - absorbing: passages that keep the mass that reaches them (endings).
    ///   - steps: the steps the solve may take; decreased by the steps it took.
    /// The most fill-in entries one elimination may create.
    static let maximumEntries = 4_000_000

    static func solve(
        _ graph: StoryGraph, component: Int, componentOf: [Int], members: [Int], position: [Int],
        inflow: [Double], degree: [Int], absorbing: [Bool], steps: inout Int
    ) -> Solution? {
        let m = members.count
        // Row i: x_i − Σ_{u→v_i, u in c, u not absorbing} x_u / d_u = b_i. Each row keeps its
        // diagonal first (no entry before it is ever removed).
        var rows = [Row](repeating: Row(), count: m)
        var rhs = [Double](repeating: 0, count: m)
        // Rows holding a non-zero in each column (the rows to update when it is eliminated).
        var columnRows = [[Int]](repeating: [], count: m)
        for (i, v) in members.enumerated() {
            rows[i].append(column: i, value: 1)
            rhs[i] = inflow[v]
            columnRows[i].append(i)
        }
        // The entry of row i in column j while column j is built (`mark[i] == j`).
        var mark = [Int](repeating: -1, count: m)
        var slot = [Int](repeating: 0, count: m)
        for (j, u) in members.enumerated() where !absorbing[u] {
            let weight = 1 / Double(degree[u])
            for w in graph.successors(of: u) where componentOf[w] == component {
                let i = position[w]
                if i == j {
                    rows[i].values[0] -= weight
                } else if mark[i] == j {
                    rows[i].values[slot[i]] -= weight
                } else {
                    mark[i] = j
                    slot[i] = rows[i].count
                    columnRows[j].append(i)
                    rows[i].append(column: j, value: 0 - weight)
                }
                steps -= 1
            }
        }
        // Forward elimination in member order, with at most `maximumEntries` row entries
        // (about 200 MB) however large the budget.
        var entries = 0
        for k in 0..<m {
            let pivotRow = rows[k]
            let pivot = pivotRow.values[0]
            guard pivot > 0 else { return nil }
            for r in columnRows[k] where r > k {
                guard let at = rows[r].index(of: k) else { continue }
                // Taken out of the array while it changes, so that it is changed in place.
                var row = rows[r]
                rows[r] = Row()
                let factor = row.values[at] / pivot
                row.remove(at: at)
                for t in 1..<pivotRow.count {
                    let j = Int(pivotRow.columns[t])
                    let change = factor * pivotRow.values[t]
                    if let e = row.index(of: j) {
                        row.values[e] -= change
                    } else {
                        columnRows[j].append(r)
                        entries += 1
                        row.append(column: j, value: 0 - change)
                    }
                }
                rows[r] = row
                rhs[r] -= factor * rhs[k]
                steps -= pivotRow.count
                if steps < 0 || entries > maximumEntries { return nil }
            }
            columnRows[k] = []
        }
        // Back substitution.
        var x = [Double](repeating: 0, count: m)
        for k in stride(from: m - 1, through: 0, by: -1) {
            var value = rhs[k]
            // In column order, so that rounding is the same on every run.
            let row = rows[k]
            for t in (1..<row.count).sorted(by: { row.columns[$0] < row.columns[$1] }) {
                value -= row.values[t] * x[Int(row.columns[t])]
            }
            x[k] = value / row.values[0]
            steps -= row.count
            rows[k] = Row()
        }
        if steps < 0 { return nil }
        // The residual of the original equations.
        var residual = 0.0
        for (i, v) in members.enumerated() {
            var value = inflow[v]
            for u in graph.predecessors(of: v) where componentOf[u] == component && !absorbing[u] {
                value += x[position[u]] / Double(degree[u])
            }
            residual = max(residual, abs(value - x[i]) / max(1, abs(x[i])))
        }
        return Solution(visits: x, residual: residual)
    }

    /// One sparse row of the elimination: its entries in two arrays (in no order, the
    /// diagonal first), and past a few entries an open-addressing index from column to
    /// entry, so finding a column costs O(1) however long the row grows (a hub's row holds
    /// every column).
    struct Row {
        var columns: [Int32] = []
        var values: [Double] = []
        /// Entry index + 1 for each slot; 0 empty, −1 a removed entry. Empty while the
        /// row is short enough to scan.
        private var slots: [Int32] = []
        private var occupied = 0
        private static let scanLimit = 8

        var count: Int { columns.count }

        private func home(_ column: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(column) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
        }

        func index(of column: Int) -> Int? {
            if slots.isEmpty {
                let c = Int32(column)
                for t in 0..<columns.count where columns[t] == c { return t }
                return nil
            }
            var h = home(column)
            while true {
                let s = slots[h]
                if s == 0 { return nil }
                if s > 0, columns[Int(s) - 1] == Int32(column) { return Int(s) - 1 }
                h = (h + 1) & (slots.count - 1)
            }
        }

        mutating func append(column: Int, value: Double) {
            columns.append(Int32(column))
            values.append(value)
            if slots.isEmpty {
                if columns.count > Self.scanLimit { rebuild() }
            } else if 2 * (occupied + 1) > slots.count {
                rebuild()
            } else {
                insert(column, entry: columns.count - 1)
            }
        }

        /// Removes entry `t` (not the diagonal): the last entry takes its place.
        mutating func remove(at t: Int) {
            let last = columns.count - 1
            if !slots.isEmpty {
                slots[slot(of: t)] = -1
                if t != last { slots[slot(of: last)] = Int32(t + 1) }
            }
            columns[t] = columns[last]
            values[t] = values[last]
            columns.removeLast()
            values.removeLast()
        }

        private func slot(of t: Int) -> Int {
            var h = home(Int(columns[t]))
            while slots[h] != Int32(t + 1) { h = (h + 1) & (slots.count - 1) }
            return h
        }

        private mutating func insert(_ column: Int, entry t: Int) {
            var h = home(column)
            while slots[h] > 0 { h = (h + 1) & (slots.count - 1) }
            if slots[h] == 0 { occupied += 1 }
            slots[h] = Int32(t + 1)
        }

        private mutating func rebuild() {
            var size = 16
            while size < 4 * columns.count { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
            occupied = 0
            for t in 0..<columns.count { insert(Int(columns[t]), entry: t) }
        }
    }

    /// Lower bounds of the expected visits: Gauss–Seidel sweeps of `x = b + Qᵀx` from
    /// x = 0 until they stop changing (to 1e-15 relative) or `steps` run out. Every
    /// coefficient is non-negative, so the sweeps rise monotonically towards the solution.
    ///
    /// - Complexity: O(k · (m + e)) for k sweeps, within `steps`.
    static func lowerBound(
        _ graph: StoryGraph, component: Int, componentOf: [Int], members: [Int], position: [Int],
        inflow: [Double], degree: [Int], absorbing: [Bool], steps: inout Int
    ) -> [Double] {
        var x = [Double](repeating: 0, count: members.count)
        while steps > 0 {
            var change = 0.0
            var scale = 0.0
            for (i, v) in members.enumerated() {
                var value = inflow[v]
                for u in graph.predecessors(of: v) where componentOf[u] == component && !absorbing[u] {
                    value += x[position[u]] / Double(degree[u])
                }
                steps -= 1 + graph.predecessors(of: v).count
                change = max(change, value - x[i])
                scale = max(scale, value)
                x[i] = value
            }
            if change <= 1e-15 * max(scale, 1) { break }
        }
        return x
    }
}
