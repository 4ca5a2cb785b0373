import MorningProtocol

/// The welcome: what Better Morning is, in five short parts.
enum WelcomeText {
    static func render(style: Style) -> String {
        """
        \(style.bold("Welcome to Better Morning"))

          1. Famous routines. Follow the morning of someone well known, each with the
             book or article it comes from:  bmctl explore
          2. Your own routine. Write one, up to \(Morning.taskLimit) tasks on a five-minute grid:
             bmctl create
          3. One reminder a day, at your routine's first task, on your desktop.
             Check it works:  bmctl notifications test
          4. Progress you can see: check tasks off as you go, then look back week by
             week:  bmctl data
          5. Start now: pick a routine with  bmctl activate NAME  — it begins tomorrow.

        (This shows once; `bmctl welcome` shows it again.)


        """
    }
}
