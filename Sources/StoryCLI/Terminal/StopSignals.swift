#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM turned into a readable pipe (the self-pipe trick: the handler only
/// writes a byte, the signal's number, which is safe in a signal handler), so a loop that
/// polls can stop cleanly.
enum StopSignals {
    /// The write end, read by the handler; -1 until `install` runs.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// Installs the handlers (once) and returns the descriptor that becomes readable when
    /// a signal arrives.
    static func install() -> Int32 {
        if readEnd >= 0 { return readEnd }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        let handler: @convention(c) (Int32) -> Void = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A process may start with the signals blocked (its parent's mask is inherited):
        // let them through on this thread.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return readEnd
    }
}
