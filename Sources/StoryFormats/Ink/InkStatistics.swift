import StoryGraph

/// ink's own figures for a story, counted as `inklecate -s` counts them (ink's
/// `Stats.Generate` over the parsed story): every knot (functions included) and stitch,
/// every choice and explicit gather, and every divert object the compiler makes: each
/// `-> target` (tunnels, `-> END`, `-> DONE`, divert targets used as values; not the
/// bare `->` of a fallback choice, which ink drops), each thread `<- target`, and each function call, built-in
/// ones too (ink makes a divert for every call). Words are counted in every piece of
/// text (content, choice text, tags, string literals) as ink does, per piece.
struct InkStatistics: Sendable, Hashable {
    var words = 0
    var knots = 0
    var stitches = 0
    var functions = 0
    var choices = 0
    var gathers = 0
    var diverts = 0
    var includes = 0

    /// Words in one piece of text: runs of characters other than space, tab, CR, LF.
    static func words(in text: String) -> Int {
        var count = 0
        var wasSpace = true
        for c in text.unicodeScalars {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                wasSpace = true
            } else if wasSpace {
                count += 1
                wasSpace = false
            }
        }
        return count
    }

    /// In the order `inklecate -s` prints them, then the files read.
    var sourceStatistics: [SourceStatistic] {
        [
            SourceStatistic("words", words), SourceStatistic("knots", knots),
            SourceStatistic("stitches", stitches), SourceStatistic("functions", functions),
            SourceStatistic("choices", choices), SourceStatistic("gathers", gathers),
            SourceStatistic("diverts", diverts), SourceStatistic("files", includes + 1),
        ]
    }
}
