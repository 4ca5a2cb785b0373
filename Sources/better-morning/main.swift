import Glibc
import MorningWindow

// The window for the desktop; everything it does is in MorningWindow.
exit(WindowApp.run(argc: CommandLine.argc, argv: CommandLine.unsafeArgv, connector: WindowClient.connector()))
