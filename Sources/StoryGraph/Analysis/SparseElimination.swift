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
        // Row i: x_i − Σ_{u→v_i, u in c, u not absorbing} x_u / d_u = b_i.
        var rows = [[Int: Double]](repeating: [:], count: m)
        var rhs = [Double](repeating: 0, count: m)
        // Rows holding a non-zero in each column (the rows to update when it is eliminated).
        var columnRows = [[Int]](repeating: [], count: m)
        for (i, v) in members.enumerated() {
            rows[i][i] = 1
            rhs[i] = inflow[v]
            columnRows[i].append(i)
        }
        for (j, u) in members.enumerated() where !absorbing[u] {
            let weight = 1 / Double(degree[u])
            for w in graph.successors(of: u) where componentOf[w] == component {
                let i = position[w]
                if rows[i][j] == nil { columnRows[j].append(i) }
                rows[i][j, default: 0] -= weight
                steps -= 1
            }
        }
        // Forward elimination in member order, with at most `maximumEntries` row entries
        // (about 200 MB) however large the budget.
        var entries = 0
        for k in 0..<m {
            let pivotRow = rows[k]
            guard let pivot = pivotRow[k], pivot > 0 else { return nil }
            for r in columnRows[k] where r > k {
                guard let a = rows[r][k] else { continue }
                let factor = a / pivot
                rows[r][k] = nil
                for (j, value) in pivotRow where j != k {
                    if rows[r][j] == nil {
                        columnRows[j].append(r)
                        entries += 1
                    }
                    rows[r][j, default: 0] -= factor * value
                }
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
            // In column order, so that rounding is the same on every run (a dictionary's
            // order is not).
            for j in rows[k].keys.sorted() where j != k { value -= rows[k][j]! * x[j] }
            x[k] = value / rows[k][k]!
            steps -= rows[k].count
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
