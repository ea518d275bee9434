import StoryGraph

/// What the command line (or a caller) can tell a loader: the options every format reads
/// (the start, the restart rule), and each format's own (`FormatOption`), kept by key so
/// that this struct does not grow with the formats.
public struct LoadOptions: Sendable, Hashable {
    /// Overrides the start passage the story declares.
    public var start: String?
    /// Which links back to the start are restarts (`RestartRule`; `text` by default).
    public var restartRule: RestartRule
    /// The values of formats' own options, by the type of their key.
    private var formatValues: [ObjectIdentifier: FormatValue] = [:]

    public init(start: String? = nil, restartRule: RestartRule = .text) {
        self.start = start
        self.restartRule = restartRule
    }

    /// A format's own option (`LoadOptions.gamebookSchema` reads `self[GamebookSchemaKey.self]`):
    /// its value, or the key's default when not set.
    public subscript<Key: LoadOptionKey>(_ key: Key.Type) -> Key.Value {
        get { formatValues[ObjectIdentifier(key)]?.value as? Key.Value ?? Key.defaultValue }
        set { formatValues[ObjectIdentifier(key)] = FormatValue(newValue) }
    }

    /// One value of a format's option: `Sendable` because only `Sendable` values are stored.
    private struct FormatValue: @unchecked Sendable, Hashable {
        let value: AnyHashable
        init(_ value: some Sendable & Hashable) { self.value = AnyHashable(value) }
    }
}

/// The key of one format's own option in `LoadOptions`, declared by the format's family
/// beside a computed property that reads it (as SwiftUI's environment keys are).
public protocol LoadOptionKey {
    associatedtype Value: Sendable & Hashable
    static var defaultValue: Value { get }
}

/// An option a format declares for the command line: its flag, its help, and how the
/// values given set `LoadOptions` (`--schema FILE` reads the file into the gamebook
/// schema). Every command that reads a story offers the options of every registered format.
package struct FormatOption: Sendable {
    /// The flag's name without dashes (`schema`).
    package let name: String
    /// What the value is, for help (`FILE`).
    package let valueName: String
    package let help: String
    /// Whether the option may be given several times (each value is kept).
    package let repeating: Bool
    /// Sets the values given (in order; the last counts for an option that does not
    /// repeat; none when the option is not given) into the options. Throws when a value
    /// names something that cannot be read (an input error, exit code 65).
    package let read: @Sendable ([String], inout LoadOptions) throws(StoryLoadError) -> Void

    package init(
        _ name: String, value valueName: String, help: String, repeating: Bool = false,
        read: @escaping @Sendable ([String], inout LoadOptions) throws(StoryLoadError) -> Void
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.repeating = repeating
        self.read = read
    }
}
