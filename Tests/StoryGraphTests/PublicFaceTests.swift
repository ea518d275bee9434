import Foundation
import Testing

/// The libraries' public face stays small: `public` is for what a Swift user composes (the
/// model, loading, the analyses, reports, drawing, fuzzing); what crosses modules inside the
/// package is `package`. A declaration counts once per `public` modifier on a line of code
/// (comments and string literals left out), over the five library modules.
@Suite struct PublicFaceTests {
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

    @Test func theLibrariesHaveAtMostTheirLimitOfPublicDeclarations() throws {
        var counts: [String: Int] = [:]
        for module in Self.libraries { counts[module] = try Self.count(module: module) }
        let total = counts.values.reduce(0, +)
        let perModule = Self.libraries.map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
        #expect(total <= Self.limit, "\(total) public declarations (\(perModule)); the limit is \(Self.limit)")
        #expect(counts.values.allSatisfy { $0 > 0 }, "\(perModule)")
    }
}
