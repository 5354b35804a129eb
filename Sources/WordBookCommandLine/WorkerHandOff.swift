import Foundation
import Glibc

/// `wordbook run`, `ingest` and the Anki export are done by `wordbook-worker`, and `wordbook web` by
/// `wordbook-web`, found beside `wordbook` and then on PATH, started in this process's place.
public enum WorkerHandOff {
    public static let executableName = "wordbook-worker"
    /// The web app's server, which alone links NIO.
    public static let webExecutableName = "wordbook-web"

    public enum Failure: Error, CustomStringConvertible {
        case notFound(executable: String, besides: String)
        case couldNotStart(path: String, reason: String)

        public var description: String {
            switch self {
            case let .notFound(executable, folder):
                let does = executable == executableName ? "it does the recognising and the Anki export" : "it serves the web app"
                return "\(executable) was found neither in \(folder) nor on PATH; \(does) (make install puts it beside wordbook)"
            case let .couldNotStart(path, reason):
                return "\(path) could not be started: \(reason)"
            }
        }
    }

    /// Replaces this process with the worker, given `arguments` (without the program name).
    /// Debian's libtesseract uses OpenMP, which reads OMP_THREAD_LIMIT when it loads: with one
    /// engine per worker thread, more threads only fight over the cores.
    public static func replaceProcess(arguments: [String], executable: String = executableName) throws -> Never {
        try replaceProcess(arguments: arguments, path: try locate(executable))
    }

    /// Replaces this process with this very executable (its real path, links followed), started
    /// again with `arguments`, under the same OpenMP limit: not a worker found by its name.
    public static func restart(arguments: [String]) throws -> Never {
        try replaceProcess(arguments: arguments, path: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
    }

    private static func replaceProcess(arguments: [String], path worker: String) throws -> Never {
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
            setenv("OMP_THREAD_LIMIT", "1", 1)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([worker] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(worker, &argv)
        throw Failure.couldNotStart(path: worker, reason: String(cString: strerror(errno)))
    }

    /// The worker beside this executable (its real path, links followed), else the first on PATH.
    public static func locate(_ executable: String = executableName) throws -> String {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = me.deletingLastPathComponent().path
        let beside = "\(folder)/\(executable)"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure.notFound(executable: executable, besides: folder)
    }
}
