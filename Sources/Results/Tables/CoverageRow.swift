import FileFormats
import Randomness

/// One interval's coverage over the runs of a coverage study (`bgsim coverage`), a row
/// of `coverage.csv`.
public struct CoverageRow: Sendable {
  /// The reference run's interval: what is checked (cell, arm, app, metric,
  /// statistic), and its estimate, taken as the truth.
  public let reference: SummaryInterval
  /// Runs whose interval was defined, and those of them that held the reference.
  public let runs: Int
  public let covered: Int
  /// Runs whose whole interval lay above the reference (it was too high), or below.
  public let missedHigh: Int
  public let missedLow: Int
  /// The counts of runs that a true coverage inside the study's band gives with
  /// probability 99.9 % (one-sided at each end; ``acceptedCounts(runs:band:)``).
  public let band: ClosedRange<Int>

  public init(
    reference: SummaryInterval, runs: Int, covered: Int, missedHigh: Int, missedLow: Int,
    band: ClosedRange<Int>
  ) {
    (self.reference, self.runs, self.covered, self.missedHigh, self.missedLow, self.band) = (
      reference, runs, covered, missedHigh, missedLow, band
    )
  }

  public var coverage: Double { runs > 0 ? Double(covered) / Double(runs) : .nan }
  public var inBand: Bool { runs > 0 && band.contains(covered) }

  /// The counts of covering runs out of `runs` consistent with a true coverage in
  /// `band`: from the 0.1 % quantile of Binomial(runs, lower) to the 99.9 % quantile of
  /// Binomial(runs, upper). Only the number of runs sets it.
  public static func acceptedCounts(runs: Int, band: ClosedRange<Double>) -> ClosedRange<Int> {
    let low = Statistics.binomialQuantile(0.001, trials: runs, p: band.lowerBound)
    let high = Statistics.binomialQuantile(0.999, trials: runs, p: band.upperBound)
    return low...max(low, high)
  }

  /// Writes `rows` as `coverage.csv` at `path`.
  public static func write(_ rows: [CoverageRow], to path: String) throws(UserError) {
    let file = try AtomicFileWriter(path: path)
    file.write(CSVSchema.coverage.header)
    for r in rows {
      let t = r.reference
      let fields = [
        String(t.cell), t.kind.rawValue, CSVField.quoted(t.arm), CSVField.quoted(t.app), t.metric,
        t.statistic,
        CSVNumber.format(t.estimate, digits: 6), String(r.runs), String(r.covered),
        String(r.missedHigh), String(r.missedLow),
        r.runs > 0 ? CSVNumber.format(r.coverage, digits: 4) : "", String(r.band.lowerBound),
        String(r.band.upperBound), r.inBand ? "1" : "0",
      ]
      file.write(fields.joined(separator: ",") + "\n")
    }
    try file.commit()
  }
}
