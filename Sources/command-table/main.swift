import CommandTable
import Foundation

// command-table TABLE-FILE
// Prints the Swift that the command table declares (`make generate`).

/// Writes `text` to standard error and ends with `status`.
func fail(_ text: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(text.utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 else { fail("usage: command-table TABLE-FILE\n", status: 2) }
let path = arguments[0]
let text: String
do {
    text = try String(contentsOfFile: path, encoding: .utf8)
} catch {
    fail("command-table: cannot read \(path): \(error.localizedDescription)\n", status: 1)
}
do {
    let table = try CommandTable(parsing: text)
    var options = SwiftCommands.Options()
    options.sourceName = URL(fileURLWithPath: path).lastPathComponent
    print(try SwiftCommands(table: table, options: options).source(), terminator: "")
} catch {
    fail("command-table: \(path): \(error)\n", status: 1)
}
