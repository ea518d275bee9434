import StoryGraph

/// One node of a Yarn file as written: its headers and its parsed body.
struct YarnNode: Sendable {
    var title: String
    /// Every header in order (`tags`, `position`, `group`, `when`, custom ones).
    var headers: [(key: String, value: String)]
    var body: YarnBody
    /// The `title:` line.
    var location: SourceLocation

    /// The values of every `when:` header (a node group's conditions).
    var whenConditions: [String] { headers.filter { $0.key == "when" }.map(\.value) }

    var tags: [String] {
        headers.filter { $0.key == "tags" }.flatMap {
            $0.value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }
    }
}
