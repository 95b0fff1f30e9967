import DeviceModel
import Dispatch
import Foundation
import Randomness
import Synchronization

extension SummaryTables {
  /// Whether a time [ms from the start] falls in the first `warmupDays` days.
  static func inWarmup(milliseconds: Int64, _ warmupDays: Int) -> Bool {
    milliseconds < Int64(warmupDays) * 86_400_000
  }

  /// Reads days and launches rows (files with or without a header line).
  ///
  /// Rows come owner by owner, so the owner's counts and the (cell, arm) bucket are
  /// looked up once per run of rows with the same leading fields, taken out, updated in
  /// row order, and put back: the same sums in the same order as one lookup per row.
  /// Pooled values are also appended to `spill`, by group (``group(cell:arm:arms:_:)``,
  /// with the arms of `arms` in order).
  static func read(
    days dayFiles: [String], launches launchFiles: [String], headers: Bool, arms: [String],
    warmupDays: Int, spill: PooledValueSpill
  ) throws(UserError) -> Partial {
    var p = Partial()
    var run = OwnerRun(arms: arms)
    // The columns read, by name.
    let warmup = CSVSchema.days.index("warmup")
    let energy = CSVSchema.days.index("energy_mwh")
    let dayLaunches = ["launches_refresh", "launches_processing", "launches_other"].map(CSVSchema.days.index)
    let staleness = CSVSchema.days.index("staleness_median_s")
    let launchedAt = CSVSchema.launches.index("launched_at_s")
    let launchedAtISO = CSVSchema.launches.index("launched_at_iso")
    let charging = CSVSchema.launches.index("charging")
    let outcome = CSVSchema.launches.index("outcome")
    let delay = CSVSchema.launches.index("delay_after_earliest_s")
    for file in dayFiles {
      var days = try CSVReader(path: file, header: headers)
      while days.next() {
        guard !days.equals(warmup, "1") else { continue }
        run.enter(days, into: &p)
        run.counts.days += 1
        run.counts.energy += days.double(energy) ?? 0
        let launched = Double(dayLaunches.reduce(0) { $0 + days.int($1) })
        run.counts.dayLaunches += launched
        run.counts.dayLaunchSquares += launched * launched
        if let s = days.milliseconds(staleness) {
          run.bucket.staleness.add(s)
          if let g = run.group { spill.append(group: g + 1, milliseconds: s) }
        }
      }
      run.leave(into: &p)
    }
    for file in launchFiles {
      var launches = try CSVReader(path: file, header: headers)
      while launches.next() {
        // Never launched, or launched in the warm-up days.
        guard let at = launches.milliseconds(launchedAt), !inWarmup(milliseconds: at, warmupDays) else {
          continue
        }
        run.enter(launches, into: &p)
        run.counts.launched += 1
        if launches.equals(charging, "1") { run.counts.charging += 1 }
        if launches.equals(outcome, "completed") { run.counts.completed += 1 }
        if launches.equals(outcome, "expired") { run.counts.expired += 1 }
        if let d = launches.milliseconds(delay) {
          run.bucket.delays.add(d)
          if let g = run.group { spill.append(group: g, milliseconds: d) }
        }
        if let h = launches.isoHour(launchedAtISO), (0..<24).contains(h) { run.bucket.hours[h] += 1 }
      }
      run.leave(into: &p)
    }
    try spill.finish()
    return p
  }

  /// The owner (`cell, arm, replication, device`, the first four fields) whose rows are
  /// being read, with its counts and its (cell, arm) bucket taken out of the tables.
  struct OwnerRun {
    /// Index of each arm of the experiment.
    let arms: [String: Int]
    let armCount: Int
    /// The spill group of the owner's delays (its staleness is the next one); nil for an
    /// arm the experiment does not have.
    var group: Int32?
    var fields: (starts: [Int], ends: [Int]) = ([], [])
    var owner: String?
    var counts = Counts()
    var bucketKey = ""
    var bucket = Bucket()

    init(arms: [String]) {
      self.arms = Dictionary(arms.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      armCount = arms.count
    }

    mutating func enter(_ row: CSVReader, into p: inout Partial) {
      if owner != nil, row.sameFields(4, as: fields) { return }
      leave(into: &p)
      let cell = row.int(0)
      let arm = row.text(1)
      let key = "\(cell)|\(arm)|\(row.int(2))|\(row.int(3))"
      owner = key
      group = arms[arm].map { SummaryTables.group(cell: cell, arm: $0, arms: armCount, .delayAfterEarliest) }
      counts = p.counts[key] ?? Counts()
      bucketKey = "\(cell)|\(arm)"
      bucket = p.buckets.removeValue(forKey: bucketKey) ?? Bucket()
      fields = row.fields
    }

    mutating func leave(into p: inout Partial) {
      guard let key = owner else { return }
      p.counts[key] = counts
      p.buckets[bucketKey] = bucket
      bucket = Bucket()
      owner = nil
    }
  }
}
