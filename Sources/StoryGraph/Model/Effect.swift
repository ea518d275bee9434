/// What following a choice or showing a passage does to the story's variables
/// (`<<set $gold to 10>>`, `~ gold += 1`, `*set strength %+ 20`), as data.
public struct Effect: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable, Codable, CaseIterable {
        case set, add, subtract, multiply, divide
        /// ChoiceScript's fairmath `%+` / `%-`.
        case fairAdd, fairSubtract
    }

    public var variable: String
    public var operation: Operation
    /// The value, parsed; `.unknown(text)` where the loader could not read it.
    public var value: Expression
    /// The statement as written.
    public var text: String
    public var location: SourceLocation?

    public init(
        variable: String, operation: Operation = .set, value: Expression, text: String, location: SourceLocation? = nil
    ) {
        self.variable = variable
        self.operation = operation
        self.value = value
        self.text = text
        self.location = location
    }

    public var description: String { text }
}

/// A story variable and the value it starts with (SugarCube's `StoryInit`, ink's `VAR`,
/// ChoiceScript's `*create`, Yarn's `<<declare>>`).
public struct Variable: Sendable, Hashable, Codable {
    public var name: String
    /// The initial value; nil when the story does not give one.
    public var initial: Expression?
    /// Whether the story declares it constant (ink's `CONST`).
    public var isConstant: Bool
    /// Whether its value is `initial` evaluated whenever it is read, in the state of that
    /// moment (Yarn Spinner's smart variables, `<<declare $rich = $gold >= 6>>`): nothing
    /// sets it, and it changes with the variables and visits its expression reads.
    public var isComputed: Bool
    public var location: SourceLocation?

    public init(
        name: String, initial: Expression?, isConstant: Bool = false, isComputed: Bool = false,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.initial = initial
        self.isConstant = isConstant
        self.isComputed = isComputed
        self.location = location
    }
}
