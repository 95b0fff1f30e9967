import Dispatch
import FileFormats
import Foundation
import Randomness
import Synchronization

extension SummaryTables {
  static func number(_ x: Double) -> String { x.isFinite ? CSVNumber.format(x, digits: 6) : "" }

  /// One row of summary.csv, with its line end.
  static func summaryLine(_ r: Row, plan: SummaryPlan) -> String {
    let fields = [
      String(r.cell) + plan.sweepFields(cell: r.cell), r.kind.rawValue, r.arm, r.metric.rawValue, r.unit,
      String(r.n), String(r.observations), Self.number(r.mean), Self.number(r.sd), Self.number(r.low),
      Self.number(r.high), Self.number(r.median), Self.number(r.medianLow), Self.number(r.medianHigh),
      Self.number(r.p10), Self.number(r.p90), r.pValue.map(Self.number) ?? "", r.pHolm.map(Self.number) ?? "",
    ]
    return fields.joined(separator: ",") + "\n"
  }

  /// One row of hypotheses.csv, with its line end.
  static func hypothesisLine(_ v: Verdict, plan: SummaryPlan) -> String {
    var buffer = CSVBuffer(capacity: 128)
    buffer.field(v.hypothesis)
    return
      "\(v.cell)\(plan.sweepFields(cell: v.cell)),\(String(decoding: buffer.bytes, as: UTF8.self)),"
      + "\(Self.number(v.estimate)),\(Self.number(v.low)),\(Self.number(v.high)),"
      + "\(v.pValue.map(Self.number) ?? ""),\(v.pHolm.map(Self.number) ?? ""),"
      + "\(v.result.rawValue),\(v.ownersNeeded.map(String.init) ?? "")\n"
  }

  /// Writes summary.csv, hour_of_day.csv and hypotheses.csv, committed by `commits` when
  /// given (in the background, in that order), else before returning.
  func write(
    directory: String, buckets: [ArmKey: Bucket], plan: SummaryPlan, commits: DeferredCommits? = nil
  )
    throws(UserError)
  {
    var finished: [AtomicFileWriter.Finished] = []
    func commit(_ writer: AtomicFileWriter) throws(UserError) {
      if commits == nil { try writer.commit() } else { finished.append(try writer.finish()) }
    }
    defer { commits?.commit(finished) }
    let dir = URL(fileURLWithPath: directory)
    let summary = try AtomicFileWriter(path: dir.appendingPathComponent("summary.csv").path)
    // Every row starts with its cell and the cell's swept values (``ExperimentSpec/sweepKeys``).
    func cell(_ c: Int) -> String { String(c) + plan.sweepFields(cell: c) }
    summary.write(plan.layout(.summary).header)
    for r in rows { summary.write(Self.summaryLine(r, plan: plan)) }
    try commit(summary)
    let hours = try AtomicFileWriter(path: dir.appendingPathComponent("hour_of_day.csv").path)
    hours.write(plan.layout(.hourOfDay).header)
    for c in plan.cells {
      for arm in plan.arms {
        let b = buckets[ArmKey(cell: c, arm: arm)]
        for h in 0..<24 {
          hours.write("\(cell(c)),\(CSVField.quoted(arm)),\(h),\(b?.hours[h] ?? 0)\n")
        }
      }
    }
    try commit(hours)
    let probability = try AtomicFileWriter(
      path: dir.appendingPathComponent(CSVSchema.launchProbabilityByHour.file).path)
    probability.write(plan.layout(.launchProbabilityByHour).header)
    for c in plan.cells {
      for arm in plan.arms {
        let b = buckets[ArmKey(cell: c, arm: arm)] ?? Bucket()
        for h in 0..<24 {
          let pool = b.hourShares[h]
          let ci = Statistics.shareInterval(
            mean: pool.mean(unitsPerValue: OwnerFigures.unitsPerValue),
            variance: pool.variance(unitsPerValue: OwnerFigures.unitsPerValue), count: pool.count)
          probability.write(
            "\(cell(c)),\(CSVField.quoted(arm)),\(h),\(pool.count),\(Self.number(ci.estimate)),"
              + "\(Self.number(ci.lower)),\(Self.number(ci.upper))\n")
        }
      }
    }
    try commit(probability)
    let hyp = try AtomicFileWriter(path: dir.appendingPathComponent("hypotheses.csv").path)
    hyp.write(plan.layout(.hypotheses).header)
    for v in verdicts { hyp.write(Self.hypothesisLine(v, plan: plan)) }
    try commit(hyp)
  }
}
