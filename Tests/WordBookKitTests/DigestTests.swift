import Foundation
import Testing
import WordBookDigest

/// libcrypto's digests give the published test vectors: FIPS 180's for SHA-256 and SHA-1, RFC 4231's
/// for HMAC-SHA-256. A photo's stored SHA-256 and a session's form token depend on them.
@Suite struct DigestTests {
    @Test func sha256AndSHA1GiveThePublishedVectors() {
        #expect(Digest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.hex(Digest.sha1(Data("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    /// A model file is checked a megabyte at a time: the same SHA-256 as its bytes at once, across
    /// the pieces' edges; nil for a file that cannot be read.
    @Test func aFileIsHashedInPiecesAsItsBytesAreAtOnce() throws {
        let path = NSTemporaryDirectory() + "/digest-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Data((0..<(2 * 1_048_576 + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(Digest.sha256Hex(ofFileAt: path) == Digest.sha256Hex(bytes))
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(Digest.sha256Hex(ofFileAt: path) == Digest.sha256Hex(Data()))
        #expect(Digest.sha256Hex(ofFileAt: path + "-missing") == nil)
    }

    @Test func hmacGivesRFC4231sVectorsAndTakesAnEmptyKey() {
        let tag = Digest.hmacSHA256(key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8))
        #expect(Digest.hex(tag) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Digest.hex(Digest.hmacSHA256(key: Data(), message: Data()))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
