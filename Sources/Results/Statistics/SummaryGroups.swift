/// The numbering of the summary's streams of values (``PooledValues``) in the spill
/// files and ``OrderStatistics``: per cell, for each arm the pooled delays and
/// staleness and its owner figures (``OwnerFigures``), then for each pair of arms the
/// owners' paired differences of those figures.
struct SummaryGroups: Sendable {
  /// Arms of the experiment.
  let arms: Int
  /// Owner figures of each arm (``FigureSet``).
  let figures: Int

  init(arms: Int, figures: Int = OwnerFigures.metrics.count) {
    self.arms = arms
    self.figures = figures
  }

  /// Streams per arm: delays, staleness, then the owner figures.
  var perArm: Int { 2 + figures }

  /// Pairs of arms (i < j).
  var pairs: Int { arms * (arms - 1) / 2 }

  /// Streams per cell.
  var perCell: Int { arms * perArm + pairs * figures }

  /// A stream's number within its cell (the same in every cell).
  func withinCell(_ group: Int32) -> Int32 { perCell > 0 ? group % Int32(perCell) : group }

  /// A key for `group` that names what it holds, the same in every cell and whatever
  /// other figures the summary has: its arm (or pair of arms) and its metric's name,
  /// hashed (FNV-1a). A figure added to the summary leaves the others' keys, and so
  /// their bootstrap resamples, as they were.
  func stableKey(_ group: Int32) -> UInt64 {
    let w = Int(withinCell(group))
    let name: String
    if w < arms * perArm {
      let k = w % perArm
      let metric = k == 0 ? "delay" : k == 1 ? "staleness" : OwnerFigures.metrics[k - 2].rawValue
      name = "arm \(w / perArm) \(metric)"
    } else {
      let p = (w - arms * perArm) / max(1, figures)
      name = "pair \(p) \(OwnerFigures.metrics[(w - arms * perArm) % max(1, figures)].rawValue)"
    }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  /// A pooled metric (the delay after `earliestBeginDate` or the staleness at open) of
  /// arm `arm` (its index) in `cell`.
  func pooled(cell: Int, arm: Int, _ metric: MetricName) -> Int32 {
    Int32(cell * perCell + arm * perArm + (metric == .delayAfterEarliest ? 0 : 1))
  }

  /// Owner figure `figure` (its index in ``OwnerFigures/metrics``) of arm `arm` in `cell`.
  func owner(cell: Int, arm: Int, figure: Int) -> Int32 {
    Int32(cell * perCell + arm * perArm + 2 + figure)
  }

  /// The paired differences (arm `i` − arm `j`, i < j) of owner figure `figure` in `cell`.
  func pair(cell: Int, _ i: Int, _ j: Int, figure: Int) -> Int32 {
    // Pairs in the order (0, 1), (0, 2), …, (1, 2), …
    let index = i * arms - i * (i + 1) / 2 + (j - i - 1)
    return Int32(cell * perCell + arms * perArm + index * figures + figure)
  }
}
