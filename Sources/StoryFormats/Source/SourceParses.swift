import StoryGraph

/// What recognition has parsed of one source text, shared by the loaders that read the
/// same layer (story JSON and CYOA JSON read one JSON tape; Destini and AdventurePiece one
/// Swift/Objective-C summary), so that picking a loader and loading parse a file once.
///
/// It lives for one `StoryLoading.load` call and one file, and is dropped with it: not
/// a process-wide cache, and nothing is stored in the `SourceText`.
package final class SourceParses {
    private var results: [String: Any] = [:]

    package init() {}

    /// The value parsed under `key` (a layer name, such as "json-tape"), made by `parse`
    /// on first use; a parse that failed fails again with the same error, unparsed.
    package func value<T>(_ key: String, _ parse: () throws(StoryLoadError) -> T) throws(StoryLoadError) -> T {
        if let known = results[key] as? Result<T, StoryLoadError> { return try known.get() }
        let result: Result<T, StoryLoadError>
        do { result = .success(try parse()) } catch { result = .failure(error) }
        results[key] = result
        return try result.get()
    }
}
