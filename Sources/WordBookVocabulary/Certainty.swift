/// How sure a proposal's confidence says the reader is.
public enum Certainty {
    /// Below this confidence a proposal is a guess: calibrated, it is right less than half the time
    /// (docs/recognition.md, How sure a proposal is).
    public static let sureFrom = 50
}
