/// Adds owners' figures (``OwnerFigures``) to the summary as the owners come, and
/// spills them for the order statistics, keeping no owner longer than it takes.
///
/// An owner's arms come one after another (a chunk runs each owner's arms in turn), so
/// its arms are held until the next owner begins or ``finish(into:spill:)``, and then
/// the paired differences between its arms are added too. Memory holds one owner, or,
/// when every owner is held (to pair an owner's arms across cells), every owner's
/// figures until ``finish(into:spill:)``.
struct OwnerFigureStream {
  let groups: SummaryGroups
  /// Index of each arm of the experiment.
  let armIndex: [String: Int]
  /// Cells of the experiment.
  let cells: Int
  /// Whether each replication's sums are kept too (a run with a posterior sample).
  let byReplication: Bool
  /// The owner held: its cell, replication and device.
  private var owner: (cell: Int, replication: Int, device: Int)?
  /// The arms of the owner held, with their figures (NaN where not defined).
  private var held: [(arm: Int, values: [Double])] = []
  /// Whether every owner is held until the end, by (cell, replication, device).
  let holdsEveryOwner: Bool
  private var everyOwner: [OwnerAt: [(arm: Int, values: [Double])]] = [:]

  /// An owner in a cell.
  private struct OwnerAt: Hashable, Comparable {
    let cell: Int, replication: Int, device: Int
    static func < (a: Self, b: Self) -> Bool {
      (a.cell, a.replication, a.device) < (b.cell, b.replication, b.device)
    }
  }

  /// The figures of each owner.
  let figureSet: FigureSet

  init(
    arms: [String], cells: Int, byReplication: Bool = false, figureSet: FigureSet = FigureSet(),
    holdsEveryOwner: Bool = false
  ) {
    self.figureSet = figureSet
    self.holdsEveryOwner = holdsEveryOwner
    groups = SummaryGroups(arms: arms.count, figures: figureSet.metrics.count)
    armIndex = Dictionary(arms.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    self.cells = cells
    self.byReplication = byReplication
  }

  /// Adds an owner's counts in one arm (an arm or cell the experiment does not have
  /// adds nothing).
  mutating func add(
    cell: Int, arm: String, replication: Int, device: Int, counts k: SummaryTables.Counts,
    into p: inout SummaryTables.Partial, spill: PooledValueSpill
  ) {
    if !holdsEveryOwner, let o = owner, o != (cell, replication, device) { finish(into: &p, spill: spill) }
    owner = (cell, replication, device)
    guard (0..<cells).contains(cell), let a = armIndex[arm] else { return }
    let values = figureSet.values(k)
    let key = SummaryTables.ArmKey(cell: cell, arm: arm)
    var bucket = p.buckets.removeValue(forKey: key) ?? SummaryTables.Bucket()
    SummaryTables.Bucket.pad(&bucket.figures, to: values.count)
    for (f, x) in values.enumerated() where !x.isNaN {
      add(
        x, to: &bucket.figures[f], group: groups.owner(cell: cell, arm: a, figure: f),
        replication: replication,
        sums: &p.replicationSums, spill: spill)
    }
    // The trials of the figures this owner has.
    bucket.addTrials(zip(figureSet.trials(k), values).map { $1.isNaN ? 0 : $0 })
    bucket.intraClass.add(days: k.days, launches: k.dayLaunches, launchSquares: k.dayLaunchSquares)
    if k.days > 0 {
      let daysByHour = k.launchHours.daysByHour
      for h in 0..<24 {
        guard let v = OwnerFigures.fixed(Double(daysByHour[h]) / k.days) else {
          bucket.hourShares[h].addOutOfRange()
          continue
        }
        bucket.hourShares[h].add(v)
      }
    }
    p.buckets[key] = bucket
    if holdsEveryOwner {
      everyOwner[OwnerAt(cell: cell, replication: replication, device: device), default: []].append(
        (a, values))
    } else {
      held.append((a, values))
    }
  }

  /// Adds the paired differences of the owner held (of every owner held, in order),
  /// and lets it go.
  mutating func finish(into p: inout SummaryTables.Partial, spill: PooledValueSpill) {
    guard holdsEveryOwner else { return addPairs(into: &p, spill: spill) }
    for o in everyOwner.keys.sorted() {
      (owner, held) = ((o.cell, o.replication, o.device), everyOwner[o]!.sorted { $0.arm < $1.arm })
      addPairs(into: &p, spill: spill)
    }
    everyOwner.removeAll()
  }

  /// Adds the paired differences between the arms of the owner held, and lets it go.
  private mutating func addPairs(into p: inout SummaryTables.Partial, spill: PooledValueSpill) {
    defer {
      owner = nil
      held.removeAll(keepingCapacity: true)
    }
    guard let cell = owner?.cell, let replication = owner?.replication, held.count > 1 else { return }
    for x in held {
      for y in held where y.arm > x.arm {
        let key = SummaryTables.PairKey(cell: cell, first: x.arm, second: y.arm)
        var pool = p.pairs.removeValue(forKey: key) ?? []
        SummaryTables.Bucket.pad(&pool, to: x.values.count)
        for f in x.values.indices where !x.values[f].isNaN && !y.values[f].isNaN {
          add(
            x.values[f] - y.values[f], to: &pool[f], group: groups.pair(cell: cell, x.arm, y.arm, figure: f),
            replication: replication, sums: &p.replicationSums, spill: spill)
        }
        p.pairs[key] = pool
      }
    }
  }

  /// Adds a figure to its stream, to its replication's sum, and to the spill file.
  private func add(
    _ x: Double, to pool: inout PooledValues, group: Int32, replication: Int,
    sums: inout [Int32: [Int: PooledValues]], spill: PooledValueSpill
  ) {
    guard
      let v = OwnerFigureSums.add(
        x, to: &pool, key: group, replication: byReplication ? replication : nil, sums: &sums)
    else { return }
    spill.append(group: group, value: v)
  }
}
