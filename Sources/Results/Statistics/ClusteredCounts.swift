import FileFormats
import Randomness

/// One pass over the spilled values that gathers what the owner-level intervals need:
/// for each pooled stream and each threshold asked for, the owners' (or replications')
/// counts of values at or below it, as cluster sums (``ClusteredSums``), for Woodruff's
/// quantile intervals; and, for the streams of small runs to be bootstrapped, each
/// owner's own total, count and counts at the thresholds, or each owner's figure.
///
/// Each cluster's values follow its marker (``PooledValueSpill/clusterMarker``), so a
/// cluster is added when the next begins.
struct ClusteredCounts {
  /// By stream: one ``ClusteredSums`` per threshold, in the order asked.
  private(set) var sums: [Int32: [ClusteredSums]] = [:]
  /// By pooled stream kept for the bootstrap: each owner's sum of values [units], its
  /// count, and its counts at or below each threshold.
  private(set) var clusters: [Int32: [(sum: Int128, count: Int, below: [Int])]] = [:]
  /// By owner-figure stream kept for the bootstrap: the figures [units].
  private(set) var figures: [Int32: [Int64]] = [:]
  /// By owner-figure stream kept: each figure's cluster (its marker's number), in step
  /// with ``figures``.
  private(set) var figureClusters: [Int32: [Int64]] = [:]

  /// - Parameters:
  ///   - thresholds: For each pooled stream, the thresholds [its units: ms].
  ///   - keep: The pooled streams whose owners are kept, one entry each.
  ///   - keepFigures: The owner-figure streams whose figures are kept.
  ///   - byReplication: Whether the clusters are replications (the markers' numbers)
  ///     rather than owners (each marker a new one).
  init(
    thresholds: [Int32: [Int64]], keep: Set<Int32> = [], keepFigures: Set<Int32> = [], spills: [String],
    byReplication: Bool
  )
    throws(UserError)
  {
    let groups = (Set(thresholds.keys).union(keep).union(keepFigures).max().map { Int($0) + 1 }) ?? 0
    guard groups > 0 else { return }
    var limits = Array(repeating: [Int64](), count: groups)
    for (g, t) in thresholds where g >= 0 { limits[Int(g)] = t }
    var kept = Array(repeating: false, count: groups)
    for g in keep where g >= 0 { kept[Int(g)] = true }
    var keptFigure = Array(repeating: false, count: groups)
    for g in keepFigures where g >= 0 { keptFigure[Int(g)] = true }
    var keptClusters = Array(repeating: [(sum: Int128, count: Int, below: [Int])](), count: groups)
    var keptFigures = Array(repeating: [Int64](), count: groups)
    var keptFigureClusters = Array(repeating: [Int64](), count: groups)
    // The current cluster's count and sum of values, and its values at or below each threshold.
    var count = Array(repeating: 0, count: groups)
    var sum = Array(repeating: Int128(0), count: groups)
    var below = limits.map { Array(repeating: 0, count: $0.count) }
    var touched: [Int] = []
    var cluster: Int64 = 0
    // With replications as clusters: their totals, by stream and replication.
    var replicationTotals: [Int: [Int64: (n: Int, below: [Int])]] = [:]
    var result = Array(repeating: [ClusteredSums](), count: groups)
    for g in 0..<groups { result[g] = Array(repeating: ClusteredSums(), count: limits[g].count) }
    func flush() {
      for g in touched {
        if byReplication {
          var total =
            replicationTotals[g, default: [:]][cluster] ?? (0, Array(repeating: 0, count: limits[g].count))
          total.n += count[g]
          for k in below[g].indices { total.below[k] += below[g][k] }
          replicationTotals[g, default: [:]][cluster] = total
        } else {
          for k in below[g].indices { result[g][k].add(y: Int128(below[g][k]), n: Int128(count[g])) }
          if kept[g] { keptClusters[g].append((sum[g], count[g], below[g])) }
        }
        count[g] = 0
        sum[g] = 0
        for k in below[g].indices { below[g][k] = 0 }
      }
      touched.removeAll(keepingCapacity: true)
    }
    for path in spills {
      try PooledValueSpill.forEach(path: path) { group, value in
        if group == PooledValueSpill.clusterMarker {
          flush()
          cluster = value
          return
        }
        guard group >= 0, Int(group) < groups else { return }
        let g = Int(group)
        if keptFigure[g] {
          keptFigures[g].append(value)
          keptFigureClusters[g].append(cluster)
        }
        let t = limits[g]
        guard !t.isEmpty else { return }
        if count[g] == 0 { touched.append(g) }
        count[g] += 1
        sum[g] &+= Int128(value)
        for k in t.indices where value <= t[k] { below[g][k] += 1 }
      }
      flush()
    }
    for (g, byCluster) in replicationTotals {
      for key in byCluster.keys.sorted() {
        let total = byCluster[key]!
        for k in total.below.indices { result[g][k].add(y: Int128(total.below[k]), n: Int128(total.n)) }
      }
    }
    for g in 0..<groups where !limits[g].isEmpty { sums[Int32(g)] = result[g] }
    for g in 0..<groups where kept[g] { clusters[Int32(g)] = keptClusters[g] }
    for g in 0..<groups where keptFigure[g] {
      (figures[Int32(g)], figureClusters[Int32(g)]) = (keptFigures[g], keptFigureClusters[g])
    }
  }
}
