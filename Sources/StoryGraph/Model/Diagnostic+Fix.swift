extension Diagnostic {
    /// One edit that mends a finding: the text `original` at `location` (on one line) is
    /// replaced by `replacement`, such as a broken link's target by the passage it was
    /// meant to name. Made only where the source was read and holds `original` there.
    public struct Fix: Sendable, Hashable, Codable {
        /// Where `original` begins.
        public var location: SourceLocation
        /// The text replaced, as the source holds it.
        public var original: String
        public var replacement: String

        public init(at location: SourceLocation, replacing original: String, with replacement: String) {
            self.location = location
            self.original = original
            self.replacement = replacement
        }

        /// The column just past `original` (columns count Unicode scalars).
        public var endColumn: Int { location.column + original.unicodeScalars.count }
    }
}
