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
}
