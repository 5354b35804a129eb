import Foundation
import Glibc

/// Headless Chromium at a phone's size (390 × 844 CSS px, 2 device pixels each), driven through
/// Debian's chromedriver over the W3C WebDriver HTTP protocol; both end with the test.
final class PhoneBrowser: @unchecked Sendable {
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let driver = Process()
    private let endpoint: URL
    private var sessionID = ""
    private let profile: String

    init() async throws {
        let port = try Self.freePort()
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-chromium-\(UUID().uuidString)").path
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        endpoint = URL(string: "http://127.0.0.1:\(port)/")!
        // chromedriver answers /status once it listens.
        var ready = false
        for _ in 0..<150 where !ready {
            ready = ((try? await call("GET", "status"))?["ready"] as? Bool) == true
            if !ready { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        guard ready else {
            kill(driver.processIdentifier, SIGKILL)
            throw WebDriverError.failed("it did not start on port \(port)")
        }
        let options: [String: Any] = [
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--user-data-dir=\(profile)", "--lang=en"],
            "mobileEmulation": ["deviceMetrics": ["width": 390, "height": 844, "pixelRatio": 2.0, "touch": true]],
        ]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]]
        let session = try await call("POST", "session", capabilities)
        guard let id = session["sessionId"] as? String else {
            kill(driver.processIdentifier, SIGKILL)
            throw WebDriverError.failed("no session: \(session)")
        }
        sessionID = id
    }

    deinit {
        if driver.isRunning {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Ends the browser, then chromedriver (which does not end on SIGTERM): the test calls it
    /// whatever happened, as a test process may exit before any deinit runs.
    func quit() async {
        _ = try? await call("DELETE", "session/\(sessionID)")
        if driver.isRunning {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
        }
    }

    /// A port nothing listens on now, for chromedriver.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(socket, pointer, length) == 0 else { return -1 }
                return getsockname(socket, pointer, &length)
            }
        }
        guard bound == 0 else { throw WebDriverError.failed("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One WebDriver command; its `value`, or the whole answer when the value is not an object.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let port = endpoint.port ?? 0
        // On a thread of its own: the exchange blocks while the browser starts or a page loads.
        let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self.exchange(port: port, method: method, path: "/" + path, body: payload) })
            }
        }
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        if let value = answer["value"] as? [String: Any] {
            if let error = value["error"] as? String {
                throw WebDriverError.failed("\(method) \(path): \(error): \(value["message"] as? String ?? "")")
            }
            return value
        }
        return answer
    }

    /// One HTTP/1.1 request on a socket of its own and the body of its answer. Not URLSession:
    /// Foundation's client refuses chromedriver's headers ("Content-Length:250", without a space).
    static func exchange(port: Int, method: String, path: String, body: Data) throws -> Data {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw WebDriverError.failed("nothing listens on port \(port)") }
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        request += Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw WebDriverError.failed("the request could not be sent") }
            sent += count
        }
        // chromedriver keeps the connection open whatever the request says: the answer ends where its length says.
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var bodyStart: Int?, length: Int?
        while bodyStart == nil || answer.count - bodyStart! < length ?? .max {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
            if bodyStart == nil, let split = answer.range(of: Data("\r\n\r\n".utf8)) {
                bodyStart = split.upperBound
                let head = String(decoding: answer[..<split.lowerBound], as: UTF8.self).lowercased()
                length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            }
        }
        guard let bodyStart else { throw WebDriverError.failed("no answer to \(method) \(path)") }
        return answer[bodyStart...]
    }

    func open(_ url: URL) async throws {
        try await call("POST", "session/\(sessionID)/url", ["url": url.absoluteString])
    }

    /// What a script returns: a string, a number or a bool.
    func evaluate(_ script: String) async throws -> Any? {
        try await call("POST", "session/\(sessionID)/execute/sync", ["script": script, "args": []])["value"]
    }

    func element(_ selector: String) async throws -> String {
        let found = try await call("POST", "session/\(sessionID)/element", ["using": "css selector", "value": selector])
        guard let id = found[Self.elementKey] as? String else { throw WebDriverError.failed("no element \(selector)") }
        return id
    }

    func click(_ selector: String) async throws {
        try await call("POST", "session/\(sessionID)/element/\(try await element(selector))/click", [:])
    }

    func type(_ text: String, into selector: String) async throws {
        try await call("POST", "session/\(sessionID)/element/\(try await element(selector))/value", ["text": text])
    }

    /// Fingers on the touch screen, at viewport CSS pixels: each moves from its first point to its
    /// last in `milliseconds`, all at once, pressed throughout.
    func touch(_ paths: [[(x: Double, y: Double)]], milliseconds: Int = 300) async throws {
        let fingers: [[String: Any]] = paths.enumerated().map { finger, path in
            var steps: [[String: Any]] = [["type": "pointerMove", "x": Int(path[0].x), "y": Int(path[0].y), "duration": 0],
                                          ["type": "pointerDown", "button": 0]]
            for point in path.dropFirst() {
                steps.append(["type": "pointerMove", "x": Int(point.x), "y": Int(point.y), "duration": milliseconds / max(1, path.count - 1)])
            }
            steps.append(["type": "pointerUp", "button": 0])
            return ["type": "pointer", "id": "finger\(finger)", "parameters": ["pointerType": "touch"], "actions": steps]
        }
        try await call("POST", "session/\(sessionID)/actions", ["actions": fingers])
        try await call("DELETE", "session/\(sessionID)/actions")
    }

    /// The element's place in the viewport, in CSS pixels.
    func rectangle(_ selector: String) async throws -> (x: Double, y: Double, width: Double, height: Double) {
        let found = try await evaluate("""
            var r = document.querySelector(\(String(reflecting: selector))).getBoundingClientRect();
            return [r.left, r.top, r.width, r.height]
            """) as? [Any] ?? []
        let numbers = found.compactMap { ($0 as? NSNumber)?.doubleValue }
        guard numbers.count == 4 else { throw WebDriverError.failed("no element \(selector)") }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The page's visible text.
    func text() async throws -> String {
        try await evaluate("return document.body.innerText") as? String ?? ""
    }

    /// The viewport as a PNG, at the device's pixels.
    func screenshot(to path: String) async throws {
        let answer = try await call("GET", "session/\(sessionID)/screenshot")
        guard let base64 = answer["value"] as? String, let png = Data(base64Encoded: base64) else {
            throw WebDriverError.failed("no screenshot")
        }
        try png.write(to: URL(fileURLWithPath: path))
    }
}


enum WebDriverError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case let .failed(reason): "chromedriver: \(reason)"
        }
    }
}
