/// A word a reader saw in a photo, and where: the learner taps one on the photo to make it the
/// proposal. The box is in the pixels of the stored photo, as `PixelBox` is everywhere.
public struct ReadWord: Sendable, Equatable, Hashable, Codable {
    public var text: String
    public var box: PixelBox

    public init(text: String, box: PixelBox) {
        self.text = text
        self.box = box
    }
}
