import Foundation
import StoryGraph

extension InkParser {
    /// `INCLUDE file.ink`: the file's text is read in place of the line, as ink splices
    /// it. The name is looked up beside the including file, then beside the root file
    /// (where inklecate looks); `\` is read as `/`. A file that includes itself, directly
    /// or not, is refused with both places named; a file included twice is read once. A
    /// name that leads outside the root file's folder tree, or to anything but a regular
    /// file, is refused at its line (`file-refused`) and never read.
    mutating func includeStatement(_ cursor: inout InkCursor, including stack: [String]) -> SourceText? {
        let save = cursor.position
        cursor.skipSpaces()
        guard cursor.matchWord("INCLUDE") else {
            cursor.position = save
            return nil
        }
        let location = cursor.location(at: save)
        cursor.skipSpaces()
        let name = cursor.rest.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
        cursor.position = cursor.scalars.count
        guard !name.isEmpty else {
            report(InkRules.include, "INCLUDE names no file", at: location)
            return nil
        }
        let including = stack.last ?? ""
        // An absolute name is that file (as inklecate's Path.Combine takes it), never joined.
        let candidates =
            (name.hasPrefix("/")
            ? [name]
            : [
                (StoryPath.folder(of: including) as NSString).appendingPathComponent(name),
                (rootDirectory as NSString).appendingPathComponent(name),
            ]).map { ($0 as NSString).standardizingPath }
        var refusal: StoryTree.Refusal?
        for path in candidates {
            if stack.contains(path) {
                let opened = includedFiles[path] ?? nil
                report(
                    InkRules.includeCycle,
                    "INCLUDE cycle: '\(name)' is already open (it includes this file, directly or through others)",
                    at: location)
                diagnostics[diagnostics.count - 1].notes.append(
                    .init("'\(name)' is first included here", at: opened ?? SourceLocation(file: path, line: 1)))
                return nil
            }
            if includedFiles[path] != nil {
                report(InkRules.includeTwice, "'\(name)' is already included; it is read once", at: location)
                return nil
            }
            switch readFile(path) {
            case .success(let source):
                includedFiles[path] = .some(location)
                return source
            case .failure(.refused(.missing)), .failure(.unreadable):
                continue // Not there: the next place, then "not found".
            case .failure(.refused(let why)):
                refusal = refusal ?? why // Never read: the next place may hold the file.
            }
        }
        if let refusal {
            report(FormatRules.fileRefused, "INCLUDE refused: \(tree.reason(refusal, name: name))", at: location)
            return nil
        }
        report(InkRules.include, "INCLUDE file not found: '\(name)'", at: location)
        return nil
    }

    /// The end of an included file: its last knot ends, and the including flow goes on.
    mutating func leaveInclude() {
        guard let includer = includers.popLast() else { return }
        guard includer.suspended else { return }
        closeBlocks(at: flow.lastLocation ?? SourceLocation(file: "", line: 1))
        finishFlow()
        flow = includer.flow
        knot = includer.knot
        stitch = includer.stitch
    }

    /// Before a knot of an included file: the including flow is set aside, not ended.
    /// Returns whether it was (then the new knot must not end the current flow).
    mutating func suspendIncluder() -> Bool {
        guard let last = includers.indices.last, !includers[last].suspended else { return false }
        includers[last] = (flow, knot, stitch, true)
        return true
    }

    /// The files `source` includes, by resolved path (a quick look, for picking the root
    /// among several files).
    static func includedPaths(of source: SourceText, rootDirectory: String) -> [String] {
        var paths: [String] = []
        for line in InkComments.lines(of: source.scalars) {
            var cursor = InkCursor(line, file: source.path, line: 0)
            cursor.skipSpaces()
            guard cursor.matchWord("INCLUDE") else { continue }
            let name = cursor.rest.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
            for base in [StoryPath.folder(of: source.path), rootDirectory] {
                paths.append(((base as NSString).appendingPathComponent(name) as NSString).standardizingPath)
            }
        }
        return paths
    }
}
