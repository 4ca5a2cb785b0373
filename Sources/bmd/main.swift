import Glibc
import MorningDaemon

exit(BmdProcess.main(Array(CommandLine.arguments.dropFirst())))
