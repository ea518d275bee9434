import Testing

@testable import StoryFormats

/// `StoryPath.folder(of:)` means what `NSString.deletingLastPathComponent` means, without
/// its trap on one-character paths (`m`, `.`, `a/`) in the toolchain's Foundation on Linux.
@Suite struct StoryPathTests {
    @Test(arguments: [
        ("m", ""), (".", ""), ("./", ""), ("m/", ""), ("m//", ""), ("..", ""), ("", ""), ("/", "/"), ("/m", "/"),
        ("a/b", "a"), ("a//b/", "a"), ("./m", "."), ("../m", ".."), ("/a/b/c.ink", "/a/b"), ("ab", ""),
    ])
    func folderOf(path: String, folder: String) {
        #expect(StoryPath.folder(of: path) == folder)
        #expect(StoryPath.directory(of: path) == (folder.isEmpty ? "." : folder))
    }
}
