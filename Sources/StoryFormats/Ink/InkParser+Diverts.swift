import StoryGraph

extension InkParser {
    /// `-> path(arguments)` as written in the flow `scope`.
    struct CallSite {
        var path: String
        var scope: String
        var arguments: [Expression]
    }

    /// `-> target`, `-> t ->`, `-> a -> b`, `->->`, `->-> target`, and the bare `->` of
    /// a choice, as ink's `MultiDivert` reads them. Every target is one of ink's diverts
    /// in the statistics (`END` and `DONE` too); `->->` alone is not.
    mutating func divert(_ cursor: inout InkCursor, into scan: inout Scan) {
        enum Token {
            case arrow, tunnelReturn
            case target(String, SourceLocation)
        }
        var tokens: [Token] = []
        let location = cursor.location
        while true {
            cursor.skipSpaces()
            if cursor.match("->->") {
                tokens.append(.tunnelReturn)
                continue
            }
            if cursor.match("->") {
                tokens.append(.arrow)
                continue
            }
            let at = cursor.location
            if let path = divertTarget(&cursor) {
                tokens.append(.target(path, at))
                continue
            }
            break
        }
        let condition = joinedConditions
        var targets: [(String, SourceLocation)] = []
        var trailingArrow = false
        var returnSeen = false
        var returnTarget: String?
        var i = 0
        while i < tokens.count {
            switch tokens[i] {
            case .arrow:
                if i == tokens.count - 1 && !targets.isEmpty { trailingArrow = true }
            case .tunnelReturn:
                returnSeen = true
                if i + 1 < tokens.count, case .target(let path, _) = tokens[i + 1] {
                    returnTarget = path
                    statistics.diverts += 1
                }
                i = tokens.count
                continue
            case .target(let path, let at):
                targets.append((path, at))
                statistics.diverts += 1
            }
            i += 1
        }
        if targets.isEmpty && !returnSeen {
            // ink's choice drops the empty divert it makes, so it is not counted.
            scan.items.append(.emptyDivert(location))
            return
        }
        let callCount = trailingArrow || returnSeen ? targets.count : targets.count - 1
        for (k, (path, at)) in targets.enumerated() {
            if k < callCount {
                scan.items.append(.tunnel(path, condition, at))
            } else {
                scan.items.append(.divert(path, condition, at))
            }
        }
        if returnSeen {
            scan.items.append(.tunnelReturn(returnTarget, condition, location))
        }
        // A tunnel comes back; anything else ends this run of content.
        if !(trailingArrow && !returnSeen) { scan.terminated = true }
    }

    /// `<- target`: a thread.
    mutating func thread(_ cursor: inout InkCursor, into scan: inout Scan) {
        let location = cursor.location
        cursor.advance(2)
        cursor.skipSpaces()
        statistics.diverts += 1
        guard let path = divertTarget(&cursor) else {
            report(InkRules.syntax, "expected a target for the thread after '<-'", at: cursor.location)
            return
        }
        scan.items.append(.thread(path, joinedConditions, location))
    }

    /// A divert's target path, with its arguments read (and counted) if any.
    mutating func divertTarget(_ cursor: inout InkCursor) -> String? {
        guard let path = cursor.dottedPath() else { return nil }
        cursor.skipSpaces()
        if cursor.current == "(" {
            cursor.advance()
            callSites.append(CallSite(path: path, scope: flow.id, arguments: callArguments(&cursor)))
        }
        return path
    }
}
