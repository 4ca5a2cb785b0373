// The words bmctl shares with the window (MorningText, Weekday), for every file of bmctl.
@_exported import MorningWords
