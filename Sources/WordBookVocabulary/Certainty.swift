/// How sure a proposal's confidence says the reader is.
public enum Certainty {
    /// Below this confidence a proposal is a guess: calibrated, it is right less than half the time
    /// (docs/recognition.md, How sure a proposal is).
    public static let sureFrom = 50
    /// From this confidence a proposal is very sure: calibrated, it is right 98 times in 100 over
    /// every dev set (docs/recognition.md, How sure a proposal is).
    public static let verySureFrom = 90
}
