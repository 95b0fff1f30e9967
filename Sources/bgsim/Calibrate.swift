import ArgumentParser
import Experiments

/// `bgsim calibrate`: the field reports beside the simulated figures.
struct Calibrate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the field-report scenarios and print each simulated figure beside the reported one.",
    discussion:
      "The scenarios are experiments/scenarios/field-*.yaml; the calibration notes discuss the gaps."
  )

  @Option(help: "Owners simulated per scenario (≥ 1).")
  var devices = 10

  @Option(help: "The folder that holds the field-*.yaml scenarios.")
  var scenarios = "experiments/scenarios"

  @Flag(help: "No progress bar.")
  var quiet = false

  func validate() throws {
    guard devices >= 1 else { throw ValidationError("--devices must be at least 1 (got \(devices))") }
  }

  func run() throws {
    let bar = ProgressBar(label: "calibrate", quiet: quiet)
    let reports = try FieldReports.run(folder: scenarios, devices: devices) {
      bar.update(done: $0, total: $1, unit: "scenarios")
    }
    for r in reports {
      print(r.file)
      print("  reported:  \(r.reported)")
      print("  simulated: \(r.figure)")
    }
  }
}
