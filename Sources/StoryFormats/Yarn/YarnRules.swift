import StoryGraph

/// The rules of the Yarn loader, registered with `StoryLoading.rules`.
package enum YarnRules {
    package static let syntax = Rule(
        "yarn-syntax", .error,
        "Yarn that Yarn Spinner's compiler rejects: '<<elseif>>', '<<else>>' or '<<endif>>' with no open '<<if>>', '<<set>>' or '<<declare>>' without a variable, '<<jump>>' naming no node, a line outside a node, nesting deeper than 64."
    )
    package static let unterminatedIf = Rule(
        "yarn-unterminated-if", .error,
        "An '<<if>>' or '<<once>>' with no '<<endif>>' or '<<endonce>>' before its node or option ends; located at the '<<if>>'."
    )
    package static let unterminatedNode = Rule(
        "yarn-unterminated-node", .warning,
        "A Yarn node with no '===' before the end of its file; it is read to the end.")
    package static let trailingText = Rule(
        "yarn-trailing-text", .warning,
        "Text after the last node's '===' that starts no node (notes, a stray line); it is left out.")
    package static let project = Rule(
        "yarn-project", .error, "A .yarnproject whose sourceFiles globs select no .yarn file.")
    package static let projectFormat = Rule(
        "yarn-project-format", .warning,
        "A .yarnproject that is not the JSON of Yarn Spinner 2.3 or later; every .yarn file of its folder is read.")
    package static let skippedFile = Rule(
        "yarn-skipped-file", .info,
        "A file of a folder or project that is not Yarn dialogue (other JSON) or that the project does not select; it is left out."
    )

    package static let all: [Rule] = [syntax, unterminatedIf, unterminatedNode, trailingText, project, projectFormat, skippedFile]
}
