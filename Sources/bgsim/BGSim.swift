import ArgumentParser
import Calibration
import Experiments
import FileFormats
import Foundation
import Report
import Results

/// The `bgsim` command: it parses arguments and calls the Experiments target.
@main
struct BGSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bgsim",
    abstract:
      "Simulate when iOS runs background tasks: refresh versus processing, over many days and phones.",
    version: BGSimVersion.text,
    subcommands: [
      Run.self, Merge.self, Report.self, Trace.self, Explain.self, Calibrate.self, Fit.self, FitPersona.self,
      Advise.self,
      Validate.self,
      ConvertAware.self,
      Bench.self,
    ]
  )

  /// Runs the command. Usage errors exit with code 2 (not ArgumentParser's 64), so
  /// scripts can tell bad input from a failed run, and print one line with a pointer to
  /// `--help` rather than the whole usage text.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if let problem = error as? UserError {
        FileHandleOutput.standardError("bgsim: \(problem.message)")
        Foundation.exit(2)
      }
      let code = exitCode(for: error)
      if code == .validationFailure {
        FileHandleOutput.standardError(oneLine(message(for: error)))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }

  /// An argument error as one line: `bgsim: MESSAGE (see 'bgsim COMMAND --help')`.
  static func oneLine(_ message: String) -> String {
    // The command and subcommand named on the command line, as far as they exist.
    var path: [String] = []
    var level: [any ParsableCommand.Type] = configuration.subcommands
    for argument in CommandLine.arguments.dropFirst() {
      guard let next = level.first(where: { $0._commandName == argument }) else { break }
      path.append(argument)
      level = next.configuration.subcommands
    }
    let command = path.isEmpty ? nil : path.joined(separator: " ")
    let text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }.joined(separator: " ")
    let stripped = text.hasPrefix("Error: ") ? String(text.dropFirst("Error: ".count)) : text
    return "bgsim: \(stripped) (see 'bgsim\(command.map { " " + $0 } ?? "") --help')"
  }
}
