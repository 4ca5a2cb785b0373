import CommandTable

#if canImport(Glibc)
import Glibc
#endif

// command-table TABLE-FILE
// Prints the Swift that the command table declares (`make generate`).

/// Writes `text` to standard error.
func complain(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 else {
    complain("usage: command-table TABLE-FILE\n")
    exit(2)
}
let path = arguments[0]
guard let file = fopen(path, "r") else {
    complain("command-table: cannot open \(path): \(String(cString: strerror(errno)))\n")
    exit(1)
}
var bytes: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65_536)
while true {
    let n = fread(&chunk, 1, chunk.count, file)
    if n == 0 { break }
    bytes += chunk[..<n]
}
fclose(file)
do {
    let table = try CommandTable(parsing: String(decoding: bytes, as: UTF8.self))
    var options = SwiftCommands.Options()
    options.sourceName = path.split(separator: "/").last.map(String.init) ?? path
    print(try SwiftCommands(table: table, options: options).source(), terminator: "")
} catch {
    complain("command-table: \(path): \(error)\n")
    exit(1)
}
