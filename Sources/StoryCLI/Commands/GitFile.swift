import Foundation
import StoryGraph
import StoryFormats

/// A STORY argument `git:REV:PATH`: the file as it was at a revision, read by running
/// `git show REV:PATH` in the current folder (PATH as git takes it: from the top of the
/// repository, or `./…` from the current folder). Diagnostics name it `git:REV:PATH`,
/// whose extension is PATH's, so the format is guessed as for the file itself.
struct GitFile: Sendable, Hashable {
    static let prefix = "git:"

    let revision: String
    let path: String

    /// `nil` when `argument` does not start with `git:`; a usage error when it does but
    /// names no revision or no path.
    init?(_ argument: String, command: String) throws(CLIError) {
        guard argument.hasPrefix(Self.prefix) else { return nil }
        let rest = argument.dropFirst(Self.prefix.count)
        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex, rest.index(after: colon) != rest.endIndex else {
            throw .usage("'\(argument)' is not git:REV:PATH (a revision, a colon, then a file's path)", command: command)
        }
        revision = String(rest[..<colon])
        path = String(rest[rest.index(after: colon)...])
    }

    var name: String { Self.prefix + revision + ":" + path }

    /// The file's text at the revision. Git not found, a revision or path git does not
    /// know, or a folder instead of a file: an input error (65) naming the revision and
    /// the path, with git's own message.
    func source() throws(StoryLoadError) -> SourceText {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", "--no-textconv", "\(revision):\(path)", "--"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw fail("cannot run git: \(error.localizedDescription)")
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.data, as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw fail("git show \(revision):\(path) failed: \(message)")
        }
        // `git show` of a tree lists it: "tree REV:PATH" and the names inside.
        if data.starts(with: Data("tree \(revision):\(path)\n".utf8)) {
            throw fail("\(path) at \(revision) is a folder; give a file")
        }
        return try SourceText(path: name, data: data)
    }

    private func fail(_ message: String) -> StoryLoadError {
        StoryLoadError(FormatRules.unreadableFile, "cannot read \(name): \(message)", at: nil)
    }
}
