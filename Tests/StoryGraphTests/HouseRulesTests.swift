import Foundation
import Testing

/// The house's rules that a grep can check. The libraries' public face stays small: `public` is for what a Swift user composes (the
/// model, loading, the analyses, reports, drawing, fuzzing); what crosses modules inside the
/// package is `package`. A declaration counts once per `public` modifier on a line of code
/// (comments and string literals left out), over the five library modules.
@Suite struct HouseRulesTests {
    static let libraries = ["StoryGraph", "StoryFormats", "StoryMap", "StoryRender", "StoryHTML"]
    static let limit = 450

    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The `public` declarations of one Swift source text.
    static func publicDeclarations(in text: String) -> Int {
        var count = 0
        var inMultilineString = false
        var inBlockComment = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = String(line)
            if inBlockComment {
                guard let end = code.range(of: "*/") else { continue }
                code = String(code[end.upperBound...])
                inBlockComment = false
            }
            if code.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            code = code.replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            if let start = code.range(of: "/*"), code.range(of: "*/") == nil {
                code = String(code[..<start.lowerBound])
                inBlockComment = true
            }
            if code.range(of: #"(^|[\s)])public\s"#, options: .regularExpression) != nil { count += 1 }
        }
        return count
    }

    static func count(module: String) throws -> Int {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return try files.filter { $0.hasSuffix(".swift") }.reduce(0) { total, file in
            total + publicDeclarations(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test func theCountReadsCodeOnly() {
        let text = """
            public struct A {
                public var b: Int // public c
                /// public d
                let e = "public f"
                @inlinable public func g() {}
                package var h: Int
            }
            """
        #expect(Self.publicDeclarations(in: text) == 3)
    }

    /// Every Swift file under `folder` (relative to the root), as (relative path, text).
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let files = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("\(folder)/\($0)", try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// A new format is a folder of `StoryFormats` and one registration line: no code outside
    /// the families' folders names a loader type, except the one registration list.
    @Test func onlyTheRegistrationListNamesALoaderType() throws {
        let families = ["Twine", "Ink", "Yarn", "ChoiceScript", "RenPy", "JSON", "AppSource", "Gamebook"]
        let registration = "Sources/StoryFormats/Loading/StoryFormatRegistry+Standard.swift"
        var naming: [String] = []
        for (path, text) in try Self.sources(under: "Sources") + Self.sources(under: "Fuzz") {
            if families.contains(where: { path.hasPrefix("Sources/StoryFormats/\($0)/") }) || path == registration {
                continue
            }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let names = line.matches(of: /\b[A-Z][A-Za-z]*Loader\b/).map { String($0.output) }
                if names.contains(where: { $0 != "StoryLoader" }) { naming.append("\(path):\(number + 1)") }
            }
        }
        #expect(naming == [])
        let listed = try String(contentsOf: Self.root.appendingPathComponent(registration), encoding: .utf8)
        #expect(listed.matches(of: /\b[A-Z][A-Za-z]*Loader\.self/).count == 12)
    }

    /// `map`, `dot`, the HTML report, the bench and the fuzz targets reach Graphviz through
    /// the one map call: one call of the renderer outside `StoryRender`.
    @Test func oneCallOfTheRendererOutsideStoryRender() throws {
        var calls: [String] = []
        for (path, text) in try Self.sources(under: "Sources") + Self.sources(under: "Fuzz")
        where !path.hasPrefix("Sources/StoryRender/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("GraphvizRenderer.render(") {
                calls.append("\(path):\(number + 1)")
            }
        }
        #expect(calls.count == 1 && calls.first?.hasPrefix("Sources/StoryHTML/MapDrawing.swift:") == true, "\(calls)")
    }

    @Test func theLibrariesHaveAtMostTheirLimitOfPublicDeclarations() throws {
        var counts: [String: Int] = [:]
        for module in Self.libraries { counts[module] = try Self.count(module: module) }
        let total = counts.values.reduce(0, +)
        let perModule = Self.libraries.map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
        #expect(total <= Self.limit, "\(total) public declarations (\(perModule)); the limit is \(Self.limit)")
        #expect(counts.values.allSatisfy { $0 > 0 }, "\(perModule)")
    }
}
