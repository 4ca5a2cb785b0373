import Foundation
import MorningDaemon

exit(await Daemon.main(Array(CommandLine.arguments.dropFirst())))
