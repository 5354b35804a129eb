import Foundation

/// What the photo says about a proposal: the facts its confidence is made from.
public struct Evidence: Sendable, Equatable {
    /// How the word was found: by the scene-text detector, in running text on a page, in a picture
    /// that is one word, or by Tesseract's search of a photo.
    public enum Route: String, Sendable { case detected, page, crop, photo }

    public var route: Route
    /// The winning reading's own confidence, 0-100 (the recogniser's mean character probability, or
    /// Tesseract's word confidence with a bonus for each attempt that agrees).
    public var reading: Double
    /// Whether the scene-text recogniser read exactly the proposal; nil when it did not read the word.
    public var recogniserAgrees: Bool?
    /// Whether Tesseract's best reading is exactly the proposal.
    public var tesseractAgrees: Bool
    /// The share of Tesseract's attempts (two text heights, a single line and a single word, binarised) that read the proposal, case aside.
    public var attemptsAgreeing: Double
    /// Whether the language's spelling dictionary knows the proposal; nil without a dictionary.
    public var inDictionary: Bool?
    /// How sure the aim is, 0-1: the aimed word's closeness to the aim point against its rivals'.
    public var aim: Double
    /// How far the aim point is from the middle half of the word's box, in letter heights: 0 when
    /// the learner's aim falls on the word.
    public var aimOffset: Double
    /// How much the proposal looks like a word a learner writes down, 0-1 (`WordShape.plausibility`).
    public var shape: Double
    /// Letter height in pixels of the recognised picture.
    public var textHeight: Double
    /// How many letters the reading has.
    public var letters: Int

    /// The names of `fields`, in order.
    public static let fieldNames = ["route", "reading", "recogniser", "tesseract", "attempts", "dictionary", "aim", "offset", "shape", "height", "letters"]

    /// The evidence as text: yes and no as 1 and 0, unknown as an empty field.
    public var fields: [String] {
        func flag(_ value: Bool?) -> String { value.map { $0 ? "1" : "0" } ?? "" }
        func number(_ value: Double) -> String { String(format: "%.4f", value) }
        return [
            route.rawValue, number(reading), flag(recogniserAgrees), flag(tesseractAgrees), number(attemptsAgreeing),
            flag(inDictionary), number(aim), number(aimOffset), number(shape), number(textHeight), String(letters),
        ]
    }

    public init(
        route: Route, reading: Double, recogniserAgrees: Bool?, tesseractAgrees: Bool, attemptsAgreeing: Double,
        inDictionary: Bool?, aim: Double, aimOffset: Double, shape: Double, textHeight: Double,
        letters: Int
    ) {
        self.route = route
        self.reading = reading
        self.recogniserAgrees = recogniserAgrees
        self.tesseractAgrees = tesseractAgrees
        self.attemptsAgreeing = attemptsAgreeing
        self.inDictionary = inDictionary
        self.aim = aim
        self.aimOffset = aimOffset
        self.shape = shape
        self.textHeight = textHeight
        self.letters = letters
    }
}
