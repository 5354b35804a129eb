import CJPEGRegion

extension TurboJPEG {
    /// Only a region of `jpeg`, as RGB rows, decoded at the DCT scale `num`/`denom` (one of
    /// `reductions`): libjpeg's partial decompression reads past the rows above the region and stops
    /// after its last, and decodes only the blocks across it, so a word's part of a photo costs its
    /// own pixels and not the whole photo's. `left`, `top`, `width` and `height` are in the scaled
    /// image's pixels and lie inside it. Damage that libjpeg only warns about (a file cut short)
    /// leaves grey, as `decode` does without `stopOnWarning`.
    public static func decodeRegion(
        _ jpeg: [UInt8], num: Int, denom: Int, left: Int, top: Int, width: Int, height: Int
    ) throws -> [UInt8] {
        guard (num * 8) % denom == 0, width > 0, height > 0 else {
            throw Failure(description: "no region of \(width) × \(height) at the scale \(num)/\(denom)")
        }
        // libjpeg moves the left edge back to a block's boundary, widening the rows by up to a block.
        var wide = [UInt8](repeating: 0, count: height * (width + 64) * 3)
        var decodedLeft: Int32 = 0, decodedWidth: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = jpeg.withUnsafeBufferPointer { source in
            wide.withUnsafeMutableBufferPointer { rows in
                wordbook_jpeg_decode_region(
                    source.baseAddress, source.count, Int32(num * 8 / denom), Int32(left), Int32(top), Int32(width),
                    Int32(height), rows.baseAddress, &decodedLeft, &decodedWidth, &message, message.count)
            }
        }
        guard status == 0 else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw Failure(description: text.isEmpty ? "the region could not be decoded" : text)
        }
        let skip = (left - Int(decodedLeft)) * 3, stride = Int(decodedWidth) * 3, row = width * 3
        if skip == 0 && stride == row {
            wide.removeLast(wide.count - height * row)
            return wide
        }
        var rgb = [UInt8](repeating: 0, count: height * row)
        for y in 0..<height {
            rgb.replaceSubrange(y * row..<(y + 1) * row, with: wide[y * stride + skip..<y * stride + skip + row])
        }
        return rgb
    }
}
