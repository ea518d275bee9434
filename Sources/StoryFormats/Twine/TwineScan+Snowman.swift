import StoryGraph

/// Snowman and HTML navigation: `data-passage` attributes, and navigation written in
/// JavaScript: Snowman's `story.show("P")` (`window.story.show`), SugarCube's
/// `Engine.play("P")`, in passage text, `<% … %>` and `<script>` blocks and `<<script>>`.
extension TwineScan {
    // MARK: data-passage

    /// `<a data-passage="P">text</a>` (SugarCube, Snowman): a click to P labelled with the
    /// element's text.
    mutating func dataPassage() {
        let start = i
        var k = start + "data-passage".unicodeScalars.count
        i = k
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "=" else { return }
        k += 1
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "\"" || s[k] == "'" else { return }
        let quote = s[k]
        guard let end = find(String(quote), from: k + 1, sameLine: true) else { return }
        let target = text(k + 1..<end)
        i = end + 1
        guard !target.isEmpty else { return }
        var label = target
        if let tagEnd = find(">", from: end + 1, quotes: true), let textEnd = find("<", from: tagEnd + 1) {
            let inner = text(tagEnd + 1..<textEnd).trimmingTwineSpace()
            if !inner.isEmpty && inner.unicodeScalars.count <= 200 { label = inner }
        }
        // Locate the link at the element's `<` when it is on the same line.
        var open = start
        while open > 0 && s[open] != "<" && s[open] != "\n" && start - open < 500 { open -= 1 }
        add(label, target, kind: .choice, at: s[open] == "<" ? open : start)
    }

    /// Whether a script call starts at `i`: `name(` not preceded by part of a longer
    /// identifier (`window.story.show(` is one; `history.show(` is not).
    func atScriptCall(_ name: String) -> Bool {
        guard at(i, name) else { return false }
        guard i > 0 else { return true }
        let before = s[i - 1]
        return !(before.properties.isAlphabetic || ("0"..."9").contains(before) || before == "_" || before == "$")
    }

    /// `story.show("P")` or `Engine.play("P")` at `i` (the name `call`, ending in `(`): a
    /// jump to P (a click inside a clickable); a computed target is dynamic.
    mutating func scriptJump(_ call: String, kind: Choice.Kind = .auto) {
        let start = i
        let open = start + call.unicodeScalars.count
        guard let close = findBalanced(open: "(", close: ")", from: open) else {
            i = open
            return
        }
        i = close + 1
        guard let first = TwineScan.splitTopLevel(text(open..<close)).first, !first.isEmpty else { return }
        if let target = TwineScan.harloweString(first) {
            if !target.isEmpty { add(target, target, kind: kind, at: start) }
        } else {
            addComputed(first, "\(call)\(first))", as: kind, at: start)
        }
    }

    static let snowmanShow = "story.show("
    /// Snowman's `story.render("P")`: P's text shown inside the passage (an inclusion).
    static let snowmanRender = "story.render("
    static let sugarCubePlay = "Engine.play("
    /// SugarCube's older name for `Engine.play` (`State.display("P")`), still served.
    static let sugarCubeDisplay = "State.display("

    /// Reads the script calls that navigate, `story.show` and `Engine.play`, up to `end`,
    /// and nothing else (the inside of `<<script>>`, which is JavaScript, not markup).
    mutating func scriptJumps(until end: Int) {
        while i < end && !exhausted {
            if s[i] == "E" && dialect.readsSugarCube && atScriptCall(TwineScan.sugarCubePlay) {
                scriptJump(TwineScan.sugarCubePlay)
            } else if s[i] == "S" && dialect.readsSugarCube && atScriptCall(TwineScan.sugarCubeDisplay) {
                scriptJump(TwineScan.sugarCubeDisplay)
            } else if s[i] == "s" && dialect.readsSnowmanScript && atScriptCall(TwineScan.snowmanShow) {
                scriptJump(TwineScan.snowmanShow)
            } else if s[i] == "s" && dialect.readsSnowmanScript && atScriptCall(TwineScan.snowmanRender) {
                scriptJump(TwineScan.snowmanRender, kind: .include)
            } else {
                i += 1
            }
        }
    }
}
