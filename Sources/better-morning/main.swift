import Glibc
import MorningWindow

// The window for the desktop; everything it does is in MorningWindow.
// bmd is started, when none answers, by the first connection only, made off the main
// thread; later ones (after bmd stopped) only connect.
exit(WindowApp.run(argc: CommandLine.argc, argv: CommandLine.unsafeArgv,
                   connector: WindowClient.connector(), starter: WindowClient.starter()))
