import Foundation
import StoryFormats
import StoryGraph

/// A STORY argument `git:REV:PATH`: the file as it was at a revision, read by running
/// `git show REV:PATH` in the current folder (PATH as git takes it: from the top of the
/// repository, or `./…` from the current folder). Diagnostics name it `git:REV:PATH`,
/// whose extension is PATH's, so the format is guessed as for the file itself.
///
/// Git never takes REV for an option: a REV that starts with `-` is refused, and every
/// call passes `--end-of-options` before it. The blob's size is asked first (`git cat-file
/// -s`, which inflates nothing), so a blob past the input limit is refused unread, and the
/// file is then read as a stream of at most that limit.
struct GitFile: Sendable, Hashable {
    static let prefix = "git:"

    let revision: String
    let path: String

    /// `nil` when `argument` does not start with `git:`; a usage error when it does but
    /// names no revision or no path, or a revision git would read as an option.
    init?(_ argument: String, command: String) throws(CLIError) {
        guard argument.hasPrefix(Self.prefix) else { return nil }
        let rest = argument.dropFirst(Self.prefix.count)
        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex, rest.index(after: colon) != rest.endIndex
        else {
            throw .usage(
                "'\(argument)' is not git:REV:PATH (a revision, a colon, then a file's path)", command: command)
        }
        revision = String(rest[..<colon])
        path = String(rest[rest.index(after: colon)...])
        guard !revision.hasPrefix("-") else {
            throw .usage(
                "'\(argument)': a revision cannot start with '-' (git would take it for an option)", command: command)
        }
    }

    var name: String { Self.prefix + revision + ":" + path }
    var object: String { revision + ":" + path }

    /// The file's text at the revision, at most `limit` bytes (the loaders' own limit).
    /// Git not found, a revision or path git does not know, or a folder instead of a file:
    /// an input error (65) naming the revision and the path, with git's own message; a
    /// file past the limit: an input error naming the limit, with nothing of it read.
    func source(limit: Int = SourceText.maximumSize) throws(StoryLoadError) -> SourceText {
        // The size first: a blob past the limit is never inflated. A failure here (an
        // unknown revision) is left to `git show`, whose message is the one users know.
        if case .success(let out) = try Self.git(["cat-file", "-s", "--end-of-options", object], limit: 64, name: name),
            let size = Int(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            size > limit
        {
            throw tooLarge(FileReadFailure.tooLarge(size: size, limit: limit, stream: false))
        }
        // Then the file, read as a stream of at most `limit` bytes (it could have changed
        // since, or the revision moved).
        let data: Data
        switch try Self.git(["show", "--no-textconv", "--end-of-options", object, "--"], limit: limit, name: name) {
        case .success(let out):
            data = out
        case .failure(.status(let message)):
            throw fail("git show \(object) failed: \(message)")
        case .failure(.tooLong):
            throw tooLarge(FileReadFailure.tooLarge(size: nil, limit: limit, stream: false))
        }
        // `git show` of a tree lists it: "tree REV:PATH" and the names inside.
        if data.starts(with: Data("tree \(object)\n".utf8)) {
            throw fail("\(path) at \(revision) is a folder; give a file")
        }
        return try SourceText(path: name, data: data)
    }

    enum GitFailure: Error {
        /// Git exited with an error: the first line of what it said.
        case status(String)
        /// Git wrote more than the limit; it was stopped there.
        case tooLong
    }

    /// Runs `git ARGUMENTS` in the current folder, with no input, keeping at most `limit`
    /// bytes of its output (git is stopped past them) and the first 4 KiB of its errors.
    /// Only a git that cannot be started throws.
    /// - Complexity: O(min(output, limit)) memory.
    static func git(_ arguments: [String], limit: Int, name: String) throws(StoryLoadError) -> Result<Data, GitFailure>
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StoryLoadError(
                FormatRules.unreadableFile, "cannot read \(name): cannot run git: \(error.localizedDescription)",
                at: nil)
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = boundedRead(err.fileHandleForReading.fileDescriptor, limit: 4096)
            drain(err.fileHandleForReading.fileDescriptor)
            group.leave()
        }
        let data = boundedRead(out.fileHandleForReading.fileDescriptor, limit: limit + 1)
        let tooLong = data.count > limit
        if tooLong { process.terminate() }
        // Whatever is left is drained unkept, so git never blocks on a full pipe.
        drain(out.fileHandleForReading.fileDescriptor)
        group.wait()
        process.waitUntilExit()
        if tooLong { return .failure(.tooLong) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message =
                String(decoding: errors.data, as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .failure(.status(message))
        }
        return .success(data)
    }

    /// At most `limit` bytes from `fd` (fewer at its end); the rest is left unread.
    private static func boundedRead(_ fd: Int32, limit: Int) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < limit {
            let wanted = min(buffer.count, limit - data.count)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Reads `fd` to its end, keeping nothing.
    private static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
        }
    }

    private func fail(_ message: String) -> StoryLoadError {
        StoryLoadError(FormatRules.unreadableFile, "cannot read \(name): \(message)", at: nil)
    }

    private func tooLarge(_ failure: FileReadFailure) -> StoryLoadError {
        StoryLoadError(
            FormatRules.fileTooLarge, failure.description, at: SourceLocation(file: name, line: 1, column: 1))
    }
}
