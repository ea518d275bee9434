import Foundation
import Testing

/// The long tests: scale, soak and timing tests whose point needs their size (a megabyte of
/// hostile input, a hundred thousand passages, a load timed at n and 8n). `make test`
/// leaves them out; `make test-long` (and CI after `make test`) runs them with
/// `STORYGRAPH_LONG=1`.
package enum LongTests {
    package static let enabled = ProcessInfo.processInfo.environment["STORYGRAPH_LONG"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only with `STORYGRAPH_LONG=1` (`make test-long`).
    package static var long: Self {
        .enabled(if: LongTests.enabled, "a long test: make test-long runs it (STORYGRAPH_LONG=1)")
    }
}
