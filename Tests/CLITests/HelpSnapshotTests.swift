import Foundation
import TestScratch
import Testing

/// The exact `--help` text of every command and subcommand, against the saved copy in
/// `Snapshots/`, and the exit codes of help (0) and of an unknown option (2, an error
/// on standard error). Set `BGSIM_UPDATE_SNAPSHOTS=1` to write the copies anew after a
/// deliberate change, then review the diff.
@Suite struct HelpSnapshotTests {
  static let commands: [[String]] = [
    [], ["run"], ["merge"], ["report"], ["trace"], ["explain"], ["calibrate"], ["fit"], ["fit-persona"],
    ["advise"], ["coverage"], ["summarize"],
    ["validate"],
    ["convert-aware"], ["bench"], ["bench", "hold"], ["bench", "decisions"], ["bench", "devices"],
    ["bench", "phone"],
  ]

  static var snapshots: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  }

  static func snapshotName(_ command: [String]) -> String {
    "help-" + (command.isEmpty ? "bgsim" : command.joined(separator: "-")) + ".txt"
  }

  @Test(arguments: commands)
  func helpTextIsAsSaved(_ command: [String]) throws {
    let outcome = try BGSimBinary.run(command + ["--help"], environment: ["COLUMNS": "80"])
    #expect(outcome.status == 0)
    // `--jobs` defaults to this machine's cores: saved as a placeholder.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let help = outcome.standardOutput.replacingOccurrences(
      of: "depend on it.\n                          (default: \(cores))",
      with: "depend on it.\n                          (default: CORES)")
    let file = Self.snapshots.appendingPathComponent(Self.snapshotName(command))
    if ProcessInfo.processInfo.environment["BGSIM_UPDATE_SNAPSHOTS"] != nil {
      try help.write(to: file, atomically: true, encoding: .utf8)
    }
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(help == saved, "bgsim \(command.joined(separator: " ")) --help changed")
  }

  @Test(arguments: commands)
  func anUnknownOptionExitsWithTwo(_ command: [String]) throws {
    let outcome = try BGSimBinary.run(command + ["--no-such-option"], environment: ["COLUMNS": "80"])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    // One line, naming the command whose --help says more.
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.standardError)")
    #expect(outcome.standardError.hasPrefix("bgsim: "), "\(outcome.standardError)")
    let name = (["bgsim"] + command).joined(separator: " ")
    #expect(outcome.standardError.hasSuffix("(see '\(name) --help')\n"), "\(outcome.standardError)")
  }
}
