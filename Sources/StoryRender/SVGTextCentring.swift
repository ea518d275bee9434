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
///
/// The SVG is read as bytes, a line at a time: a line is only copied when it changes, so
/// the pass costs about what reading the SVG once does (a map of 10,000 passages has a
/// few megabytes of it).
enum SVGTextCentring {
    /// - Complexity: O(n) in the SVG's length.
    static func centred(_ svg: Data) -> Data {
        let bytes = [UInt8](svg)
        guard String(validating: bytes, as: UTF8.self) != nil else { return svg }
        // Line starts (and one past the last line's end, for its end).
        var starts: [Int] = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        let lineCount = starts.count
        func line(_ i: Int) -> Range<Int> { starts[i]..<(i + 1 < lineCount ? starts[i + 1] - 1 : bytes.count) }
        var replaced: [Int: [UInt8]] = [:]
        var groupStart: Int?
        var inBox = false
        func finish(upTo end: Int) {
            defer {
                groupStart = nil
                inBox = false
            }
            guard inBox, let start = groupStart else { return }
            var centre: Double?
            var texts: [(index: Int, y: ArraySlice<UInt8>)] = []
            for i in start..<end {
                let l = bytes[line(i)]
                if centre == nil, let range = xRange(ofShape: l) {
                    centre = (range.lowerBound + range.upperBound) / 2
                }
                if l.starts(with: textStart), let y = attribute(yName, in: l) {
                    texts.append((i, y))
                }
            }
            guard let centre else { return }
            var perRow: [ArraySlice<UInt8>: Int] = [:]
            for t in texts { perRow[t.y, default: 0] += 1 }
            for t in texts where perRow[t.y] == 1 {
                let l = bytes[line(t.index)]
                guard let x = attribute(xName, in: l) else { continue }
                // The line starts `<text text-anchor="start" x="…"`: that part is replaced.
                let old = textStart + Array(x) + [UInt8(ascii: "\"")]
                guard l.starts(with: old) else { continue }
                replaced[t.index] =
                    Array("<text text-anchor=\"middle\" x=\"\(number(centre))\"".utf8) + l.dropFirst(old.count)
            }
        }
        for i in 0..<lineCount {
            let l = bytes[line(i)]
            if l.starts(with: commentStart) {
                finish(upTo: i)
                groupStart = i
            } else if groupStart != nil, l.starts(with: groupOpen), let classes = attribute(className, in: l),
                classes.starts(with: nodeWord)
            {
                inBox = classes.split(separator: UInt8(ascii: " ")).contains {
                    $0.elementsEqual(passageWord) || $0.elementsEqual(choiceWord)
                }
            }
        }
        finish(upTo: lineCount)
        guard !replaced.isEmpty else { return svg }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replaced.count * 8)
        for i in 0..<lineCount {
            if i > 0 { out.append(0x0A) }
            if let new = replaced[i] { out += new } else { out += bytes[line(i)] }
        }
        return Data(out)
    }

    private static let textStart = Array("<text text-anchor=\"start\" x=\"".utf8)
    private static let commentStart = Array("<!-- ".utf8)
    private static let groupOpen = Array("<g id=".utf8)
    private static let nodeWord = Array("node".utf8)
    private static let passageWord = Array("passage".utf8)
    private static let choiceWord = Array("choice".utf8)
    private static let xName = Array(" x=\"".utf8)
    private static let yName = Array(" y=\"".utf8)
    private static let className = Array(" class=\"".utf8)
    private static let dName = Array(" d=\"".utf8)
    private static let pointsName = Array(" points=\"".utf8)

    /// The value of an attribute in one SVG element line, `name` given with its leading
    /// space, `=` and opening quote (` x="`): the first such attribute.
    private static func attribute(_ name: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let first = name.first, line.count >= name.count else { return nil }
        var i = line.startIndex
        let last = line.endIndex - name.count
        while i <= last {
            if line[i] == first && line[i..<(i + name.count)].elementsEqual(name) {
                let from = i + name.count
                guard let end = line[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return line[from..<end]
            }
            i += 1
        }
        return nil
    }

    /// The x extent of a box's outline: a `<path d="…">` or `<polygon points="…">`.
    private static func xRange(ofShape line: ArraySlice<UInt8>) -> ClosedRange<Double>? {
        let coordinates: ArraySlice<UInt8>
        if line.starts(with: "<path ".utf8), let d = attribute(dName, in: line) {
            coordinates = d
        } else if line.starts(with: "<polygon ".utf8), let points = attribute(pointsName, in: line) {
            coordinates = points
        } else {
            return nil
        }
        // Pairs "x,y" separated by spaces or path commands (M, C, L…).
        var low = Double.infinity
        var high = -Double.infinity
        let isSeparator = { (b: UInt8) in
            b == UInt8(ascii: " ") || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
        }
        for pair in coordinates.split(whereSeparator: isSeparator) {
            guard let comma = pair.firstIndex(of: UInt8(ascii: ",")),
                let x = Double(String(decoding: pair[..<comma], as: UTF8.self))
            else { continue }
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
