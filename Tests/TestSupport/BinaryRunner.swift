import Foundation

/// What one run of the command line printed and returned.
package struct CLIRun {
    package var exitCode: Int32
    package var stdout: String
    package var stderr: String
    package var stdoutData: Data
    /// The signal that ended the process, if one did (`exitCode` is then 128 + signal).
    package var signal: Int32?
    /// Whether the process was still running after the time it was given and was killed.
    package var timedOut: Bool

    package init(
        exitCode: Int32, stdout: String, stderr: String, stdoutData: Data, signal: Int32? = nil, timedOut: Bool = false
    ) {
        self.exitCode = exitCode
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutData = stdoutData
        self.signal = signal
        self.timedOut = timedOut
    }
}

/// The `storygraph` binary of the same build as these tests: SwiftPM puts every product
/// of one build (the test bundle `storygraphPackageTests.xctest` and the tool) in one
/// folder, so the binary beside the running test executable is the one built from the
/// sources under test, whatever the configuration or triple. `STORYGRAPH_BINARY` overrides.
package enum Binary {
    package static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["STORYGRAPH_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = me.deletingLastPathComponent()
        // The test runner may be a binary inside a bundle folder (`….xctest/…`).
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS"
            || folder.lastPathComponent == "Contents"
        {
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
/// fuzz target's reproducer or `storygraph-bench`) as a separate process (end-to-end
/// tests): the one process runner of the test targets.
/// With a `timeout`, a process still running after that many seconds is killed; `input`,
/// when given, is what the process reads on standard input; `directory` is where it runs
/// (the repository's root by default). `executable` runs another program instead (a
/// shell, make, man, python3 or git through `/usr/bin/env`). `stdout`, when given, is a
/// file the process writes its standard output to (`/dev/full`; the result's `stdout` is
/// then empty); `mergingStandardError` sends standard error into the standard-output pipe,
/// interleaved as a terminal shows them.
package func runBinary(
    _ arguments: [String], environment: [String: String]? = nil, product: String = "storygraph", timeout: Double? = nil,
    input: Data? = nil, cpuSeconds: Int? = nil, memoryKiB: Int? = nil, fileSizeBlocks: Int? = nil,
    directory: URL? = nil,
    executable: String? = nil, stdout: String? = nil, mergingStandardError: Bool = false
) throws -> CLIRun {
    let binary =
        executable.map { URL(fileURLWithPath: $0) }
        ?? (product == "storygraph"
            ? Binary.url : Binary.url.deletingLastPathComponent().appendingPathComponent(product))
    let process = Process()
    if cpuSeconds != nil || memoryKiB != nil || fileSizeBlocks != nil {
        // The kernel's CPU limit on the child alone (SIGXCPU past it): other tests' child
        // processes finishing meanwhile are not counted, as RUSAGE_CHILDREN would count them.
        // A memory limit (`ulimit -v`, KiB of address space) makes a child that allocates
        // without bound fail its allocation (and the test) instead of taking the machine.
        // A file-size limit (`ulimit -f`) makes a write past it fail with EFBIG.
        let limits =
            (cpuSeconds.map { ["ulimit -t \($0)"] } ?? []) + (memoryKiB.map { ["ulimit -v \($0)"] } ?? [])
            + (fileSizeBlocks.map { ["ulimit -f \($0)"] } ?? [])
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", (limits + ["exec \"$0\" \"$@\""]).joined(separator: " && "), binary.path] + arguments
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    process.currentDirectoryURL = directory ?? Repository.root
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    var outputFile: FileHandle?
    if let stdout {
        guard let file = FileHandle(forWritingAtPath: stdout) else { throw POSIXError(.EACCES) }
        outputFile = file
        process.standardOutput = file
    } else {
        process.standardOutput = out
    }
    process.standardError = mergingStandardError ? out : err
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    // The parent's copies of the write ends, closed so that each read below ends with the
    // child's output (the standard-error pipe's own write end when it was merged away).
    try outputFile?.close()
    if stdout != nil { try out.fileHandleForWriting.close() }
    if mergingStandardError { try err.fileHandleForWriting.close() }
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
        exitCode: signal.map { 128 + $0 } ?? process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData, signal: signal,
        timedOut: killed.killed)
}
