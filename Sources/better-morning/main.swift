import Glibc
import MorningProtocol
import MorningWindow

// The window for the desktop; everything it does is in MorningWindow. bmd's socket is
// where bmctl looks for it.
let path = SocketPath.resolve(option: nil) { name in getenv(name).map { String(cString: $0) } }
exit(WindowApp.run(argc: CommandLine.argc, argv: CommandLine.unsafeArgv, connector: BmdLink.socket(at: path)))
