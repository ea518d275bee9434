/// Path arithmetic on the strings a user or a story gives, in one place. Foundation's
/// `NSString.deletingLastPathComponent` traps on a path of one character (`m`, `.`, `a/`)
/// in the toolchain's Foundation on Linux, so storygraph never calls it.
package enum StoryPath {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` means it: `""` for
    /// a bare name (`m`, `.`, `m/`), `/` for a name at the root, `a` for `a/b` or `a//b/`.
    /// - Complexity: O(n) in the length of `path`.
    package static func folder(of path: String) -> String {
        var rest = Substring(path)
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var head = rest[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The folder of `path` to look in: `folder(of:)`, with `.` for a bare name.
    package static func directory(of path: String) -> String {
        let folder = folder(of: path)
        return folder.isEmpty ? "." : folder
    }
}
