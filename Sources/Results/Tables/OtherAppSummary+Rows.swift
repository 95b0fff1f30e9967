import Dispatch
import Randomness
import Synchronization

extension OtherAppSummary.Sums {
  /// Where a row sits: its stream, its cell, and its side (an arm, or a pair of arms).
  struct Place {
    let stream: OtherAppSummary.Stream
    let cell: Int
    /// The metric's index in ``OtherAppFigures/figures``.
    let metric: Int
    /// The side's place among the cell's sides (its arms, then its pairs).
    let side: Int
    /// The arm, or the pair's first arm (its index).
    let first: Int
    /// The pair's second arm (its index, above `first`); nil for an arm.
    let second: Int?
    let label: String

    var kind: SummaryRowKind { second == nil ? .arm : .pairedDifference }
  }

  /// The rows' places, cell by cell: each arm's apps (in the order first read, then the
  /// sum), then each pair's; only streams that hold a figure.
  func places() -> [Place] {
    let sides: [(first: Int, second: Int?, label: String)] =
      arms.indices.map { ($0, nil, arms[$0]) }
      + arms.indices.flatMap { i in
        arms.indices.filter { $0 > i }.map { (i, $0, "\(arms[i]) vs \(arms[$0])") }
      }
    var places: [Place] = []
    for cell in 0..<plan.cells.count {
      let apps = (self.apps[cell] ?? []) + (self.apps[cell] == nil ? [] : [OtherAppSummary.allApps])
      for (side, s) in sides.enumerated() {
        for app in apps {
          for m in OtherAppSummary.metrics.indices {
            let group =
              s.second.map { layout.pair(cell: cell, s.first, $0, figure: m) }
              ?? layout.owner(cell: cell, arm: s.first, figure: m)
            let stream = OtherAppSummary.Stream(app: app, group: group)
            guard pools[stream] != nil else { continue }
            places.append(
              Place(
                stream: stream, cell: cell, metric: m, side: side, first: s.first, second: s.second,
                label: s.label))
          }
        }
      }
    }
    return places
  }

  /// The rows, in the order of ``places()``.
  func rows() -> [OtherAppSummary.Row] {
    let all = places()
    let drawn = replicates(all)
    let replicationMeans = plan.byReplication ? OwnerFigureSums.replicationMeans(replicationSums) : nil
    return all.indices.map { k in
      row(all[k], replicates: drawn[k], replicationMeans: replicationMeans.map { $0[all[k].stream] ?? [] })
    }
  }

  /// The owners' figures resampled (10 to 1,000 owners, some spread) in batches, one per
  /// cell's side (an arm or a pair) and number of owners: one set of resample positions
  /// serves every app and metric of the batch, each over its own owners in the file's
  /// order. A batch's stream comes from its side alone, so a sweep's cell draws what the
  /// same experiment alone would; the batches run on all cores, and the bytes do not
  /// depend on the threads.
  func replicates(_ places: [Place]) -> [[Double]?] {
    var batchOf: [String: Int] = [:]
    var batches: [(side: Int, members: [Int])] = []
    for (k, p) in places.enumerated() {
      guard let xs = kept[p.stream], OwnerBootstrap.resamples(xs.count, plan),
        let pool = pools[p.stream], pool.variance(unitsPerValue: OwnerFigures.unitsPerValue) > 0
      else { continue }
      let id = "\(p.cell)|\(p.side)|\(xs.count)"
      if let b = batchOf[id] {
        batches[b].members.append(k)
      } else {
        batchOf[id] = batches.count
        batches.append((p.side, [k]))
      }
    }
    let work = batches
    let replicates = Mutex([[Double]?](repeating: nil, count: places.count))
    DispatchQueue.concurrentPerform(iterations: work.count) { b in
      let (side, members) = work[b]
      let units = members.map { k in self.units(places[k].stream) }
      let r = Statistics.studentizedReplicates(
        sameOwners: units, resamples: OwnerBootstrap.resamples,
        stream: OwnerBootstrap.stream(
          seed: self.plan.seed, group: Int32(truncatingIfNeeded: side), purpose: 7))
      replicates.withLock { for (j, k) in members.enumerated() { $0[k] = r[j] } }
    }
    return replicates.withLock { $0 }
  }

  /// The owners of `stream` kept for the bootstrap, as its units.
  func units(_ stream: OtherAppSummary.Stream) -> [Statistics.Cluster] {
    (kept[stream] ?? []).map { Statistics.Cluster(y: Double($0), n: 1) }
  }

  /// For a pair of arms (an energy, whose steps are not counts): the largest figure of
  /// an owner in either arm. No owner's difference can exceed it, so when every owner's
  /// difference came out 0 the share that may not be (``SummaryTables/unseenShare(owners:level:)``)
  /// times it bounds the mean's (issue 52: the messenger's energy difference, 0 for all
  /// of 40 owners, held a reference of −0.0001 mWh a day in 0.13 of runs). Nil for an
  /// arm, or when the owners' figures were not kept (more than the bootstrap takes).
  func largestArmFigure(_ place: Place) -> Double? {
    guard let second = place.second else { return nil }
    let figures = [place.first, second].compactMap { arm in
      kept[
        OtherAppSummary.Stream(
          app: place.stream.app, group: layout.owner(cell: place.cell, arm: arm, figure: place.metric))]
    }
    guard figures.count == 2 else { return nil }
    return figures.joined().map { Double($0.magnitude) / OwnerFigures.unitsPerValue }.max()
  }

  /// The row at `place`, with its interval: from its bootstrap-t `replicates` when it
  /// has them, else Student's; over `replicationMeans` in a run with a posterior sample.
  func row(_ place: Place, replicates: [Double]?, replicationMeans: [Double]?) -> OtherAppSummary.Row {
    let pool = pools[place.stream] ?? PooledValues(binned: false)
    let figure = OtherAppFigures.figures[place.metric]
    // As summary.csv's owner figures (the same code): the bootstrap-t over owners,
    // which follows a skewed distribution where Student's interval falls short.
    let degreesOfFreedom = kept[place.stream].map { _ in
      Statistics.residualDegreesOfFreedom(units(place.stream))
    }
    func interval(_ level: Double) -> (ConfidenceInterval, variance: Double) {
      OwnerMeanInterval.of(
        pool, replicationMeans: replicationMeans, replicates: replicates, degreesOfFreedom: degreesOfFreedom,
        level: level)
    }
    let (t, variance) = interval(0.95)
    // Every owner's figure came out equal: Student's interval is a point that no sample
    // of owners can claim; it is widened by the share of owners none of them rules out
    // at the interval's level (as summary.csv's), times one step of a count or, for an
    // energy's difference, the largest figure.
    let alike = variance == 0 && replicationMeans == nil
    let stepDays =
      alike && figure.unit.isCounted ? days[place.cell].flatMap { $0 > 0 ? Double($0) : nil } : nil
    let largest = alike && !figure.unit.isCounted ? largestArmFigure(place) : nil
    func unseen(_ level: Double) -> Double? {
      let share = SummaryTables.unseenShare(owners: pool.count, level: level)
      return stepDays.map { share / $0 } ?? largest.map { share * $0 }
    }
    func bounded(_ level: Double) -> ConfidenceInterval {
      let ci = level == 0.95 ? t : interval(level).0
      return SummaryTables.Pooled.widened(ci, by: unseen(level))
    }
    let ci = place.kind == .arm ? Statistics.nonNegativeInterval(bounded(0.95)) : bounded(0.95)
    // A difference's p-value is read from its own interval (the smallest alpha whose
    // interval leaves out 0), so the two cannot disagree.
    let pValue = place.kind == .arm ? nil : Statistics.pValue(excluding: 0, interval: bounded)
    return OtherAppSummary.Row(
      cell: place.cell, kind: place.kind, arm: place.label, app: place.stream.app, metric: figure.metric,
      n: ci.n, unit: plan.byReplication ? "replication" : "owner", mean: ci.estimate,
      sd: variance.squareRoot(), low: ci.lower, high: ci.upper, pValue: pValue.flatMap { $0.isNaN ? nil : $0 }
    )
  }
}
