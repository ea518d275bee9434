import Foundation

extension StateAnalysis {
    /// Counts the state searches run while it is bound (`$searchCounter.withValue`), so a
    /// test can prove that a command searches once however many outputs read the search.
    /// A task-local, so that tests running side by side do not count each other's searches.
    package final class SearchCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        package init() {}

        /// The searches started so far.
        package var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }

        func add() {
            lock.lock()
            value += 1
            lock.unlock()
        }
    }

    @TaskLocal package static var searchCounter: SearchCounter?
}
