/// Text a person reads in a report: plain runs and passage ids. Text output writes both
/// as they are; Markdown writes ids as code and escapes the rest; HTML can link ids.
package struct ReportText: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    package enum Span: Sendable, Hashable {
        case plain(String)
        /// A passage id (or rule id, file name): code in Markdown.
        case code(String)
    }

    package var spans: [Span]

    package init(_ spans: [Span]) { self.spans = spans }
    package init(_ plain: String) { spans = plain.isEmpty ? [] : [.plain(plain)] }
    package init(stringLiteral value: String) { self.init(value) }

    /// A passage id, or another name Markdown writes as code.
    package static func code(_ name: String) -> ReportText { ReportText([.code(name)]) }

    /// The text as it reads, without any markup.
    package var plain: String {
        spans.map { span in
            switch span {
            case .plain(let text), .code(let text): text
            }
        }.joined()
    }

    package static func + (a: ReportText, b: ReportText) -> ReportText { ReportText(a.spans + b.spans) }

    /// `items` joined by `separator`.
    package static func joined(_ items: some Sequence<ReportText>, separator: String) -> ReportText {
        var spans: [Span] = []
        for (i, item) in items.enumerated() {
            if i > 0 { spans.append(.plain(separator)) }
            spans += item.spans
        }
        return ReportText(spans)
    }
}
