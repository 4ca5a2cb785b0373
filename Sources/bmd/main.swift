import Glibc
import MorningDaemon

exit(Daemon.main(Array(CommandLine.arguments.dropFirst())))
