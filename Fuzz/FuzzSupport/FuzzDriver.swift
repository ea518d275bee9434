import Foundation

#if STORYGRAPH_FUZZ
    import CLibFuzzer
#endif

/// The `main` of every fuzz executable.
///
/// Built with `-sanitize=fuzzer -D STORYGRAPH_FUZZ` (see `Fuzz/build`), it hands control
/// to libFuzzer's driver, which takes libFuzzer's own arguments (a corpus folder,
/// `-max_total_time`, `-dict`…). Built plainly, as `swift build` does, it is a reproducer:
/// it runs the target once on every file named (a folder: every file inside it, in path
/// order) and exits 0, so a crash found by the fuzzer can be replayed in the debugger and
/// by the regression tests without libFuzzer.
package enum FuzzDriver {
    #if STORYGRAPH_FUZZ
        nonisolated(unsafe) private static var current: FuzzTarget = .json
    #endif

    package static func main(_ target: FuzzTarget) -> Never {
        #if STORYGRAPH_FUZZ
            current = target
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            let status = LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
                let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
                FuzzDriver.current.run(data)
                return 0
            }
            exit(status)
        #else
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                FileHandle.standardError.write(Data("usage: fuzz-\(target.rawValue) FILE-OR-FOLDER...\n".utf8))
                exit(64)
            }
            var count = 0
            for file in files(in: Array(paths)) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("fuzz-\(target.rawValue): cannot read \(file)\n".utf8))
                    exit(66)
                }
                target.run(data)
                count += 1
            }
            FileHandle.standardError.write(Data("fuzz-\(target.rawValue): ran \(count) inputs\n".utf8))
            exit(0)
        #endif
    }

    /// The files named, with each folder replaced by the files inside it.
    static func files(in paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            let inside = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
            for name in inside {
                let full = (path as NSString).appendingPathComponent(name)
                var isSubfolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isSubfolder), !isSubfolder.boolValue {
                    files.append(full)
                }
            }
        }
        return files
    }
}
