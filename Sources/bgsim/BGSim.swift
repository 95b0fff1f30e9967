import ArgumentParser
import Calibration
import Experiments
import FileFormats
import Foundation
import Randomness

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
      Advise.self, Coverage.self, Summarize.self,
      Validate.self,
      ConvertAware.self,
      Bench.self,
    ]
  )

  /// Runs the command. Usage errors exit with code 2 (not ArgumentParser's 64), so
  /// scripts can tell bad input from a failed run, and print one line with a pointer to
  /// `--help` rather than the whole usage text.
  static func main() {
    // GSL aborts the process on any error unless told otherwise; bgsim reads its
    // return values instead.
    prepareGSL()
    do {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if let negative = negativeValue(in: arguments) {
        let least = leastValue(of: negative.option, in: arguments, replacing: negative.value)
        FileHandleOutput.standardError(
          oneLine("\(negative.option) \(negative.value) is negative; give a number of \(least) or more"))
        Foundation.exit(2)
      }
      if let first = arguments.first, let hint = unknownCommandHint(first) {
        FileHandleOutput.standardError(oneLine("unknown command '\(first)'\(hint)"))
        Foundation.exit(2)
      }
      var command = try parseAsRoot(arguments)
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

  /// The least value `option` takes, as its own check says: the command line with the
  /// negative value replaced by 0 either parses (0) or is refused as "OPTION must be at
  /// least N" (N), so the message never offers a value the option then refuses.
  static func leastValue(of option: String, in arguments: [String], replacing value: String) -> String {
    let zeroed = arguments.map { argument in
      argument == value ? "0" : argument == "\(option)=\(value)" ? "\(option)=0" : argument
    }
    do {
      _ = try parseAsRoot(zeroed)
      return "0"
    } catch {
      let text = message(for: error)
      guard let range = text.range(of: "\(option) must be at least ") else { return "0" }
      return String(text[range.upperBound...].prefix { $0.isNumber })
    }
  }

  /// For a first word that is no command (`bgsim runn`), the nearest command's name
  /// (`; did you mean 'run'?`) or the list; nil for a command, an option or a file.
  static func unknownCommandHint(_ word: String) -> String? {
    let names = configuration.subcommands.map { $0._commandName }
    guard !word.hasPrefix("-"), !names.contains(word), word != "help", !word.contains("/"),
      !word.contains(".")
    else {
      return nil
    }
    let near = NearestName.hint(word, among: names)
    return near.isEmpty ? "; the commands are \(names.joined(separator: ", "))" : near
  }

  /// Options whose value may be below zero (hours east or west of UTC).
  static let signedOptions: Set = ["--utc-offset"]

  /// The first option given a negative number (`--devices -1` or `--devices=-1`): every
  /// number bgsim takes but ``signedOptions`` counts something or names one of many, so
  /// a sign is a mistake, said as such. (Without this, `--devices -1` read `-1` as an
  /// option and said the value was missing.)
  static func negativeValue(in arguments: [String]) -> (option: String, value: String)? {
    func isNegativeNumber(_ text: Substring) -> Bool {
      text.hasPrefix("-") && text.count > 1 && Double(text) != nil
    }
    for (i, argument) in arguments.enumerated() where argument.hasPrefix("--") {
      let parts = argument.split(separator: "=", maxSplits: 1)
      let option = String(parts[0])
      guard !signedOptions.contains(option) else { continue }
      if parts.count == 2, isNegativeNumber(parts[1]) { return (option, String(parts[1])) }
      if parts.count == 1, i + 1 < arguments.count, isNegativeNumber(arguments[i + 1][...]) {
        return (option, arguments[i + 1])
      }
    }
    return nil
  }
}
