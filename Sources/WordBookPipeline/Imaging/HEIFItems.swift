/// How a HEIF file's images are built from one another: `iref`'s `dimg` references, from a grid to
/// its tiles, from an overlay to its layers. libheif 1.15 follows them without looking for a loop,
/// so a file whose grid is built from itself (549 bytes) recursed until the worker's stack
/// overflowed, and the worker died; a chain of grids deep enough would do the same.
enum HEIFItems {
    /// How deep images may be built from images: a grid of tiles is 1, an overlay of grids 2.
    static let deepest = 8

    /// Why libheif may not be given the file, or nil: an image built, through its references, from
    /// itself, or images built from images deeper than `deepest` (libheif follows them one stack
    /// frame a level).
    static func fault(in file: [UInt8]) -> String? {
        var parts: [Int: [Int]] = [:]
        for (from, to) in derivations(in: file) { parts[from, default: []].append(to) }
        var depths: [Int: Int] = [:], following: Set<Int> = []
        var looped = false
        // How deep `item` is built, or nil past `deepest` or in a loop; this recursion is bounded by `deepest`.
        func depth(of item: Int, level: Int) -> Int? {
            if let known = depths[item] { return level + known <= deepest ? known : nil }
            guard !following.contains(item) else { looped = true; return nil }
            guard level <= deepest else { return nil }
            following.insert(item)
            defer { following.remove(item) }
            var deepestPart = -1
            for part in parts[item] ?? [] {
                guard let partDepth = depth(of: part, level: level + 1) else { return nil }
                deepestPart = max(deepestPart, partDepth)
            }
            depths[item] = deepestPart + 1
            return deepestPart + 1
        }
        for item in parts.keys.sorted() where depth(of: item, level: 0) == nil {
            return looped ? "an image in it is built from itself" : "its images are built from images more than \(deepest) deep"
        }
        return nil
    }

    /// Every `dimg` reference of the file's `meta` box: the image built, and one image it is built from.
    static func derivations(in file: [UInt8]) -> [(from: Int, to: Int)] {
        func number(at offset: Int, bytes count: Int) -> Int {
            (0..<count).reduce(0) { $0 << 8 | Int(file[offset + $1]) }
        }
        var found: [(from: Int, to: Int)] = []
        for meta in ISOBoxes.boxes(file, in: 0..<file.count) where meta.type == "meta" && meta.payload.count >= 4 {
            // `meta` and `iref` are full boxes: a version and flags before their children.
            for references in ISOBoxes.boxes(file, in: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
            where references.type == "iref" && references.payload.count >= 4 {
                let width = file[references.payload.lowerBound] == 0 ? 2 : 4  // item IDs of version 0 are 16-bit
                for reference in ISOBoxes.boxes(file, in: (references.payload.lowerBound + 4)..<references.payload.upperBound)
                where reference.type == "dimg" && reference.payload.count >= width + 2 {
                    let start = reference.payload.lowerBound
                    let from = number(at: start, bytes: width), count = number(at: start + width, bytes: 2)
                    for index in 0..<count {
                        let offset = start + width + 2 + index * width
                        guard offset + width <= reference.payload.upperBound else { break }
                        found.append((from, number(at: offset, bytes: width)))
                    }
                }
            }
        }
        return found
    }

    /// The size each grid and overlay of the file says it composes (its `ImageGrid` or `ImageOverlay`
    /// data, ISO/IEC 23008-12, 6.6.2): what libheif allocates for it, whatever the `ispe` property
    /// says. libheif 1.15 judges by `ispe` alone, so an overlay claiming a 36621 × 31376 canvas under
    /// a 24 × 16 image (624 bytes) took 3.4 GB.
    static func composedSizes(in file: [UInt8]) -> [(width: Int, height: Int)] {
        func number(_ bytes: ArraySlice<UInt8>, at offset: Int, bytes count: Int) -> Int? {
            guard count >= 0, offset >= bytes.startIndex, offset + count <= bytes.endIndex else { return nil }
            return (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        var sizes: [(width: Int, height: Int)] = []
        for meta in ISOBoxes.boxes(file, in: 0..<file.count) where meta.type == "meta" && meta.payload.count >= 4 {
            let children = ISOBoxes.boxes(file, in: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
            let types = itemTypes(file, children)
            let composed = Set(types.filter { $0.value == "grid" || $0.value == "iovl" }.keys)
            guard !composed.isEmpty else { continue }
            let itemData = children.first { $0.type == "idat" }.map { file[$0.payload] } ?? []
            for (item, data) in locatedData(file, children, items: composed, itemData: itemData) {
                // Both begin with a version and flags, whose lowest bit makes the sizes 32-bit; an overlay's
                // four 16-bit fill values come first.
                guard data.count >= 2 else { continue }
                let size = (Int(data[data.startIndex + 1]) & 1) == 1 ? 4 : 2
                let start = data.startIndex + (types[item] == "grid" ? 4 : 10)
                if let width = number(data, at: start, bytes: size), let height = number(data, at: start + size, bytes: size) {
                    sizes.append((width, height))
                }
            }
        }
        return sizes
    }

    /// Each item's type, from the `infe` entries of `iinf` (versions 2 and 3).
    private static func itemTypes(_ file: [UInt8], _ children: [(type: String, payload: Range<Int>)]) -> [Int: String] {
        var types: [Int: String] = [:]
        for information in children where information.type == "iinf" && information.payload.count >= 6 {
            let entries = (information.payload.lowerBound + 4 + (file[information.payload.lowerBound] == 0 ? 2 : 4))..<information.payload.upperBound
            guard entries.lowerBound <= entries.upperBound else { continue }
            for entry in ISOBoxes.boxes(file, in: entries) where entry.type == "infe" && entry.payload.count >= 4 {
                let version = file[entry.payload.lowerBound]
                guard version >= 2 else { continue }
                let width = version == 2 ? 2 : 4
                let idAt = entry.payload.lowerBound + 4, typeAt = idAt + width + 2
                guard typeAt + 4 <= entry.payload.upperBound else { continue }
                let item = (0..<width).reduce(0) { $0 << 8 | Int(file[idAt + $1]) }
                types[item] = String(decoding: file[typeAt..<(typeAt + 4)], as: UTF8.self)
            }
        }
        return types
    }

    /// The data of `items`, from `iloc`: in the file (construction method 0) or in `idat` (1), its
    /// extents joined. An item whose extents do not fit is left out.
    private static func locatedData(
        _ file: [UInt8], _ children: [(type: String, payload: Range<Int>)], items: Set<Int>, itemData: ArraySlice<UInt8>
    ) -> [(item: Int, data: ArraySlice<UInt8>)] {
        var found: [(item: Int, data: ArraySlice<UInt8>)] = []
        for location in children where location.type == "iloc" && location.payload.count >= 8 {
            var offset = location.payload.lowerBound
            let end = location.payload.upperBound
            func read(_ count: Int) -> Int? {
                guard count >= 0, offset + count <= end else { return nil }
                defer { offset += count }
                return (0..<count).reduce(0) { $0 << 8 | Int(file[offset + $1]) }
            }
            guard let version = read(1), read(3) != nil, let sizes = read(1), let more = read(1) else { continue }
            let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 0xF, more >> 4)
            let indexSize = version == 1 || version == 2 ? more & 0xF : 0
            guard let count = read(version < 2 ? 2 : 4) else { continue }
            for _ in 0..<count {
                guard let item = read(version < 2 ? 2 : 4) else { break }
                var method = 0
                if version == 1 || version == 2 { guard let field = read(2) else { break }; method = field & 0xF }
                guard read(2) != nil, let base = read(baseSize), let extents = read(2) else { break }
                // Each extent takes some bytes of `iloc`, or there is one: the count cannot outrun the box.
                let extentBytes = indexSize + offsetSize + lengthSize
                guard extentBytes > 0 ? extents <= (end - offset) / extentBytes : extents <= 1 else { break }
                var data: [UInt8] = []
                var fits = true
                for _ in 0..<extents {
                    guard read(indexSize) != nil, let start = read(offsetSize), let length = read(lengthSize) else { fits = false; break }
                    let source = method == 1 ? itemData : file[...]
                    // Offsets and lengths of 8 bytes may be anything: only those inside the source are read.
                    guard method <= 1, (0...source.count).contains(base), (0...source.count).contains(start),
                          (0...source.count).contains(length), base + start <= source.count else { fits = false; break }
                    let from = source.startIndex + base + start
                    // A length of 0 is the rest of the source; the sizes lie in the first bytes.
                    let to = min(length == 0 ? source.endIndex : from + length, from + 64)
                    guard to <= source.endIndex else { fits = false; break }
                    data += source[from..<to]
                }
                if fits && items.contains(item) { found.append((item, data[...])) }
            }
        }
        return found
    }
}
