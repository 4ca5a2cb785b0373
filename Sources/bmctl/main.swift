import Glibc
import MorningControl

exit(BMCtlMain.run(Array(CommandLine.arguments.dropFirst())))
