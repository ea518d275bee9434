import Foundation

/// Paths of the repository, for tests that read the examples.
package enum Repository {
    package static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A fresh temporary folder for one test.
    package static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storygraph-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file in a fresh temporary folder and returns its path.
    package static func write(_ text: String, name: String) -> String {
        let url = temporaryFolder().appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url.path
    }
}
