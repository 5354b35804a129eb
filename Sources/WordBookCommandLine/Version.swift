/// The version both executables report with --version.
public enum WordBookVersion {
    public static let current = "0.5.0"
}
