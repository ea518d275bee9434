/// Why a map cannot be drawn as asked: a request that names something the story does not
/// have. The command line reports it as a usage error (exit 64), naming the option.
public struct MapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option the request came from, without dashes (`focus`, `path`).
    package var option: String
    package var message: String

    package init(option: String, _ message: String) {
        self.option = option
        self.message = message
    }

    /// The whole message, naming the option as the user wrote it.
    public var description: String { message }
}
