import Foundation

/// Centres the text lines of passage and choice boxes in Graphviz's SVG on the box.
///
/// Graphviz writes each line of an HTML-like label as `text-anchor="start"` at the x
/// where the line starts by its own measure of the font. A viewer that draws the text in
/// another font (a browser without Helvetica draws a wider or narrower sans-serif) then
/// shows every line shifted to one side of the box. Our labels centre every line, so a
/// line's centre is the box's: each such line becomes `text-anchor="middle"` at the
/// box's centre, which holds in whatever font the viewer uses.
///
/// Only nodes whose class names a passage or a choice are touched (the legend aligns its
/// cells left), and only lines that are one text element (a line of two spans keeps
/// Graphviz's placement).
enum SVGTextCentring {
    /// - Complexity: O(n) in the SVG's length.
    static func centred(_ svg: Data) -> Data {
        guard let text = String(data: svg, encoding: .utf8) else { return svg }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var groupStart: Int?
        var inBox = false
        func finish(upTo end: Int) {
            defer {
                groupStart = nil
                inBox = false
            }
            guard inBox, let start = groupStart else { return }
            var centre: Double?
            var texts: [(index: Int, y: String)] = []
            for i in start..<end {
                let line = lines[i]
                if centre == nil, let range = xRange(ofShape: line) {
                    centre = (range.lowerBound + range.upperBound) / 2
                }
                if line.hasPrefix("<text text-anchor=\"start\" x=\""), let y = attribute("y", in: line) {
                    texts.append((i, y))
                }
            }
            guard let centre else { return }
            var perRow: [String: Int] = [:]
            for t in texts { perRow[t.y, default: 0] += 1 }
            for t in texts where perRow[t.y] == 1 {
                let line = lines[t.index]
                guard let x = attribute("x", in: line) else { continue }
                lines[t.index] = line.replacingOccurrences(
                    of: "<text text-anchor=\"start\" x=\"\(x)\"",
                    with: "<text text-anchor=\"middle\" x=\"\(number(centre))\"")
            }
        }
        for i in lines.indices {
            let line = lines[i]
            if line.hasPrefix("<!-- ") {
                finish(upTo: i)
                groupStart = i
            } else if groupStart != nil, line.hasPrefix("<g id="), let classes = attribute("class", in: line),
                classes.hasPrefix("node")
            {
                inBox = classes.split(separator: " ").contains { $0 == "passage" || $0 == "choice" }
            }
        }
        finish(upTo: lines.count)
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// The value of `name="…"` in one SVG element line.
    private static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        guard let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(line[start.upperBound..<end])
    }

    /// The x extent of a box's outline: a `<path d="…">` or `<polygon points="…">`.
    private static func xRange(ofShape line: String) -> ClosedRange<Double>? {
        let coordinates: String
        if line.hasPrefix("<path "), let d = attribute("d", in: line) {
            coordinates = d
        } else if line.hasPrefix("<polygon "), let points = attribute("points", in: line) {
            coordinates = points
        } else {
            return nil
        }
        // Pairs "x,y" separated by spaces or path commands (M, C, L…).
        var low = Double.infinity
        var high = -Double.infinity
        for pair in coordinates.split(whereSeparator: { $0 == " " || $0.isLetter }) {
            guard let comma = pair.firstIndex(of: ","), let x = Double(pair[..<comma]) else { continue }
            low = min(low, x)
            high = max(high, x)
        }
        return low <= high ? low...high : nil
    }

    /// A coordinate as Graphviz writes one: at most two decimals, no trailing zeros.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
