import Foundation
import WordBookVocabulary

/// Finding the word the photographer aimed at by its sharpness: the camera focused on it,
/// the background is softer.
enum SharpText {
    /// The sharp region under or nearest the aim point (usually a line of text), and the other sharp
    /// regions, in `grey`'s pixels. Distance counts in the regions' median height, so that the line
    /// at the aim point wins over a larger one a line away.
    static func aimedRegion(in grey: Picture) throws -> (region: PixelBox, others: [PixelBox])? {
        let factor = searchFactor(longEdge: max(grey.width, grey.height))
        let small = try grey.scaled(by: factor)
        let unit = Double(max(small.width, small.height)) / 800
        let boxes = try small.sharpRegions(
            edge: Tuning.edgeThreshold, closeWidth: Int(Tuning.closeWidth * unit), closeHeight: Int(Tuning.closeHeight * unit))
        let minimum = Int(Tuning.minimumRegion * unit)
        let area = Double(small.width * small.height)
        let plausible = merged(boxes.filter { $0.height >= 3 && $0.width >= 3 }).filter { box in
            box.height >= minimum && box.width >= minimum && Double(box.width * box.height) <= 0.5 * area
        }
        guard !plausible.isEmpty else { return nil }
        let aim = AimPoint.centre(width: small.width, height: small.height)
        let tallest = Double(plausible.map(\.height).max() ?? 1)
        let height = Double(max(1, AimPoint.median(plausible.map(\.height))))
        func score(_ box: PixelBox) -> Double {
            let distance = AimPoint.distance(from: aim, to: box) / height
            return exp(-distance * distance) * (0.5 + 0.5 * Double(box.height) / tallest)
        }
        let ranked = plausible.sorted { score($0) > score($1) }
        let bounds = (grey.width, grey.height)
        return (ranked[0].scaled(by: 1 / factor).padded(dx: 0, dy: 0, within: bounds),
                ranked.dropFirst().map { $0.scaled(by: 1 / factor).padded(dx: 0, dy: 0, within: bounds) })
    }
}

extension SharpText {
    /// The reduction to about `Tuning.regionEdge` pixels. When halving (or quartering) lands within a tenth
    /// of it, that exact power of two is taken: Leptonica reduces by 2 several times faster than by an
    /// arbitrary factor, and a photo stored at 1440-1760 px lands there.
    static func searchFactor(longEdge: Int) -> Double {
        let exact = min(1, Tuning.regionEdge / Double(longEdge))
        let power = pow(2, log2(exact).rounded())
        return abs(power / exact - 1) <= 0.1 ? power : exact
    }

    /// Boxes that overlap, or stand on one line with a gap under `Tuning.mergeGap` heights, become one.
    static func merged(_ boxes: [PixelBox]) -> [PixelBox] {
        var boxes = boxes
        var changed = true
        while changed {
            changed = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i && belongTogether(boxes[i], boxes[j]) {
                    boxes[i] = boxes[i].union(boxes[j])
                    boxes.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return boxes
    }

    static func belongTogether(_ a: PixelBox, _ b: PixelBox) -> Bool {
        let overlapX = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let overlapY = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        if overlapX > 0 && overlapY > 0 { return true }
        let lower = min(a.height, b.height), higher = max(a.height, b.height)
        guard Double(overlapY) >= 0.5 * Double(lower), Double(higher) <= 3 * Double(lower) else { return false }
        return Double(-overlapX) <= Tuning.mergeGap * Double(higher)
    }
}
