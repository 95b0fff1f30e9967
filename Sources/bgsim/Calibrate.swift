import ArgumentParser
import Calibration
import FileFormats
import Foundation
import Results

/// `bgsim calibrate`: the validation scorecard.
struct Calibrate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract:
      "Run the validation suite and print the scorecard: each report beside the simulated owners.",
    discussion: """
      Each case in --suite (default experiments/validation) mimics one field report. A fleet case (test: \
      fleet) prints its figure over all owners with a 95 % interval (owners resampled) beside the band; a \
      case about one real phone (test: one_phone) is one draw from the population and is in band when the \
      real figure (a point, or a reported range's reading or both its ends) lies inside the owners' own \
      p5–p95; every case prints the typical (median) owner and the owners' p5–p95 with its width where \
      one owner has the figure alone. A width of 0 is out unless the case says its report shows no \
      variation. A case whose verdict another sample of owners could turn is marked at the edge: a \
      fleet figure's interval reaching across an end of its band, or a real figure inside the 95 % \
      interval of p5 or p95 (owners resampled). Each case is \
      fitted (a constant was read from it) or held. Writes scorecard.csv to --out and ends with \
      in_band=N of M, the fitted and held counts and the cases at the edge. Exits with 1 when N is \
      below --minimum-in-band, 2 on bad input.
      """
  )

  @Option(help: "The folder of validation cases (*.yaml).") var suite = "experiments/validation"
  @Option(help: "Output folder for scorecard.csv.") var out = "notebooks-data/calibration"
  @Option(help: "Override every case's number of owners (≥ 2).") var owners: Int?
  @Option(name: .customLong("case"), help: "Run only this case (by its name, e.g. P5; repeatable).")
  var cases: [String] = []
  @Option(help: "Parallel jobs; the scorecard does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Option(help: "Exit with 1 if fewer cases than this are in band.") var minimumInBand: Int?
  @Flag(help: "No progress bar.") var quiet = false

  func validate() throws {
    if let owners, owners < 2 { throw ValidationError("--owners must be at least 2 (got \(owners))") }
    if owners ?? 0 > 10_000 { throw ValidationError("--owners must be at most 10000") }
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be 1…1024 (got \(jobs))") }
  }

  func run() throws {
    var all = try ValidationCase.select(cases, from: ValidationCase.loadAll(folder: suite), suite: suite)
    if let owners { for i in all.indices { all[i].owners = owners } }
    // The folder is checked before the cases run, so a bad --out fails at once.
    try OutputFolder.prepare(directory: out)
    let bar = SharedProgress(label: "calibrate", quiet: quiet)
    let rows = Scorecard.run(all, jobs: jobs) { bar.update(done: $0, total: $1, unit: "cases") }
    print("wrote \(try Scorecard.write(rows, in: out))")
    print(Scorecard.text(rows), terminator: "")
    if let minimumInBand, Scorecard.inBand(rows) < minimumInBand {
      FileHandle.standardError.write(
        Data("calibrate: \(Scorecard.inBand(rows)) cases in band, below the recorded \(minimumInBand)\n".utf8)
      )
      throw ExitCode(1)
    }
  }
}
