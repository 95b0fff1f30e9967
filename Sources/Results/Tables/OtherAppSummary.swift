import Dispatch
import FileFormats
import Foundation
import Randomness
import Synchronization

/// `other_app_summary.csv`: what the owner's other apps did, per sweep cell, arm and
/// app, as means over owners with 95 % intervals, and the paired differences between
/// arms (the other apps are the same in every arm, so a difference is what the app
/// under study's strategy did to them). Computed from `other_apps.csv` alone, so merged
/// shards give the same bytes as one run; the owners are the units, as in
/// `summary.csv` (the replications, in a run with a posterior sample).
public struct OtherAppSummary: Sendable {
  public struct Row: Sendable, Equatable {
    public let cell: Int
    public let kind: SummaryRowKind
    /// The arm, or `A vs B` for the difference A − B.
    public let arm: String
    /// The app's bundle, or ``allApps`` for the sum over the owner's other apps.
    public let app: String
    public let metric: OtherAppMetric
    /// The units behind the interval (owners, or replications).
    public let n: Int
    public let unit: String
    public let mean: Double
    public let sd: Double
    public let low: Double
    public let high: Double
    /// The paired t-test's two-sided p-value (differences only).
    public let pValue: Double?
  }

  /// The metrics, in the order of each app's figures.
  public static let metrics = OtherAppMetric.allCases

  /// The `app` of the rows that sum every other app of an owner.
  public static let allApps = "all_other_apps"

  public let rows: [Row]

  /// The share of owners that may differ from what every one of `owners` showed: an
  /// owner's count per day moves in steps of 1/days, and when all the owners' figures
  /// came out equal, Student's interval is a point that no sample of them can claim.
  /// With none of n owners seen off the common value, the share that is off it lies
  /// below 1 − 0.025^(1/n) with 97.5 % confidence (Clopper and Pearson 1934; about 3.7/n,
  /// the "rule of three" at 95 % one-sided); the interval is then the value ± that share
  /// of one step. Counted metrics only: an energy that is 0 for every owner is a run on
  /// the charger, 0 by construction.
  static func unseenShare(owners n: Int) -> Double { n > 0 ? 1 - pow(0.025, 1 / Double(n)) : .nan }

  /// The summary of `other_apps.csv` in `directory` under `plan`; nil when the run wrote
  /// none (no cell had other apps). With `write`, `other_app_summary.csv` is written too.
  public static func compute(directory: String, plan: SummaryPlan, write: Bool = true) throws(UserError)
    -> OtherAppSummary?
  {
    let path = (directory as NSString).appendingPathComponent(CSVSchema.otherApps.file)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    var sums = Sums(plan: plan)
    try sums.read(path, layout: plan.layout(.otherApps))
    let summary = OtherAppSummary(rows: sums.rows(cells: plan.cells.count))
    if write {
      try summary.write(
        to: (directory as NSString).appendingPathComponent(CSVSchema.otherAppSummary.file), plan)
    }
    return summary
  }

  func write(to path: String, _ plan: SummaryPlan) throws(UserError) {
    let file = try AtomicFileWriter(path: path)
    file.write(plan.layout(.otherAppSummary).header)
    for r in rows {
      var fields = CSVBuffer(capacity: 256)
      fields.field(r.arm)
      fields.comma()
      fields.field(r.app)
      let text = [
        String(r.cell) + plan.sweepFields(cell: r.cell), r.kind.rawValue,
        String(decoding: fields.bytes, as: UTF8.self),
        r.metric.rawValue, r.unit, String(r.n), SummaryTables.number(r.mean), SummaryTables.number(r.sd),
        SummaryTables.number(r.low), SummaryTables.number(r.high), r.pValue.map(SummaryTables.number) ?? "",
      ]
      file.write(text.joined(separator: ",") + "\n")
    }
    try file.commit()
  }
}

extension OtherAppSummary {
  /// The running sums: per (cell, arm or pair, app, metric), Welford's mean and sum of
  /// squared deviations over the units, added in the file's order (so the same file
  /// gives the same bytes).
  struct Sums {
    let plan: SummaryPlan
    var arms: [String] { plan.arms }
    var cells: Int { plan.cells.count }
    var byReplication: Bool { plan.byReplication }
    /// Per group: the units added, their mean and the sum of squared deviations.
    var groups: [Group: (n: Int, mean: Double, m2: Double)] = [:]
    /// Per cell: its apps in the order first read, and the most days an owner's row counts.
    var apps: [Int: [String]] = [:]
    var days: [Int: Int] = [:]
    /// For runs with a posterior sample: per group and replication, the owners' sum and count.
    var byUnit: [Group: [Int: (sum: Double, count: Int)]] = [:]

    struct Group: Hashable {
      let cell: Int
      /// The arm's index, or for a pair i < j: arms.count + i × arms.count + j.
      let arm: Int
      let app: String
      let metric: Int
    }

    /// Per group, while it has at most the owners the bootstrap resamples: their figures.
    var values: [Group: [Double]] = [:]

    init(plan: SummaryPlan) { self.plan = plan }

    mutating func add(_ g: Group, _ x: Double, replication: Int) {
      guard x.isFinite else { return }
      if byReplication {
        byUnit[g, default: [:]][replication, default: (0, 0)].sum += x
        byUnit[g, default: [:]][replication, default: (0, 0)].count += 1
        return
      }
      var s = groups[g] ?? (0, 0, 0)
      s.n += 1
      if s.n <= plan.largestBootstrapOwners { values[g, default: []].append(x) } else { values[g] = nil }
      let d = x - s.mean
      s.mean += d / Double(s.n)
      s.m2 += d * (x - s.mean)
      groups[g] = s
    }

    /// Reads `path` (laid out as `layout`), one owner at a time: an owner's arms are
    /// adjacent (the runner writes each owner's arms in turn).
    mutating func read(_ path: String, layout: CSVSchema) throws(UserError) {
      var reader = try CSVReader(path: path, header: false)
      guard reader.next(), (0..<reader.fieldCount).map(reader.text) == layout.columns else {
        throw UserError(
          "\(path) line 1: the header is not \(layout.columns.joined(separator: ",")); the file is from another experiment or version of bgsim, run the experiment again"
        )
      }
      let column = { (name: String) in layout.index(name) }
      let (armAt, repAt, devAt, appAt, daysAt) = (
        column("arm"), column("replication"), column("device"), column("app"), column("days")
      )
      let valueAt = ["opens", "launches", "suspended", "energy_mwh"].map(column)
      // The current owner (cell, replication, device) and its figures by arm, its apps
      // in the file's order.
      var owner: (cell: Int, replication: Int, device: Int)?
      var figures: [Int: [(app: String, values: [Double])]] = [:]
      func flush(_ s: inout Sums) {
        guard let o = owner else { return }
        s.addOwner(cell: o.cell, replication: o.replication, figures)
        figures = [:]
      }
      while reader.next() {
        guard reader.fieldCount == layout.columns.count else {
          throw UserError(
            "\(path) line \(reader.line): \(reader.fieldCount) fields where the header has \(layout.columns.count); the file is damaged, run the experiment again"
          )
        }
        let cell = try reader.whole(0, "cell", in: 0...max(0, cells - 1), file: path)
        let replication = try reader.whole(repAt, "replication", in: RunRanges.index, file: path)
        let device = try reader.whole(devAt, "device", in: RunRanges.index, file: path)
        let armName = reader.text(armAt)
        guard let arm = arms.firstIndex(of: armName) else {
          throw UserError(
            "\(path) line \(reader.line): arm '\(armName.prefix(40))' is not one of the experiment's (\(arms.joined(separator: ", "))); the file is from another experiment, run it again"
          )
        }
        let app = reader.text(appAt)
        guard !app.isEmpty else {
          throw UserError(
            "\(path) line \(reader.line): app is empty; the file is damaged, run the experiment again")
        }
        let days = try reader.whole(daysAt, "days", in: RunRanges.day, file: path)
        self.days[cell] = max(self.days[cell] ?? 0, days)
        var values: [Double] = []
        for (k, at) in valueAt.enumerated() {
          let v =
            k == 3
            ? try reader.number(at, "energy_mwh", in: 0...1e12, file: path) ?? .nan
            : Double(try reader.whole(at, layout.columns[at], in: RunRanges.count, file: path))
          values.append(days > 0 ? v / Double(days) : .nan)
        }
        if owner.map({ $0 != (cell, replication, device) }) ?? true {
          flush(&self)
          owner = (cell, replication, device)
        }
        if !(apps[cell]?.contains(app) ?? false) { apps[cell, default: []].append(app) }
        guard !(figures[arm]?.contains { $0.app == app } ?? false) else {
          throw UserError(
            "\(path) line \(reader.line): \(app.prefix(60)) appears twice for owner \(device) in arm \(armName.prefix(40)); the file is damaged, run the experiment again"
          )
        }
        figures[arm, default: []].append((app, values))
      }
      flush(&self)
    }

    /// Adds one owner's figures (by arm, then app): each app's, the sum over its apps,
    /// and each pair of arms' differences for the apps present in both.
    mutating func addOwner(cell: Int, replication: Int, _ figures: [Int: [(app: String, values: [Double])]]) {
      // Each arm's apps by bundle, with the sum over them (added in the file's order).
      var byArm: [Int: [String: [Double]]] = [:]
      for (arm, apps) in figures {
        var all = [Double](repeating: 0, count: OtherAppSummary.metrics.count)
        for a in apps {
          byArm[arm, default: [:]][a.app] = a.values
          for m in all.indices { all[m] += a.values[m] }
        }
        byArm[arm]![OtherAppSummary.allApps] = all
      }
      for (arm, apps) in byArm {
        for (app, values) in apps {
          for (m, x) in values.enumerated() {
            add(Group(cell: cell, arm: arm, app: app, metric: m), x, replication: replication)
          }
        }
      }
      for i in arms.indices {
        for j in arms.indices where j > i {
          guard let a = byArm[i], let b = byArm[j] else { continue }
          for (app, x) in a {
            guard let y = b[app] else { continue }
            for m in x.indices {
              add(
                Group(cell: cell, arm: arms.count + i * arms.count + j, app: app, metric: m), x[m] - y[m],
                replication: replication)
            }
          }
        }
      }
    }

    /// The rows, cell by cell: each arm's apps (in the order first read, then the sum),
    /// then each pair's.
    func rows(cells: Int) -> [Row] {
      var final = groups
      for (g, units) in byUnit {
        var s: (n: Int, mean: Double, m2: Double) = (0, 0, 0)
        for (_, u) in units.sorted(by: { $0.key < $1.key }) {
          let x = u.sum / Double(u.count)
          s.n += 1
          let d = x - s.mean
          s.mean += d / Double(s.n)
          s.m2 += d * (x - s.mean)
        }
        final[g] = s
      }
      let pairs = arms.indices.flatMap { i in arms.indices.filter { $0 > i }.map { (i, $0) } }
      // The rows' places, in order.
      var places: [Place] = []
      for cell in 0..<cells {
        let apps = (self.apps[cell] ?? []) + (self.apps[cell] == nil ? [] : [OtherAppSummary.allApps])
        let sides =
          arms.indices.map { ($0, SummaryRowKind.arm, arms[$0]) }
          + pairs.map {
            (
              arms.count + $0.0 * arms.count + $0.1, SummaryRowKind.pairedDifference,
              "\(arms[$0.0]) vs \(arms[$0.1])"
            )
          }
        for (side, (armKey, kind, label)) in sides.enumerated() {
          for app in apps {
            for m in OtherAppSummary.metrics.indices {
              let g = Group(cell: cell, arm: armKey, app: app, metric: m)
              guard let s = final[g] else { continue }
              places.append(
                Place(group: g, side: side, kind: kind, label: label, stats: s))
            }
          }
        }
      }
      // The figures resampled (10 to 1,000 owners, some spread) in batches, one per
      // cell's side (an arm or a pair) and number of owners: one set of resample
      // positions serves every app and metric of the batch, each over its own owners in
      // the file's order, as summary.csv's owner figures share theirs. A batch's stream
      // comes from its side alone, so a sweep's cell draws what the same experiment alone
      // would; the batches run on all cores, and the bytes do not depend on the threads.
      var batchOf: [String: Int] = [:]
      var batches: [(side: Int, members: [Int])] = []
      for (k, p) in places.enumerated() {
        guard let xs = values[p.group], OwnerBootstrap.resamples(xs.count, plan), p.stats.m2 > 0 else {
          continue
        }
        let id = "\(p.group.cell)|\(p.side)|\(xs.count)"
        if let b = batchOf[id] {
          batches[b].members.append(k)
        } else {
          batchOf[id] = batches.count
          batches.append((p.side, [k]))
        }
      }
      let all = places
      let work = batches
      let replicates = Mutex([[Double]?](repeating: nil, count: all.count))
      DispatchQueue.concurrentPerform(iterations: work.count) { b in
        let (side, members) = work[b]
        let units = members.map { k in
          (self.values[all[k].group] ?? []).map { Statistics.Cluster(y: $0, n: 1) }
        }
        let r = Statistics.studentizedReplicates(
          sameOwners: units, resamples: OwnerBootstrap.resamples,
          stream: OwnerBootstrap.stream(
            seed: self.plan.seed, group: Int32(truncatingIfNeeded: side), purpose: 7))
        replicates.withLock { for (j, k) in members.enumerated() { $0[k] = r[j] } }
      }
      let drawn = replicates.withLock { $0 }
      return all.indices.map { row(all[$0], replicates: drawn[$0]) }
    }

    /// Where a row sits: its group, its side (an arm or a pair) and the sums of its
    /// owners' figures.
    struct Place {
      let group: Group
      /// The arm's or the pair's place among the cell's sides.
      let side: Int
      let kind: SummaryRowKind
      let label: String
      let stats: (n: Int, mean: Double, m2: Double)
    }

    /// For a pair of arms (an energy, whose steps are not counts): the largest figure of
    /// an owner in either arm. No owner's difference can exceed it, so when every owner's
    /// difference came out 0 the share that may not be (``OtherAppSummary/unseenShare(owners:)``)
    /// times it bounds the mean's (issue 52: the messenger's energy difference, 0 for all
    /// of 40 owners, held a reference of −0.0001 mWh a day in 0.13 of runs). Nil for an
    /// arm, or when the owners' figures were not kept (more than the bootstrap takes).
    func largestArmFigure(pair g: Group) -> Double? {
      let n = arms.count
      guard g.arm >= n else { return nil }
      let (i, j) = ((g.arm - n) / n, (g.arm - n) % n)
      let figures = [i, j].compactMap { values[Group(cell: g.cell, arm: $0, app: g.app, metric: g.metric)] }
      guard figures.count == 2 else { return nil }
      return figures.joined().map(\.magnitude).max()
    }

    /// The row at `place`, with its interval: from its bootstrap-t `replicates` when it
    /// has them, else Student's.
    func row(_ place: Place, replicates: [Double]?) -> Row {
      let (g, s) = (place.group, place.stats)
      let variance = s.n > 1 ? s.m2 / Double(s.n - 1) : .nan
      // As summary.csv's owner figures (the same code): the bootstrap-t over owners,
      // which follows a skewed distribution where Student's interval falls short.
      let degreesOfFreedom = values[g].map { xs in
        Statistics.residualDegreesOfFreedom(xs.map { Statistics.Cluster(y: $0, n: 1) })
      }
      let unseen: Double? =
        variance == 0 && !byReplication
        ? OtherAppSummary.metrics[g.metric].isCounted
          ? days[g.cell].flatMap { d in d > 0 ? OtherAppSummary.unseenShare(owners: s.n) / Double(d) : nil }
          : largestArmFigure(pair: g).map { OtherAppSummary.unseenShare(owners: s.n) * $0 }
        : nil
      func interval(_ level: Double) -> ConfidenceInterval {
        if let half = unseen {
          return ConfidenceInterval(
            estimate: s.mean, lower: s.mean - half, upper: s.mean + half, level: level, n: s.n)
        }
        return OwnerMeanInterval.of(
          mean: s.mean, variance: variance, count: s.n, replicates: replicates,
          degreesOfFreedom: degreesOfFreedom, level: level)
      }
      let t = interval(0.95)
      let ci = place.kind == .arm ? Statistics.nonNegativeInterval(t) : t
      // A difference's p-value is read from its own interval (the smallest alpha whose
      // interval leaves out 0), so the two cannot disagree.
      let pValue = place.kind == .arm ? nil : Statistics.pValue(excluding: 0, interval: interval)
      return Row(
        cell: g.cell, kind: place.kind, arm: place.label, app: g.app,
        metric: OtherAppSummary.metrics[g.metric],
        n: s.n, unit: byReplication ? "replication" : "owner", mean: s.mean, sd: variance.squareRoot(),
        low: ci.lower, high: ci.upper,
        pValue: pValue.flatMap { $0.isNaN ? nil : $0 })
    }
  }
}
