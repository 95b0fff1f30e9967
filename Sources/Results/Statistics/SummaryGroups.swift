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
