/// Places every box of a map whose passages are pinned (`--layout twine`), so that no two
/// boxes overlap and Graphviz only routes the edges.
///
/// The pinned boxes keep their positions, scaled uniformly (the author's arrangement
/// stays) by the smallest factor that keeps them apart. Every other box is placed, in the
/// order given, at the free spot nearest where it belongs: a choice box on the segment
/// between its passage and its target (then beside it), a marker next to its passage, a
/// passage without a position near the passages it links with. Deterministic: the same
/// boxes give the same places.
package struct BoxPlacement: Sendable {
    package struct Point: Sendable, Hashable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Where a box wants to be.
    package enum Anchor: Sendable {
        /// Pinned at a point (before scaling).
        case pinned(Point)
        /// As near the mean of these boxes' places as is free (the segment between them
        /// first when there are two).
        case between([String])
        /// Just above or below another box (the start marker, a restart marker).
        case above(String)
        case below(String)
        /// Apart from everything, above the rest (a legend).
        case aside
    }

    package struct Box: Sendable {
        package var name: String
        package var width: Double
        package var height: Double
        package var anchor: Anchor
        package init(name: String, width: Double, height: Double, anchor: Anchor) {
            self.name = name
            self.width = width
            self.height = height
            self.anchor = anchor
        }
    }

    /// Space kept between any two boxes, in points (room for an edge between them).
    package static let gap = 18.0
    /// Pinned positions are scaled by a multiple of this, so that scaled positions keep
    /// two decimals.
    package static let scaleStep = 0.25
    /// The largest scale applied: two cards closer than that allows (one on top of the
    /// other) are not spread further; the later one is placed like an unpinned box.
    package static let maximumScale = 8.0

    /// The factor pinned positions were multiplied by (1: as given).
    package private(set) var scale = 1.0
    /// The centre of each box by name.
    package private(set) var places: [String: Point] = [:]
    /// Pinned boxes that could not keep their position (cards on top of each other).
    package private(set) var unpinned: [String] = []

    private var grid = SpatialGrid(cell: 256)

    /// - Complexity: O(K² + B · S) for K pinned boxes, B boxes and S spots tried per box
    ///   (each test against the boxes in a few grid cells).
    package init(_ boxes: [Box]) {
        let pinned = boxes.compactMap { box -> (Box, Point)? in
            if case .pinned(let point) = box.anchor { return (box, point) }
            return nil
        }
        let (scale, dropped) = Self.scale(pinned)
        self.scale = scale
        for (box, point) in pinned where !dropped.contains(box.name) {
            place(box, at: Point(x: point.x * scale, y: point.y * scale))
        }
        // Passages without a place next (their choices need them), then targets and
        // markers, then choice boxes, in the order given within each.
        var rest = boxes.filter { box in
            if case .pinned = box.anchor { return dropped.contains(box.name) }
            return true
        }
        rest = rest.enumerated().sorted { a, b in
            let (ra, rb) = (Self.rank(a.element), Self.rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        for box in rest {
            unpinned += dropped.contains(box.name) ? [box.name] : []
            placeFree(box)
        }
    }

    private static func rank(_ box: Box) -> Int {
        switch box.anchor {
        case .pinned: return 0
        case .between(let names): return names.count == 2 ? 3 : 1
        case .above, .below: return 2
        case .aside: return 4
        }
    }

    /// The smallest multiple of `scaleStep` (at least 1, at most `maximumScale`) by
    /// which the pinned points are multiplied so that no two boxes overlap, and the boxes
    /// that even `maximumScale` does not separate from an earlier one.
    ///
    /// Two boxes are apart when their centres differ by at least their half-widths plus
    /// the gap across, or their half-heights plus the gap down.
    static func scale(_ pinned: [(Box, Point)]) -> (Double, Set<String>) {
        var needed = 1.0
        var dropped = Set<String>()
        for j in pinned.indices {
            for i in 0..<j where !dropped.contains(pinned[i].0.name) {
                let (a, p) = pinned[i]
                let (b, q) = pinned[j]
                let dx = abs(p.x - q.x)
                let dy = abs(p.y - q.y)
                let acrossX = (a.width + b.width) / 2 + gap
                let acrossY = (a.height + b.height) / 2 + gap
                let factor = min(dx > 0 ? acrossX / dx : .infinity, dy > 0 ? acrossY / dy : .infinity)
                if factor > maximumScale {
                    dropped.insert(b.name)
                    break
                }
                needed = max(needed, factor)
            }
        }
        return ((needed / scaleStep).rounded(.up) * scaleStep, dropped)
    }

    // MARK: - Placing

    private mutating func place(_ box: Box, at point: Point) {
        places[box.name] = point
        grid.insert(Rect(centre: point, width: box.width, height: box.height))
    }

    private func isFree(_ point: Point, _ box: Box) -> Bool {
        !grid.intersects(Rect(centre: point, width: box.width + 2 * Self.gap, height: box.height + 2 * Self.gap))
    }

    private mutating func placeFree(_ box: Box) {
        var wanted: Point
        var segment: (Point, Point)?
        switch box.anchor {
        case .pinned(let point):
            wanted = Point(x: point.x * scale, y: point.y * scale)
        case .between(let names):
            let points = names.compactMap { places[$0] }
            if points.isEmpty {
                wanted = besideEverything(box)
            } else {
                wanted = Point(
                    x: points.map(\.x).reduce(0, +) / Double(points.count),
                    y: points.map(\.y).reduce(0, +) / Double(points.count))
                if points.count == 2, points[0] != points[1] { segment = (points[0], points[1]) }
            }
        case .above(let name), .below(let name):
            if let point = places[name] {
                let sign: Double = if case .above = box.anchor { -1 } else { 1 }
                wanted = Point(x: point.x, y: point.y + sign * (box.height / 2 + Self.gap + 30))
            } else {
                wanted = besideEverything(box)
            }
        case .aside:
            let bounds = grid.bounds ?? Rect(centre: Point(x: 0, y: 0), width: 0, height: 0)
            wanted = Point(x: bounds.minX + box.width / 2, y: bounds.minY - box.height / 2 - 3 * Self.gap)
        }
        if let segment, let point = onSegment(segment, box) {
            place(box, at: point)
            return
        }
        place(box, at: nearestFree(to: wanted, box))
    }

    /// A free spot on the segment between two boxes' centres (from its middle outwards),
    /// or just beside it: each spot tried at distances 0, ±1, ±2… steps across it.
    private func onSegment(_ segment: (Point, Point), _ box: Box) -> Point? {
        let (a, b) = segment
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
        let step = 12.0
        for across in [0.0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6, 8, -8] {
            for t in [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82] {
                let point = Point(
                    x: Self.round(a.x + (b.x - a.x) * t - uy * across * step),
                    y: Self.round(a.y + (b.y - a.y) * t + ux * across * step))
                if isFree(point, box) { return point }
            }
        }
        return nil
    }

    /// The free spot nearest `wanted` on a grid of 12-point steps, ring by ring outwards.
    private func nearestFree(to wanted: Point, _ box: Box) -> Point {
        let step = 12.0
        let origin = Point(x: Self.round(wanted.x), y: Self.round(wanted.y))
        if isFree(origin, box) { return origin }
        var ring = 1
        while true {
            var spots: [(Double, Int, Int)] = []
            for i in -ring...ring {
                for j in [-ring, ring] {
                    spots.append((Double(i * i + j * j), i, j))
                    if abs(i) != ring { spots.append((Double(i * i + j * j), j, i)) }
                }
            }
            spots.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            for (_, i, j) in spots {
                let point = Point(x: origin.x + Double(i) * step, y: origin.y + Double(j) * step)
                if isFree(point, box) { return point }
            }
            ring += 1
        }
    }

    /// Below everything placed so far, for a box with nothing placed to be near.
    private func besideEverything(_ box: Box) -> Point {
        guard let bounds = grid.bounds else { return Point(x: 0, y: 0) }
        return Point(x: bounds.minX + box.width / 2, y: bounds.maxY + box.height / 2 + 3 * Self.gap)
    }

    /// Two decimals, as the DOT text writes them.
    private static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// An axis-aligned rectangle (y grows downwards, as in Twine).
struct Rect: Sendable {
    var minX, minY, maxX, maxY: Double

    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

extension Rect {
    init(centre: BoxPlacement.Point, width: Double, height: Double) {
        minX = centre.x - width / 2
        maxX = centre.x + width / 2
        minY = centre.y - height / 2
        maxY = centre.y + height / 2
    }
}

/// Rectangles bucketed by the square cells they cover, so that a test looks only at the
/// rectangles near it.
struct SpatialGrid: Sendable {
    let cell: Double
    private var rects: [Rect] = []
    private var buckets: [Cell: [Int]] = [:]
    private(set) var bounds: Rect?

    private struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    init(cell: Double) { self.cell = cell }

    private func cells(_ rect: Rect) -> [Cell] {
        let (x0, x1) = (Int((rect.minX / cell).rounded(.down)), Int((rect.maxX / cell).rounded(.down)))
        let (y0, y1) = (Int((rect.minY / cell).rounded(.down)), Int((rect.maxY / cell).rounded(.down)))
        return (x0...x1).flatMap { x in (y0...y1).map { Cell(x: x, y: $0) } }
    }

    mutating func insert(_ rect: Rect) {
        for c in cells(rect) { buckets[c, default: []].append(rects.count) }
        rects.append(rect)
        bounds =
            bounds.map {
                Rect(
                    minX: min($0.minX, rect.minX), minY: min($0.minY, rect.minY), maxX: max($0.maxX, rect.maxX),
                    maxY: max($0.maxY, rect.maxY))
            } ?? rect
    }

    func intersects(_ rect: Rect) -> Bool {
        cells(rect).contains { c in buckets[c]?.contains { rects[$0].intersects(rect) } ?? false }
    }
}
