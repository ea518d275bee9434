extension Choice {
    /// The label as a reader of a path or a transcript sees it: a call or a return
    /// without text reads as what it does ("call", "return").
    public var readableText: String {
        text.isEmpty && (kind == .call || kind == .return) ? kind.rawValue : text
    }
}
