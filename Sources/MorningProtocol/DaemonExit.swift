/// Exit statuses of bmd that bmctl acts on.
public enum DaemonExit {
    /// Another bmd already runs for the same state folder. A client that started this bmd
    /// at the same moment as others waits for that one to listen instead of failing.
    public static let alreadyRunning: Int32 = 75
}
