import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// `-o` targets that are not plain new files, and stdout that cannot be written.
@Suite("Output files and streams")
struct OutputFileTests {
    static let story = Repository.path("Examples/defusal.json")

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    @Test(arguments: [["report", story], ["--help"], ["paths", story], ["map", story]])
    func fullDiskIsOneLineAndExit74(arguments: [String]) throws {
        let run = try runBinary(arguments, stdout: "/dev/full")
        #expect(run.exitCode == 74)
        #expect(run.stderr.hasSuffix("storygraph: cannot write output: No space left on device\n"))
        #expect(run.stderr.components(separatedBy: "storygraph: cannot write output").count == 2)
        #expect(!run.stderr.contains("Fatal error"))
    }

    @Test func fileSizeLimitIsFileTooLarge() throws {
        let output = Repository.temporaryFolder().appendingPathComponent("big.json").path
        try Data().write(to: URL(fileURLWithPath: output))
        let run = try runBinary(["generate", "chain", "3000"], fileSizeBlocks: 1, stdout: output)
        #expect(run.exitCode == 74)
        #expect(run.stderr == "storygraph: cannot write output: File too large\n")
    }

    /// A reader that goes away ends the process quietly by SIGPIPE, as before.
    @Test func closedPipeIsQuiet() throws {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["generate", "chain", "200000"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 10)
        try out.fileHandleForReading.close()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE)
        #expect(data.isEmpty)
    }

    @Test(arguments: ["/dev/stdout", "-"])
    func mapToStdoutPath(path: String) {
        let run = runCLI(["map", Self.story, "-o", path])
        #expect(run.exitCode == 0)
        #expect(run.stdout.hasPrefix("<?xml"))
        #expect(run.stdout.hasSuffix("</svg>\n"))
        #expect(run.stderr == "")
    }

    @Test func mapToDevNullIsWrittenInPlace() throws {
        let run = runCLI(["map", Self.story, "-o", "/dev/null"])
        #expect(run.exitCode == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func fifoReceivesTheOutput() throws {
        let fifo = Repository.temporaryFolder().appendingPathComponent("map.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)!
            box.data = handle.readDataToEndOfFile()
        }
        reader.start()
        let run = runCLI(["generate", "chain", "3", "-o", fifo, "--quiet"])
        while !reader.isFinished { usleep(1000) }
        #expect(run.exitCode == 0)
        let expected = runCLI(["generate", "chain", "3"]).stdoutData
        #expect(box.data == expected)
        var info = stat()
        #expect(stat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func replacedFileKeepsItsMode() throws {
        let path = Repository.write("old", name: "secret.svg")
        #expect(chmod(path, 0o600) == 0)
        let run = runCLI(["map", Self.story, "-o", path, "--quiet"])
        #expect(run.exitCode == 0)
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        // No temporary file is left behind.
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["secret.svg"])
    }

    @Test func symlinkIsWrittenThrough() throws {
        let target = Repository.write("old", name: "real.json")
        #expect(chmod(target, 0o640) == 0)
        let link = (target as NSString).deletingLastPathComponent + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        let run = runCLI(["generate", "chain", "3", "-o", link])
        #expect(run.exitCode == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == runCLI(["generate", "chain", "3"]).stdoutData)
        #expect(try mode(target) == 0o640)
    }

    @Test(arguments: [["map", story], ["generate", "chain", "3"]])
    func missingFolderIsExit65NamingIt(arguments: [String]) throws {
        let folder = Repository.temporaryFolder().appendingPathComponent("missing").path
        let run = runCLI(arguments + ["-o", folder + "/out.dot"])
        #expect(run.exitCode == 65)
        #expect(run.stderr == "error: cannot write \(folder)/out.dot: no such folder: \(folder)\n")
    }

    @Test func fullDeviceAsOutputFileIsExit74() {
        let run = runCLI(["generate", "chain", "3", "-o", "/dev/full"])
        #expect(run.exitCode == 74)
        #expect(run.stderr == "error: cannot write /dev/full: No space left on device\n")
    }

    @Test func helpOfOutputSaysHowTargetsAreWritten() {
        for command in ["map", "generate"] {
            let run = runCLI(["help", command], helpWidth: 100_000)
            #expect(run.stdout.contains("a symlink is written through to the file it points at"))
        }
    }
}
