import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` and returns its result with the CPU seconds the calling thread spent in it.
///
/// The guards against quadratic work bound this, not the wall clock: a thread's CPU time does
/// not grow when other tests or processes share the cores, so a bound that catches a
/// quadratic step (seconds against milliseconds) holds on a loaded machine too. The bodies
/// measured this way run on the calling thread.
public func threadCPUTime<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = threadCPUSeconds()
    let result = try body()
    return (result, threadCPUSeconds() - start)
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
