import Foundation
import StoryGraph

/// ink's compiled runtime format (`.ink.json`, what inklecate writes and the ink runtime
/// plays) read into passages and choices. Containers are JSON arrays whose last element
/// holds the named sub-containers; a passage is made for the root, every knot and stitch
/// and every container a choice point (`{"*": path, "flg": n}`), divert (`{"->": path}`),
/// tunnel (`{"->t->": path}`) or thread (`"thread"` then a divert) leads to; functions
/// (containers only called with `{"f()": path}`) are not passages. Each passage's content
/// is read in order, inline containers included: `"^text"` is text, choice points are
/// choices (flag 0x10 once-only, 0x08 invisible default, i.e. fallback, 0x01 conditional),
/// `"done"` / `"end"` end, `"->->"` returns. Ids are container paths without their
/// numeric steps when that keeps them unique; the full path is `metadata["ink_path"]`,
/// and the location is the container's place in the JSON file.
struct InkJSONReader {
    struct Container {
        var path: String
        var content: [LocatedValue]
        var named: [(String, Int)]
        var location: SourceLocation
        /// Its count flags (`{"#f": n}`): 0x01 visits, 0x02 turns, 0x04 at its start only.
        var flags: Int?
    }

    var containers: [Container] = []
    var indexByPath: [String: Int] = [:]
    /// Each container's children by the name a path gives them (an index, a name, an
    /// `#n` alias): a path is followed one step at a time, so finding where a path of k
    /// steps leads costs O(k), where trying each of its prefixes cost O(k²).
    var children: [[String: Int]] = []
    var diagnostics: [Diagnostic] = []
    /// What each variable can hold as a divert target (`divertValues`), once read.
    var divertTargets: [String: Set<Key>] = [:]
    /// The containers the flow may enter other than at their start (`entriesInside`).
    var enteredInside: Set<Int> = []
    /// What each function (by container) may assign, with what it calls (`writesOfFunctions`).
    var functionWrites: [Int: FunctionWrites] = [:]

    /// Collects every container under `root` (explicit stack: nesting depth is the JSON
    /// parser's, already bounded).
    mutating func collect(_ root: LocatedValue) {
        var stack: [(LocatedValue, String, parent: Int, name: String)] = [(root, "", -1, "")]
        while let (node, path, parentIndex, step) = stack.popLast() {
            guard var elements = node.elements else { continue }
            var named: [(String, LocatedValue)] = []
            var alias: String?
            if let last = elements.last {
                if let members = last.entries {
                    // `#n`: a container in content that also has a name (`g-0`).
                    if let name = last["#n"]?.string, !path.isEmpty { alias = Self.join(Self.parent(path), name) }
                    for m in members where !m.key.hasPrefix("#") { named.append((m.key, m.value)) }
                    elements.removeLast()
                } else if last.isNull {
                    elements.removeLast()
                }
            }
            let index = containers.count
            let flags = elements.count < (node.elements?.count ?? 0) ? node.elements?.last?["#f"]?.scalarText.flatMap { Int($0) } : nil
            containers.append(
                Container(path: path, content: elements, named: [], location: node.location, flags: flags))
            children.append([:])
            indexByPath[path] = index
            if parentIndex >= 0 { children[parentIndex][step] = index }
            if let alias, indexByPath[alias] == nil {
                indexByPath[alias] = index
                if parentIndex >= 0, let name = last(of: alias), children[parentIndex][name] == nil {
                    children[parentIndex][name] = index
                }
            }
            for (i, element) in elements.enumerated() where element.elements != nil {
                stack.append((element, Self.join(path, String(i)), index, String(i)))
            }
            for (name, value) in named where value.elements != nil {
                stack.append((value, Self.join(path, name), index, name))
                containers[index].named.append((name, -1))
            }
        }
    }

    static func join(_ base: String, _ name: String) -> String { base.isEmpty ? name : base + "." + name }

    private func last(of path: String) -> String? {
        path.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init)
    }

    static func parent(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    /// A path as written in an object of container `base`: relative (`.^.c-0`: the first
    /// `^` is the object's own container) or absolute.
    ///
    /// - Complexity: O(k) for a path of k characters: the steps are gathered in a list and
    ///   joined once (joining step by step copied the path k times).
    static func resolve(_ written: String, from base: String) -> String {
        guard written.hasPrefix(".") else { return written }
        var steps = base.isEmpty ? [] : base.split(separator: ".", omittingEmptySubsequences: false)
        var first = true
        for part in written.dropFirst().split(separator: ".") {
            if part == "^" {
                if !first, !steps.isEmpty { steps.removeLast() }
            } else {
                steps.append(part)
            }
            first = false
        }
        return steps.joined(separator: ".")
    }
}
