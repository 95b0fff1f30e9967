import FileFormats

extension OtherAppSummary {
  /// One stream of the summary: an app's owner figure in one of `summary.csv`'s groups
  /// (``SummaryGroups``: a cell's arm, or pair of arms, and a figure of
  /// ``OtherAppFigures``).
  struct Stream: Hashable {
    let app: String
    let group: Int32
  }

  /// The sums of the owners' figures, stream by stream, as `summary.csv` adds its owner
  /// figures (``OwnerFigureSums``): exact, so the same file gives the same bytes
  /// whatever the order of its owners.
  struct Sums {
    let plan: SummaryPlan
    let layout: SummaryGroups
    var arms: [String] { plan.arms }
    var pools: [Stream: PooledValues] = [:]
    /// For runs with a posterior sample: per stream and replication, its owners' sums.
    var replicationSums: [Stream: [Int: PooledValues]] = [:]
    /// Per stream, while it has at most the owners the bootstrap resamples: their figures
    /// in fixed point, in the file's order.
    var kept: [Stream: [Int64]] = [:]
    /// Per cell: its apps in the order first read, and the most days an owner's row counts.
    var apps: [Int: [String]] = [:]
    var days: [Int: Int] = [:]

    init(plan: SummaryPlan) {
      self.plan = plan
      layout = SummaryGroups(arms: plan.arms.count, figures: OtherAppFigures.metrics.count)
    }

    mutating func add(_ s: Stream, _ x: Double, replication: Int) {
      guard !x.isNaN else { return }
      var pool = pools.removeValue(forKey: s) ?? PooledValues(binned: false)
      let v = OwnerFigureSums.add(
        x, to: &pool, key: s, replication: plan.byReplication ? replication : nil, sums: &replicationSums)
      if let v, !plan.byReplication, !pool.isOutOfRange, pool.count <= plan.largestBootstrapOwners {
        kept[s, default: []].append(v)
      } else {
        kept[s] = nil
      }
      pools[s] = pool
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
      let countAt = ["opens", "launches", "suspended"].map(column)
      let (energyAt, batteryAt) = (column("energy_mwh"), column("battery_energy_mwh"))
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
        let cell = try reader.whole(0, "cell", in: 0...max(0, plan.cells.count - 1), file: path)
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
        var counts: [Double] = []
        for at in countAt {
          counts.append(Double(try reader.whole(at, layout.columns[at], in: RunRanges.count, file: path)))
        }
        let energy = try reader.number(energyAt, "energy_mwh", in: 0...1e12, file: path) ?? .nan
        let battery = try reader.number(batteryAt, "battery_energy_mwh", in: 0...1e12, file: path) ?? .nan
        let values = OtherAppFigures.values(
          OtherAppFigures.Counts(
            days: Double(days), opens: counts[0], launches: counts[1], suspended: counts[2],
            energyMilliwattHours: energy, batteryEnergyMilliwattHours: battery))
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
            add(
              Stream(app: app, group: layout.owner(cell: cell, arm: arm, figure: m)), x,
              replication: replication)
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
                Stream(app: app, group: layout.pair(cell: cell, i, j, figure: m)), x[m] - y[m],
                replication: replication)
            }
          }
        }
      }
    }
  }
}
