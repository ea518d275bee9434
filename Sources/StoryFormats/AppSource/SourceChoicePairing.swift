import StoryGraph

/// Pairs a choice's label with its destination by the shape of the arguments, not by a list
/// of known names: a destination argument whose name is another argument's name followed
/// by destination words belongs to that argument (`a:` / `aDest:`, `left:` / `leftNext:`,
/// `choice1:` / `choice1Destination:`), whatever the words before it are.
///
/// Names are compared word by word (`SourceFieldRole.words`), so `choice1` pairs with
/// `choice1Destination` and not with `choice10Destination`.
///
/// - Complexity: O(a²) in the number of arguments of one call (a handful).
enum SourceChoicePairing {
    /// One choice found by pairing: the label argument and the destination argument.
    struct Pair: Equatable {
        var label: Int
        var destination: Int
    }

    /// The pairs among `arguments`, in the order of their labels, each argument in at most
    /// one pair. A label must be a string (through `constants`); a destination is any value.
    static func pairs(_ arguments: [SwiftSourceParser.Argument], _ constants: SourceConstants) -> [Pair] {
        // The names alone already tell the choices apart (`choice1Destination`, `choice2Destination`):
        // nothing to pair, and no words to split (a story repeats this for every element).
        var destinations = Set<Int>()
        var collides = false
        for argument in arguments {
            guard let name = argument.label, case .destination(let n) = SourceFieldRole.classify(name) else { continue }
            collides = collides || !destinations.insert(n).inserted
        }
        if !collides {
            let labelled = Set(
                arguments.compactMap { argument -> Int? in
                    guard let name = argument.label, case .label(let n) = SourceFieldRole.classify(name) else {
                        return nil
                    }
                    return n
                })
            if destinations.isSubset(of: labelled) { return [] }
        }
        let words: [[String]?] = arguments.map { $0.label.map(SourceFieldRole.words) }
        var used = Set<Int>()
        var found: [Pair] = []
        for (d, argument) in arguments.enumerated() {
            guard let name = argument.label, case .destination = SourceFieldRole.classify(name),
                let destinationWords = words[d]
            else { continue }
            var best: (index: Int, length: Int)?
            for (l, candidate) in arguments.enumerated() where l != d && !used.contains(l) {
                guard let labelWords = words[l], labelWords.count < destinationWords.count,
                    Array(destinationWords.prefix(labelWords.count)) == labelWords,
                    constants.string(candidate.value) != nil
                else { continue }
                if case .destination = SourceFieldRole.classify(candidate.label!) { continue }
                let rest = destinationWords.dropFirst(labelWords.count)
                guard
                    rest.contains(where: {
                        SourceFieldRole.destinationWords.contains($0)
                            || SourceFieldRole.weakDestinationWords.contains($0)
                    }),
                    rest.allSatisfy({ Int($0) == nil })
                else { continue }
                if best == nil || labelWords.count > best!.length { best = (l, labelWords.count) }
            }
            if let best {
                used.insert(best.index)
                used.insert(d)
                found.append(Pair(label: best.index, destination: d))
            }
        }
        return found.sorted { $0.label < $1.label }
    }
}
