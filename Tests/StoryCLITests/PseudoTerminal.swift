import Foundation

#if canImport(Glibc)
    import Glibc
    import TestSupport
#endif

/// Runs the built `storygraph` on a pseudo-terminal (openpty): standard input and output
/// are the terminal's, as when a person plays, and each line of `typing` is typed only
/// after the program has written its prompt (`prompt`), so the screen holds the echo of
/// what was typed where a person would see it.
struct PseudoTerminalRun {
    /// What the terminal showed, with the terminal's `\r\n` read as `\n`.
    var screen: String
    var stderr: String
    var exitCode: Int32
    /// Whether the program was still running (waiting for input, or a prompt never came)
    /// after the time it was given, and was killed.
    var timedOut: Bool

    /// `stderrOnTerminal`: stderr is the terminal too (its text lands on `screen`), for what
    /// a program draws only on a terminal's stderr (progress, spinners).
    init(
        _ arguments: [String], typing: [String], prompt: String = "> ", timeout: Double = 30,
        stderrOnTerminal: Bool = false
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
        defer { close(master) }
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        let err = Pipe()
        process.standardError = stderrOnTerminal ? terminal : err
        try process.run()
        close(slave)

        var output: [UInt8] = []
        var pending = typing
        var promptsSeen = 0
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var timedOut = false
        reading: while true {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                let count = read(master, &buffer, buffer.count)
                // EIO: every copy of the terminal's other side is closed (the program ended).
                if count <= 0 { break reading }
                output += buffer[0..<count]
            }
            // Type the next line once a new prompt stands at the end of the screen.
            let text = String(decoding: output, as: UTF8.self)
            let prompts = text.components(separatedBy: prompt).count - 1
            if !pending.isEmpty, prompts > promptsSeen, text.hasSuffix(prompt) {
                promptsSeen = prompts
                let line = Array((pending.removeFirst() + "\n").utf8)
                _ = line.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
        }
        process.waitUntilExit()
        screen = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        stderr = stderrOnTerminal ? "" : String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        exitCode = process.terminationStatus
        self.timedOut = timedOut
    }
}
