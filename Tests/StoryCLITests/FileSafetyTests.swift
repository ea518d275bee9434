import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import TestSupport
#endif

/// Files and inputs a hostile or careless command line meets (issue 24): a git revision
/// that git would take for an option, a git blob far past the input limit, an output that
/// is the story itself or a read-only file, a transcript interrupted by a signal, a reader's
/// line of a megabyte, and `make uninstall` under a PREFIX with a space.
@Suite struct FileSafetyTests {
    static let lighthouse = "Examples/lighthouse.json"

    /// A git repository in a fresh folder holding `story.json` (the lighthouse), committed.
    static func repository() throws -> URL {
        let folder = Repository.temporaryFolder()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: Repository.path(lighthouse)), to: folder.appendingPathComponent("story.json"))
        try DiffCommandTests.git(["init", "-q"], in: folder)
        try DiffCommandTests.git(["add", "--", "story.json"], in: folder)
        try DiffCommandTests.git(["commit", "-q", "-m", "story"], in: folder)
        return folder
    }

    // MARK: git:REV:PATH

    /// `git:--output=FILE:x` made `git show` write FILE: a revision that starts with `-` is
    /// a usage error, and git is never run.
    @Test func gitRevisionThatIsAnOptionIsRefused() throws {
        let repository = try Self.repository()
        let owned = repository.appendingPathComponent("owned").path
        let argument = "git:--output=\(owned):story.json"
        let run = try runBinary(["diff", argument, "story.json"], timeout: 30, directory: repository)
        #expect(run.exitCode == 64)
        #expect(
            run.stderr
                == "error: '\(argument)': a revision cannot start with '-' (git would take it for an option)\nSee 'storygraph help diff'.\n"
        )
        #expect(run.stdout == "")
        let left = try FileManager.default.contentsOfDirectory(atPath: repository.path).sorted()
        #expect(left == [".git", "story.json"])
    }

    /// A repository of a few hundred kilobytes holds a 256 MiB blob of zeros: `git cat-file
    /// -s` tells its size, so it is refused (naming the limit) without being inflated; the
    /// process's peak memory (git's included) stays below half the blob.
    @Test func gitBlobPastTheLimitIsRefusedUnread() throws {
        let repository = try Self.repository()
        let size = 256 << 20
        let made = try runBinary(
            [
                "-c",
                """
                oid=$(head -c \(size) /dev/zero | git hash-object -w --stdin) && \
                git update-index --add --cacheinfo "100644,$oid,big.json" && \
                git -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false commit -q -m big
                """,
            ],
            timeout: 60, input: Data(), directory: repository, executable: "/bin/sh")
        #expect(made.exitCode == 0, "\(made.stderr)")
        let run = try Self.measured(["diff", "git:HEAD:big.json", "story.json"], in: repository)
        #expect(run.exitCode == 65)
        #expect(
            run.stderr
                == "git:HEAD:big.json:1:1: error: file is \(size) bytes; the limit is 67108864 bytes (64 MiB), and no option lifts it [file-too-large]\n"
        )
        #expect(run.maxResidentKiB < 128 << 10, "peak memory \(run.maxResidentKiB) KiB")
    }

    /// Runs the built binary in `folder` (stdout discarded) and measures its peak resident
    /// memory (with its children's) from `wait4`.
    /// Runs the binary in `folder` and returns its exit code, its stderr and the peak memory
    /// of it and the processes it waited for (git). A small Python parent starts it and reads
    /// its children's rusage: a process started straight from this test process (vfork)
    /// would inherit the test process's own high-water mark at exec.
    static func measured(_ arguments: [String], in folder: URL) throws -> (
        exitCode: Int32, stderr: String, maxResidentKiB: Int
    ) {
        let script = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[2:], cwd=sys.argv[1], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            sys.stderr.buffer.write(run.stderr)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let run = try runBinary(
            ["python3", "-c", script, folder.path, Binary.url.path] + arguments, timeout: 120, input: Data(),
            executable: "/usr/bin/env")
        let figures = run.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard figures.count == 2 else { throw POSIXError(.EIO) }
        return (Int32(figures[0]), run.stderr, figures[1])
    }

    // MARK: outputs that are an input

    /// `-o` onto the story, under its own name, a symbolic link or a hard link to it: 64,
    /// and the story is byte for byte what it was.
    @Test(arguments: ["same", "symlink", "hardlink"])
    func outputThatIsTheStoryIsRefused(_ how: String) throws {
        let folder = Repository.temporaryFolder()
        let story = folder.appendingPathComponent("story.json").path
        let original = try Data(contentsOf: URL(fileURLWithPath: Repository.path(Self.lighthouse)))
        try original.write(to: URL(fileURLWithPath: story))
        var output = story
        switch how {
        case "symlink":
            output = folder.appendingPathComponent("report.txt").path
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: "story.json")
        case "hardlink":
            output = folder.appendingPathComponent("report.txt").path
            #expect(link(story, output) == 0)
        default:
            break
        }
        let run = try runBinary(["report", story, "--format", "text", "-o", output], timeout: 30)
        #expect(run.exitCode == 64)
        let which = how == "same" ? "an input of this command" : "the same file as the input \(story)"
        #expect(
            run.stderr
                == "error: cannot write \(output): it is \(which), which the output would replace; give another file\n")
        #expect(run.stdout == "")
        #expect(try Data(contentsOf: URL(fileURLWithPath: story)) == original)
    }

    /// A file in the story's folder that was only looked at (to see whether it holds a
    /// story) is not an input: a report written into the folder can be written again.
    @Test func outputBesideAFolderStoryIsWrittenAgain() throws {
        let folder = Repository.temporaryFolder()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: Repository.path(Self.lighthouse)), to: folder.appendingPathComponent("story.json"))
        let report = folder.appendingPathComponent("report.html").path
        for _ in 1...2 {
            let run = try runBinary(["report", folder.path, "--format", "html", "-o", report, "-q"], timeout: 30)
            #expect(run.exitCode == 0)
            #expect(run.stderr == "")
        }
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    /// `play --transcript` onto the story: refused before play shows anything.
    @Test func transcriptOntoTheStoryIsRefused() throws {
        let story = Repository.temporaryFolder().appendingPathComponent("story.json").path
        let original = try Data(contentsOf: URL(fileURLWithPath: Repository.path(Self.lighthouse)))
        try original.write(to: URL(fileURLWithPath: story))
        let run = try runBinary(["play", story, "--transcript", story], timeout: 30, input: Data("1\nq\n".utf8))
        #expect(run.exitCode == 64)
        #expect(
            run.stderr
                == "error: cannot write \(story): it is an input of this command, which the output would replace; give another file\n"
        )
        #expect(run.stdout == "")
        #expect(try Data(contentsOf: URL(fileURLWithPath: story)) == original)
    }

    // MARK: read-only outputs

    /// A file its owner made read-only (0444) is not replaced, not even by root: 65, and
    /// the file keeps its bytes and its mode.
    @Test(arguments: ["map", "play"])
    func readOnlyOutputIsRefused(_ command: String) throws {
        let path = Repository.write("the owner's\n", name: command == "map" ? "map.svg" : "session.txt")
        #expect(chmod(path, 0o444) == 0)
        let run =
            command == "map"
            ? try runBinary(["map", Self.lighthouse, "-o", path], timeout: 30)
            : try runBinary(["play", Self.lighthouse, "--transcript", path], timeout: 30, input: Data("q\n".utf8))
        #expect(run.exitCode == 65)
        #expect(
            run.stderr
                == "error: cannot write \(path): the file is read-only (mode 444); make it writable or give another file\n"
        )
        #expect(run.stdout == "")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the owner's\n")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue == 0o444)
    }

    // MARK: transcripts

    /// An existing transcript stays whole while play waits for the reader; SIGINT after
    /// two choices puts the session so far in its place (the file says what stdout showed),
    /// says so, and ends play as SIGINT does; no temporary file is left.
    @Test(arguments: [SIGINT, SIGTERM])
    func transcriptSurvivesASignal(_ signal: Int32) throws {
        let folder = Repository.temporaryFolder()
        let transcript = folder.appendingPathComponent("session.txt").path
        try Data("an earlier session\n".utf8).write(to: URL(fileURLWithPath: transcript))
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["play", Self.lighthouse, "--transcript", transcript]
        process.currentDirectoryURL = Repository.root
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var screen: [UInt8] = []
        var typing = ["2", "1"]
        var keptDuringPlay: String?
        let deadline = Date().addingTimeInterval(15)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let count = read(output.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
                if count <= 0 { break }
                screen += buffer[0..<count]
            }
            let text = String(decoding: screen, as: UTF8.self)
            guard text.hasSuffix("> "), text.components(separatedBy: "> ").count - 1 == 3 - typing.count else {
                continue
            }
            if let line = typing.first {
                typing.removeFirst()
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
            } else if keptDuringPlay == nil {
                keptDuringPlay = try String(contentsOfFile: transcript, encoding: .utf8)
                kill(process.processIdentifier, signal)
            }
        }
        // A play that outlived the signal (or never reached the prompts) is killed, not waited on.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        screen += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(keptDuringPlay == "an earlier session\n")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(stderr == "play: stopped by \(name); the session so far is in \(transcript)\n")
        let shown = String(decoding: screen, as: UTF8.self)
        #expect(shown.hasSuffix("  1. Fit the spare bulb\n  2. Light a signal flare\n> \n"))
        #expect(shown.contains("> 2\n") && shown.contains("> 1\n"))
        #expect(try String(contentsOfFile: transcript, encoding: .utf8) == shown)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.txt"])
    }

    // MARK: the reader's input

    /// A line of a mebibyte is read to its end and dropped, said with its length and never
    /// echoed; a line of 4,096 bytes is still read (a choice padded with spaces), one more
    /// byte is too many.
    @Test func longInputLineIsDroppedAndSaid() throws {
        let huge = String(repeating: "1", count: 1 << 20)
        let padded = "2" + String(repeating: " ", count: 4095)
        let over = "1" + String(repeating: " ", count: 4096)
        let typed = Data((huge + "\n" + over + "\n" + padded + "\nq\n").utf8)
        let run = try runBinary(["play", Self.lighthouse, "-q"], timeout: 30, input: typed)
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        // The screen holds the story's text and the one 4,096-byte line read, nothing of the others.
        #expect(run.stdout.utf8.count < 5 * 1024)
        #expect(
            run.stdout.hasSuffix(
                """
                  1. Climb the tower
                  2. Answer the radio
                > [1,048,576 bytes]
                That line is longer than 4,096 bytes; it was not read.
                > [4,097 bytes]
                That line is longer than 4,096 bytes; it was not read.
                > 2\(String(repeating: " ", count: 4095))

                [1]
                The skipper shouts that his engine is dead and begs you to guide him in by voice.

                  1. Talk him through the channel
                  2. Tell him to drop anchor
                > q

                """))
    }

    // MARK: make install and uninstall

    /// PREFIX with a space: `make install-files` puts the five files under it and names
    /// each whole; `make uninstall` removes exactly them, and the files its words would
    /// name apart (`…/keep` and `…/prefix/bin/storygraph`) stay.
    @Test func makeUninstallUnderAPrefixWithASpace() throws {
        guard let make = Tool.find("make") else { return }
        let folder = Repository.temporaryFolder().path
        let prefix = "\(folder)/keep \(folder)/prefix"
        let decoys = ["\(folder)/keep", "\(folder)/prefix/bin/storygraph"]
        try FileManager.default.createDirectory(atPath: "\(folder)/prefix/bin", withIntermediateDirectories: true)
        for decoy in decoys { try Data("not installed\n".utf8).write(to: URL(fileURLWithPath: decoy)) }
        let installed = try InstallTests.installFiles(make, prefix: prefix)
        let uninstall = try Tool.run(make, ["-s", "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.exitCode == 0)
        #expect(uninstall.stderr == "")
        for file in installed { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        for decoy in decoys {
            #expect(try String(contentsOfFile: decoy, encoding: .utf8) == "not installed\n", "\(decoy)")
        }
    }
}
