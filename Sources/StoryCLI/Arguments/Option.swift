import Foundation

/// One option, declared once: its name, short name, value type, default, help and allowed
/// values. Parsing checks each value with `convert` (a bad value is a usage error before
/// any story is read), help shows the default and the allowed values, and a command reads
/// the typed value with `arguments.value(option)`.
package struct Option<Value: Sendable>: Sendable {
    /// What the parser and the help text see.
    package private(set) var spec: OptionSpec
    /// The value when the option is not given (`nil`: no value).
    package let defaultValue: Value?
    let convert: @Sendable (String) -> Value?

    /// - Parameters:
    ///   - expected: what a valid value is, for the usage error ("a whole number from 1 to 9").
    ///   - shownDefault: the default as help shows it, when `default` alone says too little
    ///     ("one per core"); otherwise help shows `default` itself.
    package init(
        _ name: String, short: Character? = nil, value valueName: String, help: String,
        default defaultValue: Value? = nil, shownDefault: String? = nil, allowed: [String]? = nil,
        repeating: Bool = false, kind: OptionSpec.ValueKind = .text, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        let check: @Sendable (String) -> String? = { convert($0) == nil ? expected : nil }
        spec = OptionSpec(
            name, short: short, value: valueName, help: help, allowed: allowed,
            default: shownDefault ?? defaultValue.map { "\($0)" }, repeating: repeating, check: check)
        spec.kind = kind
        self.defaultValue = defaultValue
        self.convert = convert
    }

    private init(flag spec: OptionSpec) where Value == Bool {
        self.spec = spec
        defaultValue = false
        convert = { _ in true }
    }

    package var name: String { spec.name }
}

extension Option where Value == Bool {
    /// A flag: no value; `true` when given.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> Option<Bool> {
        Option(flag: OptionSpec(name, short: short, help: help))
    }
}

extension Option where Value == String {
    /// Free text (a passage name, a file).
    package static func text(
        _ name: String, short: Character? = nil, value valueName: String, help: String,
        default defaultValue: String? = nil, repeating: Bool = false
    ) -> Option<String> {
        Option(
            name, short: short, value: valueName, help: help, default: defaultValue, repeating: repeating,
            expected: "text"
        ) { $0 }
    }

    /// One of a fixed list of names known only at run time (rule ids, format names).
    /// - Parameter valuesInHelp: whether help lists the values (`false`: the option's help
    ///   names where they are listed instead).
    package static func oneOf(
        _ name: String, value valueName: String, help: String, allowed: [String], repeating: Bool = false,
        valuesInHelp: Bool = true
    ) -> Option<String> {
        var option = Option(
            name, value: valueName, help: help, allowed: allowed, repeating: repeating,
            expected: "one of: \(allowed.joined(separator: ", "))"
        ) { allowed.contains($0) ? $0 : nil }
        option.spec.valuesInHelp = valuesInHelp
        return option
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One case of a `String` enum; help lists the cases and a wrong value names them.
    package static func choice(
        _ name: String, short: Character? = nil, help: String, default defaultValue: Value? = nil
    ) -> Option<Value> {
        let allowed = Value.allCases.map(\.rawValue)
        return Option(
            name, short: short, value: name.uppercased(), help: help, default: defaultValue,
            shownDefault: defaultValue?.rawValue, allowed: allowed,
            expected: "one of: \(allowed.joined(separator: ", "))"
        ) { Value(rawValue: $0) }
    }
}

extension Option where Value == Int {
    /// A whole number within `range` (`_` and `,` allowed as digit separators).
    package static func integer(
        _ name: String, short: Character? = nil, value valueName: String = "N", help: String,
        default defaultValue: Int? = nil, shownDefault: String? = nil, in range: ClosedRange<Int> = 0...Int.max
    ) -> Option<Int> {
        let bounds =
            range.upperBound == Int.max
            ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        return Option(
            name, short: short, value: valueName, help: help, default: defaultValue, shownDefault: shownDefault,
            kind: .integer(range), expected: "a whole number \(bounds)"
        ) { text in
            Int(OptionText.digits(text)).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == UInt64 {
    /// A seed: an unsigned 64-bit number (`_` and `,` allowed as digit separators).
    package static func seed(
        _ name: String = "seed", short: Character? = nil, help: String, default defaultValue: UInt64 = 1
    ) -> Option<UInt64> {
        Option(
            name, short: short, value: "S", help: help, default: defaultValue, kind: .integer(0...Int.max),
            expected: "a whole number from 0 to \(UInt64.max)"
        ) { UInt64(OptionText.digits($0)) }
    }
}

extension Option where Value == Double {
    /// A finite number within `range`.
    package static func number(
        _ name: String, value valueName: String, help: String, default defaultValue: Double? = nil,
        in range: ClosedRange<Double>, expected: String
    ) -> Option<Double> {
        Option(name, value: valueName, help: help, default: defaultValue, kind: .number(range), expected: expected) {
            text in
            Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }
}

/// How option values are written.
enum OptionText {
    /// `10_000` and `10,000` read as `10000`.
    static func digits(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")
    }
}
