/// The ids of the findings the Yarn loader reports (registered with the rule registry
/// once the loader platform lands).
enum YarnRules {
    /// A command, header or block Yarn Spinner's compiler would reject.
    static let syntax = "yarn-syntax"
    /// An `<<if>>` or `<<once>>` with no `<<endif>>`/`<<endonce>>` in its node or option.
    static let unterminatedIf = "yarn-unterminated-if"
    /// A node with no `===` before the end of its file.
    static let unterminatedNode = "yarn-unterminated-node"
    /// A `.yarnproject` whose `sourceFiles` select no file.
    static let project = "yarn-project"
    /// A `.yarnproject` that is not the JSON of Yarn Spinner 2.3 or later; every `.yarn`
    /// file of its folder is read.
    static let projectFormat = "yarn-project-format"
    /// A file of a folder or project that is not Yarn dialogue (other JSON); skipped.
    static let skippedFile = "yarn-skipped-file"
}
