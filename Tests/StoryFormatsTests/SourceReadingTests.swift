import Foundation
import Testing

@testable import StoryFormats
@testable import StoryGraph

/// Reading a story from what the operating system hands over: FIFOs and devices are
/// streams within the size limit, and errors are plain words.
@Suite("SourceText: reading files, FIFOs and devices")
struct SourceReadingTests {
    func message(_ path: String) -> String? {
        do {
            _ = try SourceText(contentsOf: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func fifoIsReadAsAStream() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "storygraph-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("story.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = #"{"title": "Pipe", "start": "a", "passages": [{"id": "a", "text": "The end."}]}"#
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)!
            handle.write(Data(text.utf8))
            try? handle.close()
        }
        writer.start()
        let source = try SourceText(contentsOf: fifo)
        #expect(source.utf8 == Array(text.utf8))
        #expect(try StoryLoading.load(sources: [source]).story.passages.map(\.id) == ["a"])
    }

    @Test func endlessDeviceStopsAtTheLimit() {
        #expect(
            message("/dev/zero")
                == "/dev/zero:1:1: error: stream is longer than the limit of 67108864 bytes (64 MiB); storygraph read no further (no option lifts the limit) [unreadable-file]"
        )
    }

    @Test func folderAndMissingFileInPlainWords() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(message(folder) == "\(folder):1:1: error: cannot read file: is a folder [unreadable-file]")
        #expect(
            message("/no/such/story.json")
                == "/no/such/story.json:1:1: error: cannot read file: no such file [unreadable-file]")
    }

    @Test func unreadableFileIsPermissionDenied() throws {
        // Root reads any file; the test has a meaning only for other users.
        guard geteuid() != 0 else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locked-\(UUID().uuidString).json")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        #expect(chmod(path, 0) == 0)
        #expect(message(path) == "\(path):1:1: error: cannot read file: permission denied")
    }

    @Test func foundationErrorsNeverShowTheirDomain() {
        let cocoa = [
            NSFileReadUnknownError, NSFileWriteUnknownError, NSFileReadNoSuchFileError, NSFileWriteOutOfSpaceError,
        ]
        #expect(
            cocoa.map { SystemError.text(NSError(domain: NSCocoaErrorDomain, code: $0)) }
                == [
                    "the file could not be read", "the file could not be written", "no such file",
                    "No space left on device",
                ])
        #expect(SystemError.text(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))) == "No space left on device")
        #expect(SystemError(code: EACCES).description == "permission denied")
    }
}
