import Foundation

/// An operating-system error as plain words: the one place that turns `errno` values and
/// Foundation's file errors into text a user reads ("no such file", "is a folder",
/// "permission denied", otherwise the system's own `strerror` text), so no message ever
/// shows "NSCocoaErrorDomain error 256".
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The POSIX error number.
    package let code: Int32

    package init(code: Int32) { self.code = code }

    /// The error of the last failed system call.
    package static var last: SystemError { SystemError(code: errno) }

    package var description: String { Self.text(code) }

    /// Plain words for a POSIX error number.
    package static func text(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EISDIR: "is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case EACCES, EPERM: "permission denied"
        default: String(cString: strerror(code))
        }
    }

    /// Plain words for any error a Foundation file call throws: its POSIX cause when it has
    /// one, the meaning of the common Cocoa file codes, never the domain and number.
    package static func text(_ error: any Error) -> String {
        if let system = error as? SystemError { return system.description }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return text(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return text(Int32(underlying.code))
        }
        guard ns.domain == NSCocoaErrorDomain else { return ns.localizedDescription }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return text(ENOENT)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return text(EACCES)
        case NSFileWriteOutOfSpaceError: return text(ENOSPC)
        case NSFileWriteVolumeReadOnlyError: return text(EROFS)
        case NSFileReadTooLargeError: return text(EFBIG)
        case NSFileWriteFileExistsError: return text(EEXIST)
        case NSFileReadInvalidFileNameError, NSFileWriteInvalidFileNameError: return "invalid file name"
        case NSFileReadCorruptFileError: return "the file is corrupt"
        case NSFileReadInapplicableStringEncodingError, NSFileWriteInapplicableStringEncodingError:
            return "the text is not in the expected encoding"
        default:
            return ns.code >= NSFileWriteUnknownError ? "the file could not be written" : "the file could not be read"
        }
    }
}
