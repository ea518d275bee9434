import Foundation
import Synchronization

extension TwineStoryBuilder.Prepared {
    /// Every passage's, on every core (each slot is one passage's own work, so the
    /// result is the same for any number of threads).
    static func all(_ sources: [TwinePassageSource], dialect: TwineDialect) -> [TwineStoryBuilder.Prepared] {
        final class Slots: @unchecked Sendable {
            let sources: [TwinePassageSource]
            var made: [TwineStoryBuilder.Prepared?]
            let next = Atomic<Int>(0)
            init(_ sources: [TwinePassageSource]) {
                self.sources = sources
                made = Array(repeating: nil, count: sources.count)
            }
        }
        let slots = Slots(sources)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, sources.count / 64))
        if workers <= 1 {
            return sources.map { TwineStoryBuilder.Prepared($0, dialect: dialect) }
        }
        slots.made.withUnsafeMutableBufferPointer { made in
            nonisolated(unsafe) let made = made
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let k = slots.next.add(1, ordering: .relaxed).oldValue
                    guard k < slots.sources.count else { return }
                    made[k] = TwineStoryBuilder.Prepared(slots.sources[k], dialect: dialect)
                }
            }
        }
        return slots.made.map { $0! }
    }
}
