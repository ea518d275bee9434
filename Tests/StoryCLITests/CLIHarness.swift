import Foundation
import StoryCLI

/// What one run of the command line printed and returned.
struct CLIRun {
    var exitCode: Int32
    var stdout: String
    var stderr: String
    var stdoutData: Data
    /// The signal that ended the process, if one did (`exitCode` is then 128 + signal).
    var signal: Int32? = nil
    /// Whether the process was still running after the time it was given and was killed.
    var timedOut = false
}

/// Paths of the repository, for tests that read the examples.
enum Repository {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A fresh temporary folder for one test.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storygraph-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file in a fresh temporary folder and returns its path.
    static func write(_ text: String, name: String) -> String {
        let url = temporaryFolder().appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url.path
    }
}

/// Runs the command line in-process, capturing what it prints.
func runCLI(_ arguments: [String]) -> CLIRun {
    final class Box: @unchecked Sendable {
        var out = Data()
        var err = Data()
    }
    let box = Box()
    // `--quiet` and `--color` as the command line gives them, in any spelling (`-q`, `-qn 5`).
    let code = StoryGraphCLI.main(arguments) { globals in
        Terminal(
            quiet: globals.quiet, color: globals.color == .always ? .always : .never, environment: [:],
            out: { box.out.append($0) }, err: { box.err.append($0) }, stderrIsTerminal: false)
    }
    return CLIRun(
        exitCode: code, stdout: String(decoding: box.out, as: UTF8.self),
        stderr: String(decoding: box.err, as: UTF8.self), stdoutData: box.out)
}

/// The `storygraph` binary of the same build as these tests: SwiftPM puts every product
/// of one build (the test bundle `storygraphPackageTests.xctest` and the tool) in one
/// folder, so the binary beside the running test executable is the one built from the
/// sources under test, whatever the configuration or triple. `STORYGRAPH_BINARY` overrides.
enum Binary {
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["STORYGRAPH_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = me.deletingLastPathComponent()
        // The test runner may be a binary inside a bundle folder (`….xctest/…`).
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        let beside = folder.appendingPathComponent("storygraph")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        for candidate in [".build/debug/storygraph", ".build/release/storygraph"] {
            let url = Repository.root.appendingPathComponent(candidate)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("no storygraph binary beside \(me.path) or in .build: run 'swift build --build-tests' first")
    }()
}

/// Runs the built `storygraph` binary (or another product of the same build, such as a
/// fuzz target's reproducer) as a separate process (end-to-end tests).
/// With a `timeout`, a process still running after that many seconds is killed; `input`,
/// when given, is what the process reads on standard input; `directory` is where it runs
/// (the repository's root by default). `executable` runs another program instead (a
/// shell, make, man).
func runBinary(
    _ arguments: [String], environment: [String: String]? = nil, product: String = "storygraph", timeout: Double? = nil,
    input: Data? = nil, cpuSeconds: Int? = nil, memoryKiB: Int? = nil, directory: URL? = nil, executable: String? = nil
) throws -> CLIRun {
    let binary = executable.map { URL(fileURLWithPath: $0) }
        ?? (product == "storygraph" ? Binary.url : Binary.url.deletingLastPathComponent().appendingPathComponent(product))
    let process = Process()
    if cpuSeconds != nil || memoryKiB != nil {
        // The kernel's CPU limit on the child alone (SIGXCPU past it): other tests' child
        // processes finishing meanwhile are not counted, as RUSAGE_CHILDREN would count them.
        // A memory limit (`ulimit -v`, KiB of address space) makes a child that allocates
        // without bound fail its allocation (and the test) instead of taking the machine.
        let limits = (cpuSeconds.map { ["ulimit -t \($0)"] } ?? []) + (memoryKiB.map { ["ulimit -v \($0)"] } ?? [])
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (limits + ["exec \"$0\" \"$@\""]).joined(separator: " && "), binary.path] + arguments
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    process.currentDirectoryURL = directory ?? Repository.root
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
    }
    final class Flag: @unchecked Sendable { var killed = false }
    let killed = Flag()
    if let timeout {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            guard process.isRunning else { return }
            killed.killed = true
            kill(process.processIdentifier, SIGKILL)
        }
    }
    // Read both pipes fully before waiting, so a large output cannot block the child.
    final class ErrorBox: @unchecked Sendable { var data = Data() }
    let errBox = ErrorBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let errData = errBox.data
    let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    return CLIRun(
        exitCode: signal.map { 128 + $0 } ?? process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData, signal: signal,
        timedOut: killed.killed)
}
