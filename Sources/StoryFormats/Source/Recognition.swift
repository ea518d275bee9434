import StoryGraph

/// A loader's answer to "is this file in your format?": how sure it is, and what it parsed
/// to find out, which `load` then reads (so the file is parsed once).
package struct Recognition<Parsed> {
    /// Higher when surer; the loader with the highest confidence reads the file.
    package var confidence: Int
    /// The parse, or why it failed: a file that looks like the format but does not parse
    /// (JSON with a syntax error) is still this loader's, to report where it broke.
    package var parsed: Result<Parsed, StoryLoadError>

    package init(confidence: Int, parsed: Result<Parsed, StoryLoadError>) {
        self.confidence = confidence
        self.parsed = parsed
    }

    package init(confidence: Int, _ parse: () throws(StoryLoadError) -> Parsed) {
        self.confidence = confidence
        do { self.parsed = .success(try parse()) } catch { self.parsed = .failure(error) }
    }
}
