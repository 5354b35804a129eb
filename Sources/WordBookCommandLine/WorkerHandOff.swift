import Foundation
import Glibc

/// `wordbook run`, `ingest` and the Anki export are done by `wordbook-worker`, found beside
/// `wordbook` and then on PATH, started in this process's place with the same arguments.
public enum WorkerHandOff {
    public static let executableName = "wordbook-worker"

    public enum Failure: Error, CustomStringConvertible {
        case notFound(besides: String)
        case couldNotStart(path: String, reason: String)

        public var description: String {
            switch self {
            case let .notFound(folder):
                return "\(executableName) was found neither in \(folder) nor on PATH; it does the recognising and the Anki export (make install puts it beside wordbook)"
            case let .couldNotStart(path, reason):
                return "\(path) could not be started: \(reason)"
            }
        }
    }

    /// Replaces this process with the worker, given `arguments` (without the program name).
    /// Debian's libtesseract uses OpenMP, which reads OMP_THREAD_LIMIT when it loads: with one
    /// engine per worker thread, more threads only fight over the cores.
    public static func replaceProcess(arguments: [String]) throws -> Never {
        let worker = try locate()
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
            setenv("OMP_THREAD_LIMIT", "1", 1)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([worker] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(worker, &argv)
        throw Failure.couldNotStart(path: worker, reason: String(cString: strerror(errno)))
    }

    /// The worker beside this executable (its real path, links followed), else the first on PATH.
    public static func locate() throws -> String {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = me.deletingLastPathComponent().path
        let beside = "\(folder)/\(executableName)"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(executableName)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure.notFound(besides: folder)
    }
}
