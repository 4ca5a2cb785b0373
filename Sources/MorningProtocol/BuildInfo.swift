/// The program's version, shown by GetInfo and by `--version` of bmd and bmctl.
public enum BuildInfo {
    public static let version = "0.2.0"
}
