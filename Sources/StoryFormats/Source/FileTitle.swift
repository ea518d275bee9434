import Foundation

/// The one title rule: a story that names no title is called after its first file,
/// without folder or extension (`Examples/harbour.json` → `harbour`). Applied by
/// `StoryLoading` for every loader, which leave the title empty when the file names none.
package enum FileTitle {
    package static func of(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
