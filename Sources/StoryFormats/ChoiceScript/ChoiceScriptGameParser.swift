import Foundation
import StoryGraph

/// Reads a whole ChoiceScript game into one `Story`: `startup.txt` and its `*scene_list`,
/// every listed scene and every scene a `*goto_scene`/`*gosub_scene` names (found through
/// a worklist), with `*finish` leading on to the next listed scene. Makes the checks
/// quicktest makes that can be made without running the game, at the same file and line,
/// and counts ChoiceScript's own figures. Independent of the loader protocol.
struct ChoiceScriptGameParser {
    let files: ChoiceScriptGameFiles
    /// The scene the game starts with (`startup`, or the one file given).
    let startScene: String

    private(set) var diagnostics: [Diagnostic] = []

    init(files: ChoiceScriptGameFiles, startScene: String = "startup") {
        self.files = files
        self.startScene = startScene
    }

    /// The scene list of a startup scene: (scene name, line index where quicktest reports
    /// a missing file: the line before the first one after the list, or past the end),
    /// `startup` first.
    static func sceneList(_ startup: ChoiceScriptSceneText) -> [(String, Int)] {
        guard let header = startup.lines.firstIndex(where: { $0.command == "scene_list" }) else { return [] }
        let after = startup.blockEnd[header]
        let reported = after < startup.lines.count ? after - 1 : startup.lines.count
        var names: [(String, Int)] = []
        for j in (header + 1)..<startup.blockEnd[header] where !startup.lines[j].isBlank {
            var name = startup.lines[j].content
            if name.first == "$", let space = name.firstIndex(of: " ") {
                name = ChoiceScriptLine.trimmed(name[space...])
            }
            if names.isEmpty && name.lowercased() != "startup" { names.append(("startup", reported)) }
            names.append((String(name), reported))
        }
        return names
    }

    // swiftlint:disable:next function_body_length
    mutating func parse() throws(StoryLoadError) -> Story {
        let startText: ChoiceScriptSceneText
        switch files.scene(startScene) {
        case .found(let source):
            startText = ChoiceScriptSceneText(name: startScene, path: source.path, text: source.text)
        case .unreadable(let error): throw error
        case .refused(let reason):
            throw StoryLoadError(FormatRules.fileRefused, "scene file refused: \(reason)", at: nil)
        case .missing, .capitalization:
            throw StoryLoadError(FormatRules.unreadableFile, "no \(startScene).txt in \(files.folder)", at: nil)
        }
        let listed = Self.sceneList(startText)
        var order = listed.isEmpty ? [startScene] : listed.map(\.0)
        // A scene list that names the start scene capitalised otherwise (`Startup` for
        // startup.txt, or `startup` for Startup.txt) is quicktest's error, said at the
        // list; the game is still read from the start scene, not refused whole.
        if !order.contains(startScene), let k = order.firstIndex(where: { $0.lowercased() == startScene.lowercased() }) {
            diagnostics.append(
                startText.error(
                    "Incorrect capitalization/canonicalization; the file is called \(startScene).txt but you requested \(order[k]).txt",
                    at: listed[k].1, rule: ChoiceScriptRules.missingScene))
            order[k] = startScene
        }
        var implicitControlFlow = false
        var title: String?
        var variables: [Variable] = []
        for (i, line) in startText.lines.enumerated() {
            if line.command == "title", title == nil { title = String(line.data) }
            if line.command == "create", let (name, value) = ChoiceScriptStatements.declaration(line.data) {
                variables.append(Variable(name: name, initial: value, location: startText.location(i)))
                if name == "implicit_control_flow", value == .boolean(true) { implicitControlFlow = true }
            }
        }

        let created = Set(variables.map(\.name))
        var scenes: [String: ChoiceScriptSceneText] = [startScene: startText]
        var compiled: [String: ChoiceScriptSceneCompiler] = [:]
        var sceneOrder: [String] = []
        var queue: [(name: String, from: (scene: String, line: Int)?)] = order.map { ($0, nil) }
        for (k, entry) in listed.enumerated() { queue[k].from = (startScene, entry.1) }
        // Scenes whose files are refused (said where they are named), not unused.
        var refused = Set<String>()
        var next = 0
        while next < queue.count {
            let (name, from) = queue[next]
            next += 1
            guard compiled[name] == nil else { continue }
            let text: ChoiceScriptSceneText
            if let known = scenes[name] {
                text = known
            } else {
                switch files.scene(name) {
                case .found(let source):
                    text = ChoiceScriptSceneText(name: name, path: source.path, text: source.text)
                case .missing:
                    if let from, let origin = scenes[from.scene] {
                        diagnostics.append(
                            origin.error(
                                "File does not exist: \(name).txt", at: from.line, rule: ChoiceScriptRules.missingScene)
                        )
                    }
                    continue
                case .capitalization(let real):
                    if let from, let origin = scenes[from.scene] {
                        diagnostics.append(
                            origin.error(
                                "Incorrect capitalization/canonicalization; the file is called \(real) but you requested \(name).txt",
                                at: from.line, rule: ChoiceScriptRules.missingScene))
                    }
                    // Said as an error, then read from the file of that other case, so
                    // the rest of the game is analysed rather than cut at the scene.
                    guard case .found(let source) = files.scene(String(real.dropLast(4))) else { continue }
                    text = ChoiceScriptSceneText(name: name, path: source.path, text: source.text)
                case .unreadable(let error):
                    // A scene that is not UTF-8 is read as the interpreter shows it (bad
                    // bytes as U+FFFD), said once at its first bad byte; the game is analysed.
                    let path = (files.folder as NSString).appendingPathComponent(name + ".txt")
                    guard let bad = error.diagnostics.first, bad.ruleID == FormatRules.invalidUTF8.id,
                        let data = FileManager.default.contents(atPath: path)
                    else {
                        diagnostics += error.diagnostics
                        continue
                    }
                    diagnostics.append(
                        Diagnostic(
                            ChoiceScriptRules.invalidUTF8,
                            bad.message + "; read with each bad byte as U+FFFD, as the interpreter shows it",
                            at: bad.location))
                    text = ChoiceScriptSceneText(name: name, path: path, text: String(decoding: data, as: UTF8.self))
                case .refused(let reason):
                    refused.insert(name)
                    if let from, let origin = scenes[from.scene] {
                        diagnostics.append(
                            origin.error("scene file refused: \(reason)", at: from.line, rule: FormatRules.fileRefused))
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                FormatRules.fileRefused, "scene file refused: \(reason)",
                                at: SourceLocation(
                                    file: (files.folder as NSString).appendingPathComponent(name + ".txt"), line: 1)))
                    }
                    continue
                }
                scenes[name] = text
            }
            let position = order.firstIndex(of: name)
            let nextScene = position.flatMap { $0 + 1 < order.count ? order[$0 + 1] : nil }
            var compiler = ChoiceScriptSceneCompiler(
                scene: text,
                context: .init(
                    nextScene: nextScene, implicitControlFlow: implicitControlFlow, startScene: startScene,
                    assetProblem: { [files] in files.assetProblem($0) }))
            compiler.compile()
            diagnostics += compiler.diagnostics
            diagnostics += Self.indentationFindings(text)
            diagnostics += ChoiceScriptVariableCheck.findings(text, created: created)
            for reference in compiler.sceneReferences {
                queue.append((reference.scene, (name, reference.line)))
            }
            compiled[name] = compiler
            sceneOrder.append(name)
        }
        var passages: [Passage] = []
        var origins: [String: ChoiceScriptSceneCompiler.Origin] = [:]
        for name in sceneOrder {
            guard let compiler = compiled[name] else { continue }
            passages += compiler.passages
            origins.merge(compiler.origins) { first, _ in first }
        }
        passages = ChoiceScriptJoinFolding.fold(passages, origins: origins)

        // The stats screen and other interface scenes: checked, kept aside. One that the
        // scene list names is kept aside too when no other scene's flow goes there (the
        // reader opens it with the Stats button, not by playing on).
        var special: [Passage] = []
        let sceneOf = { (passage: Passage) in passage.metadata["scene"] ?? "" }
        let byID = Dictionary(passages.map { ($0.id, sceneOf($0)) }, uniquingKeysWith: { first, _ in first })
        var entered: Set<String> = []
        for passage in passages {
            for choice in passage.choices {
                for target in [choice.target] + (choice.returnTo.map { [$0] } ?? []) {
                    if let scene = byID[target], scene != sceneOf(passage) { entered.insert(scene) }
                }
            }
        }
        let aside = Set(
            sceneOrder.filter { $0.hasPrefix("choicescript_") && $0 != startScene && !entered.contains($0) })
        if !aside.isEmpty {
            special += passages.filter { aside.contains(sceneOf($0)) }
            passages.removeAll { aside.contains(sceneOf($0)) }
        }
        for file in files.fileNames {
            let name = String(file.dropLast(4))
            guard compiled[name] == nil, !refused.contains(name) else { continue }
            if name.hasPrefix("choicescript_") {
                let lookup = files.scene(name)
                if case .refused(let reason) = lookup {
                    diagnostics.append(
                        Diagnostic(
                            FormatRules.fileRefused, "scene file refused: \(reason)",
                            at: SourceLocation(file: (files.folder as NSString).appendingPathComponent(file), line: 1)))
                }
                guard case .found(let source) = lookup else { continue }
                let text = ChoiceScriptSceneText(name: name, path: source.path, text: source.text)
                var compiler = ChoiceScriptSceneCompiler(
                    scene: text,
                    context: .init(
                        nextScene: nil, implicitControlFlow: implicitControlFlow, startScene: startScene,
                        assetProblem: { [files] in files.assetProblem($0) }))
                compiler.compile()
                diagnostics += compiler.diagnostics
                diagnostics += ChoiceScriptVariableCheck.findings(text, created: created)
                special += compiler.passages
                scenes[name] = text
            } else if !listed.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        ChoiceScriptRules.unreferencedScene,
                        "scene file \(file) is in no *scene_list and no *goto_scene reaches it",
                        at: SourceLocation(file: (files.folder as NSString).appendingPathComponent(file), line: 1)))
            }
        }

        var story = Story(
            title: title ?? "", start: ChoiceScriptPassageIDs.start(startScene), passages: passages,
            format: ChoiceScriptLoader.formatName, specialPassages: special, variables: variables)
        story.sourceStatistics = ChoiceScriptStatistics.count(sceneOrder.compactMap { scenes[$0] })
        return story
    }

    /// ChoiceScript's rule that a scene indents with tabs or with spaces, not both.
    static func indentationFindings(_ scene: ChoiceScriptSceneText) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var firstTab: Int?
        var firstSpace: Int?
        for (i, line) in scene.lines.enumerated() where line.indent > 0 && !line.isBlank {
            if line.hasTab && line.hasSpace {
                findings.append(
                    scene.error("Tabs and spaces appear on the same line", at: i, rule: ChoiceScriptRules.indentation))
                continue
            }
            if line.hasTab {
                if let space = firstSpace, firstTab == nil {
                    findings.append(
                        scene.error(
                            "Illegal mixing of spaces and tabs; this line has a tab, but there were spaces on line \(space + 1)",
                            at: i, rule: ChoiceScriptRules.indentation))
                }
                if firstTab == nil { firstTab = i }
            } else {
                if let tab = firstTab, firstSpace == nil {
                    findings.append(
                        scene.error(
                            "Illegal mixing of spaces and tabs; this line has a space, but there were tabs on line \(tab + 1)",
                            at: i, rule: ChoiceScriptRules.indentation))
                }
                if firstSpace == nil { firstSpace = i }
            }
        }
        return findings
    }
}
