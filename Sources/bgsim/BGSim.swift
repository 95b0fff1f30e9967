import ArgumentParser
import Experiments
import Foundation

/// The `bgsim` command: it parses arguments and calls the Experiments target.
@main
struct BGSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bgsim",
    abstract:
      "Simulate when iOS runs background tasks: refresh versus processing, over many days and phones.",
    version: "0.1.0",
    subcommands: [
      Run.self, Merge.self, Report.self, Trace.self, Explain.self, Calibrate.self, Validate.self,
      ConvertAware.self,
      Bench.self,
    ]
  )

  /// Runs the command. Usage errors exit with code 2 (not ArgumentParser's 64), so
  /// scripts can tell bad input from a failed run.
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
        let message = fullMessage(for: error)
        FileHandleOutput.standardError(message)
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
