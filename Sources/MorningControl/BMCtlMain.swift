import ArgumentParser

/// bmctl's entry point: parses the arguments, runs the command, and returns the exit status.
public enum BMCtlMain {
    /// Runs bmctl with `arguments` (without the program name) in this process.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, context: .live())
    }

    /// Runs bmctl with `arguments` in `context`; every byte of output goes to `context.console`.
    public static func run(_ arguments: [String], context: Context) -> Int32 {
        // A line that starts with a command word (`status`) is not looked at twice.
        if arguments.first?.hasPrefix("-") ?? true, let request = AppRequest.request(arguments) {
            return execute(request, context: context)
        }
        if let request = QuickLine.request(arguments) { return execute(request, context: context) }
        if let unknown = CommandNames.unknown(in: arguments) {
            context.console.complain("bmctl: \(unknown.message)\n", hanging: "bmctl: ".count)
            return unknown.status.rawValue
        }
        if arguments == ["--generate-completion-script", "bash"] || arguments == ["--generate-completion-script=bash"] {
            context.console.write(BMCtl.completionScript(for: .bash) + Completions.bashListsWhole)
            return ExitStatus.success.rawValue
        }
        if arguments == ["--generate-completion-script", "zsh"] || arguments == ["--generate-completion-script=zsh"] {
            // As ArgumentParser prints it: a line of its own.
            context.console.write(Completions.zshListNamesRepaired(BMCtl.completionScript(for: .zsh)) + "\n")
            return ExitStatus.success.rawValue
        }
        let arguments = ArgumentOrder.hoistingGlobalOptions(arguments, commands: BMCtl.commandNames)
        var parsed: ParsableCommand
        do {
            // Completing asks bmd through this run's context.
            parsed = try Completions.$current.withValue(Completions.Running(context: context)) { try BMCtl.parseAsRoot(arguments) }
        } catch {
            return report(parsingError: error, console: context.console)
        }
        guard let command = parsed as? any ControlCommand else {
            // `bmctl`, `bmctl help …`: ArgumentParser's own commands only print help.
            do {
                try parsed.run()
                return ExitStatus.success.rawValue
            } catch {
                return report(parsingError: error, console: context.console)
            }
        }
        return execute(command.request, context: context)
    }

    /// Runs a request: the welcome first when it is due, then the request.
    private static func execute(_ request: any Request, context: Context) -> Int32 {
        do {
            let session = Session(globals: request.globals, context: context)
            // The app shows the welcome itself, and so does `welcome`.
            if !(request is WelcomeRequest || request is AppRequest) { WelcomeRequest.offerOnce(in: session) }
            try request.execute(in: session)
            return ExitStatus.success.rawValue
        } catch {
            context.console.complain("bmctl: \(error.message)\n", hanging: "bmctl: ".count)
            return error.status.rawValue
        }
    }

    /// Prints ArgumentParser's help or usage error and returns 0 for help, 2 for any error.
    ///
    /// ArgumentParser exits 64 (EX_USAGE) on usage errors; the scripting contract says 2.
    private static func report(parsingError error: any Error, console: Console) -> Int32 {
        let text = BMCtl.fullMessage(for: error)
        if BMCtl.exitCode(for: error) == .success {
            console.write(text.hasSuffix("\n") ? text : text + "\n")
            return ExitStatus.success.rawValue
        }
        console.writeError(text.hasSuffix("\n") ? text : text + "\n")
        return ExitStatus.usage.rawValue
    }
}
