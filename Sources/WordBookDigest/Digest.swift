import CCrypto
import Foundation

/// SHA-256, SHA-1 and HMAC-SHA-256 from the system's libcrypto (OpenSSL, kept up to date by the
/// distribution): a photo's identity, a model file's check, the stored hashes of the web's
/// sessions and pairing codes, their form tokens, and Anki's duplicate check.
public enum Digest {
    public static func sha256(_ bytes: some ContiguousBytes) -> [UInt8] {
        digest(bytes, EVP_sha256())
    }

    /// The SHA-256 in lower-case hex, as the word book stores it.
    public static func sha256Hex(_ bytes: some ContiguousBytes) -> String {
        hex(sha256(bytes))
    }

    /// SHA-256 over bytes that come in pieces: a photo streamed from its file, hashed whole while
    /// only the part its decoder needs is kept.
    public final class SHA256Stream {
        private let context: OpaquePointer

        public init() {
            // Fails only when libcrypto cannot allocate a few hundred bytes.
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                preconditionFailure("libcrypto could not start a digest")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "libcrypto could not update a digest")
        }

        /// The digest in lower-case hex, as `sha256Hex` gives it for the same bytes at once.
        public func finalHex() -> String {
            var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            precondition(EVP_DigestFinal_ex(context, &out, &length) == 1 && length == 32, "libcrypto could not finish a digest")
            return hex(Array(out.prefix(Int(length))))
        }
    }

    /// The SHA-256 of the file at `path` in lower-case hex, read a megabyte at a time; nil when it
    /// cannot be read. A file read whole (a model of 13 MB) and freed would leave glibc's allocator
    /// taking buffers that large from its heap for the rest of the process (its mmap threshold grows to
    /// the largest block freed), where each photo's pictures and the networks' buffers then
    /// fragment; a megabyte at a time stays under that.
    public static func sha256Hex(ofFileAt path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let stream = SHA256Stream()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return stream.finalHex() }
            buffer.withUnsafeBytes { stream.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
    }

    public static func sha1(_ bytes: some ContiguousBytes) -> [UInt8] {
        digest(bytes, EVP_sha1())
    }

    public static func hmacSHA256(key: some ContiguousBytes, message: some ContiguousBytes) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // An empty key still needs an address: libcrypto reads none of it.
        var keyBytes = key.withUnsafeBytes { Array($0) }
        let keyLength = Int32(keyBytes.count)
        if keyBytes.isEmpty { keyBytes = [0] }
        message.withUnsafeBytes { message in
            _ = HMAC(EVP_sha256(), keyBytes, keyLength, message.bindMemory(to: UInt8.self).baseAddress, message.count, &out, &length)
        }
        precondition(length == 32, "libcrypto gave no HMAC-SHA-256")
        return Array(out.prefix(Int(length)))
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func digest(_ bytes: some ContiguousBytes, _ kind: OpaquePointer?) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &out, &length, kind, nil)
        }
        // Fails only when libcrypto cannot allocate a few hundred bytes.
        precondition(status == 1 && length > 0, "libcrypto could not compute a digest")
        return Array(out.prefix(Int(length)))
    }
}
