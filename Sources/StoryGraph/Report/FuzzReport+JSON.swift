import Foundation

extension FuzzReport {
    /// The report as JSON (`Schemas/fuzz.schema.json`): snake_case keys, sorted, so the
    /// same runs give the same bytes; locations as `{"file", "line", "column"}`.
    ///
    /// - Complexity: O(P + C + maxSteps).
    public func json(odds: EndingOdds?) -> Data {
        let story = graph.graph.story
        func choice(_ ref: ChoiceRef) -> JSONChoice {
            let c = graph.graph.choice(ref)
            return JSONChoice(
                passage: story.passages[ref.passage].id, choice: ref.choice + 1, text: c.text, target: c.target,
                location: c.location)
        }
        let document = JSONDocument(
            schemaVersion: ReportDocument.schemaVersion, story: story.title, runs: runs, seed: seed,
            policy: policy.rawValue, maxSteps: maxSteps,
            allEnded: allEnded,
            outcomes: outcomeRows(odds: odds).map {
                JSONOutcome(
                    label: $0.label, passage: $0.passage.map { story.passages[$0].id }, runs: $0.runs,
                    share: $0.share, exact: $0.exact, outlier: $0.isOutlier)
            },
            length: lengthStatistics.map {
                JSONLength(min: $0.min, mean: $0.mean, median: $0.median, p90: $0.p90, p99: $0.p99, max: $0.max)
            },
            coverage: JSONCoverage(
                passagesVisited: passagesVisited, passages: graph.passageCount,
                choicesTaken: choicesTaken, choices: graph.choiceCount,
                neverVisitedPassages: neverVisitedPassages.map { story.passages[$0].id },
                neverTakenChoices: neverTakenChoices.map(choice)),
            stuck: JSONRuns(runs: stuckRuns, firstRuns: firstStuckRuns),
            failed: JSONFailures(
                runs: brokenLinkRuns + dynamicLinkRuns, brokenLinkRuns: brokenLinkRuns,
                dynamicLinkRuns: dynamicLinkRuns,
                firstRuns: firstFailedRuns.map { JSONFailedRun(run: $0.run, choice: choice($0.choice)) },
                links: failedLinks.map {
                    JSONFailedLink(
                        choice: choice($0.choice), kind: $0.isDynamic ? "dynamic" : "broken", runs: $0.runs,
                        firstRun: $0.firstRun)
                }),
            totalChoices: totalChoices,
            underState: policy == .state
                ? JSONUnderState(
                    stuck: JSONRuns(runs: blockedRuns, firstRuns: firstBlockedRuns), unknownOffers: unknownOffers,
                    unknownChoices: unknownChoices.map(choice))
                : nil)
        return JSONOutput.encode(document)
    }
}

private struct JSONDocument: Encodable {
    var schemaVersion: Int
    var story: String
    var runs: Int
    var seed: UInt64
    var policy: String
    var maxSteps: Int
    var allEnded: Bool
    var outcomes: [JSONOutcome]
    var length: JSONLength?
    var coverage: JSONCoverage
    var stuck: JSONRuns
    var failed: JSONFailures
    var totalChoices: Int
    /// Only under the state policy (absent otherwise, so other fuzz reports keep their bytes).
    var underState: JSONUnderState?
}

private struct JSONUnderState: Encodable {
    var stuck: JSONRuns
    var unknownOffers: Int
    var unknownChoices: [JSONChoice]
}

private struct JSONOutcome: Encodable {
    var label: String
    var passage: String?
    var runs: Int
    var share: Double
    var exact: Double?
    var outlier: Bool
}

private struct JSONLength: Encodable {
    var min: Int
    var mean: Double
    var median: Int
    var p90: Int
    var p99: Int
    var max: Int
}

private struct JSONChoice: Encodable {
    var passage: String
    /// 1-based, as in the map's `choice:PASSAGE:N` ids.
    var choice: Int
    var text: String
    var target: String
    var location: SourceLocation?
}

private struct JSONCoverage: Encodable {
    var passagesVisited: Int
    var passages: Int
    var choicesTaken: Int
    var choices: Int
    var neverVisitedPassages: [String]
    var neverTakenChoices: [JSONChoice]
}

private struct JSONRuns: Encodable {
    var runs: Int
    var firstRuns: [Int]
}

private struct JSONFailedRun: Encodable {
    var run: Int
    var choice: JSONChoice
}

private struct JSONFailedLink: Encodable {
    var choice: JSONChoice
    var kind: String
    var runs: Int
    var firstRun: Int
}

private struct JSONFailures: Encodable {
    var runs: Int
    var brokenLinkRuns: Int
    var dynamicLinkRuns: Int
    var firstRuns: [JSONFailedRun]
    var links: [JSONFailedLink]
}
