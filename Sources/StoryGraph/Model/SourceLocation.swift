/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and CI annotate.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}
