/// How owner figures are added up, for `summary.csv` (``OwnerFigureStream``) and
/// `other_app_summary.csv` (``OtherAppSummary``) alike: each figure in fixed point
/// (``OwnerFigures/fixed(_:)``) to its stream (a group of ``SummaryGroups``), and, in a
/// run with a posterior sample, to its replication's sum as well. The sums are exact
/// integers, the same whatever order the owners come in or however the run was split.
enum OwnerFigureSums {
  /// Adds `x` to `pool` and, when `replication` is given, to that replication's sum of
  /// stream `key` in `sums`; returns the value added in fixed point, nil when it cannot
  /// be represented (the stream's figures are then NaN rather than wrong).
  static func add<Key: Hashable>(
    _ x: Double, to pool: inout PooledValues, key: Key, replication: Int?,
    sums: inout [Key: [Int: PooledValues]]
  ) -> Int64? {
    guard let v = OwnerFigures.fixed(x) else {
      if let r = replication {
        sums[key, default: [:]][r, default: PooledValues(binned: false)].addOutOfRange()
      }
      pool.addOutOfRange()
      return nil
    }
    pool.add(v)
    if let r = replication { sums[key, default: [:]][r, default: PooledValues(binned: false)].add(v) }
    return v
  }

  /// Each stream's replication means, in replication order (a replication whose mean is
  /// not defined is left out): the units of its intervals in a run with a posterior
  /// sample.
  static func replicationMeans<Key: Hashable>(_ sums: [Key: [Int: PooledValues]]) -> [Key: [Double]] {
    sums.mapValues { byReplication in
      byReplication.keys.sorted().compactMap { r -> Double? in
        let m = byReplication[r]!.mean(unitsPerValue: OwnerFigures.unitsPerValue)
        return m.isNaN ? nil : m
      }
    }
  }
}
