import ArgumentParser
import Experiments

/// The options that override an experiment file's size and seed, shared by `run` and
/// `advise`.
struct ExperimentOverrides: ParsableArguments {
  @Option(help: "Override the simulated days.") var days: Int?
  @Option(help: "Override the number of owners.") var devices: Int?
  @Option(help: "Override the replications.") var replications: Int?
  @Option(help: "Override the master seed.") var seed: UInt64?
  @Option(
    help: ArgumentHelp(
      "Override the warm-up left out of the summary: a number of days, or auto (read by the MSER rule from a pilot of the run).",
      valueName: "days|auto"))
  var warmupDays: String?

  /// `request` with these overrides and the process's command line.
  func applied(to request: RunRequest) -> RunRequest {
    var r = request
    r.days = days
    r.devices = devices
    r.replications = replications
    r.seed = seed
    r.warmupDays = warmupDays
    r.commandLine = CommandLine.arguments
    return r
  }
}
