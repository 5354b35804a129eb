/// The picture sizes a HEIF file's HEVC decoder configurations (`hvcC`) declare: what the decoder
/// allocates for, whatever the image's `ispe` property says. libheif 1.15 budgets by `ispe` alone, so
/// a file whose `ispe` says 1 × 1 over an 8000 × 8000 stream passes every limit and decodes to
/// hundreds of megabytes. The sequence parameter set is read as far as its picture size
/// (ITU-T H.265, 7.3.2.2), nothing more.
enum HEVCPictureSize {
    /// Every picture size found in the `hvcC` properties of the file's `meta` box; empty when none
    /// can be read (a file libheif then judges by itself).
    static func declared(in file: [UInt8]) -> [(width: Int, height: Int)] {
        var sizes: [(width: Int, height: Int)] = []
        for meta in ISOBoxes.boxes(file, in: 0..<file.count) where meta.type == "meta" && meta.payload.count >= 4 {
            // `meta` is a full box: a version and flags before its children.
            let children = (meta.payload.lowerBound + 4)..<meta.payload.upperBound
            for properties in ISOBoxes.boxes(file, in: children) where properties.type == "iprp" {
                for container in ISOBoxes.boxes(file, in: properties.payload) where container.type == "ipco" {
                    for property in ISOBoxes.boxes(file, in: container.payload) where property.type == "hvcC" {
                        sizes += parameterSetSizes(Array(file[property.payload]))
                    }
                }
            }
        }
        return sizes
    }

    /// The picture size of each sequence parameter set in an `hvcC` payload: 22 bytes of profile and
    /// format, then arrays of NAL units by type.
    static func parameterSetSizes(_ configuration: [UInt8]) -> [(width: Int, height: Int)] {
        guard configuration.count > 22 else { return [] }
        var sizes: [(width: Int, height: Int)] = []
        var offset = 23
        for _ in 0..<Int(configuration[22]) {
            guard offset + 3 <= configuration.count else { break }
            let type = configuration[offset] & 0x3F
            let units = Int(configuration[offset + 1]) << 8 | Int(configuration[offset + 2])
            offset += 3
            for _ in 0..<units {
                guard offset + 2 <= configuration.count else { return sizes }
                let length = Int(configuration[offset]) << 8 | Int(configuration[offset + 1])
                offset += 2
                guard offset + length <= configuration.count else { return sizes }
                if type == 33, let size = pictureSize(sequenceParameterSet: configuration[offset..<(offset + length)]) {
                    sizes.append(size)
                }
                offset += length
            }
        }
        return sizes
    }

    /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of a sequence parameter set NAL
    /// unit (its two-byte header included).
    static func pictureSize(sequenceParameterSet unit: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        var bits = BitReader(rawPayload: unit.dropFirst(2))
        guard bits.skip(4) else { return nil }  // sps_video_parameter_set_id
        guard let subLayers = bits.read(3) else { return nil }  // sps_max_sub_layers_minus1
        // Temporal ID nesting, then profile_tier_level: the general profile (88 bits) and level (8).
        guard bits.skip(1 + 88 + 8) else { return nil }
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<subLayers {
            guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
            present.append((profile == 1, level == 1))
        }
        if subLayers > 0, !bits.skip(2 * (8 - subLayers)) { return nil }  // reserved_zero_2bits
        for layer in present {
            guard bits.skip((layer.profile ? 88 : 0) + (layer.level ? 8 : 0)) else { return nil }
        }
        guard bits.readExpGolomb() != nil, let chroma = bits.readExpGolomb() else { return nil }  // sps_seq_parameter_set_id
        if chroma == 3, !bits.skip(1) { return nil }  // separate_colour_plane_flag
        guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb() else { return nil }
        return (width, height)
    }

    /// Bits of a NAL unit's payload, most significant first, with the emulation-prevention bytes
    /// (a 3 after two zero bytes) taken out.
    struct BitReader {
        private let bytes: [UInt8]
        private var position = 0

        init(rawPayload: ArraySlice<UInt8>) {
            var bytes: [UInt8] = []
            var zeros = 0
            for byte in rawPayload {
                if zeros >= 2 && byte == 3 {
                    zeros = 0
                    continue
                }
                zeros = byte == 0 ? zeros + 1 : 0
                bytes.append(byte)
            }
            self.bytes = bytes
        }

        mutating func read(_ count: Int) -> Int? {
            guard count <= 32, position + count <= bytes.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(bytes[position / 8] >> (7 - position % 8) & 1)
                position += 1
            }
            return value
        }

        mutating func skip(_ count: Int) -> Bool {
            guard position + count <= bytes.count * 8 else { return false }
            position += count
            return true
        }

        /// An unsigned Exp-Golomb number, `ue(v)`.
        mutating func readExpGolomb() -> Int? {
            var zeros = 0
            while true {
                guard let bit = read(1) else { return nil }
                if bit == 1 { break }
                zeros += 1
                guard zeros < 32 else { return nil }
            }
            guard let rest = read(zeros) else { return nil }
            return (1 << zeros) - 1 + rest
        }
    }
}
