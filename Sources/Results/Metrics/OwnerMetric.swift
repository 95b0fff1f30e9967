/// One owner figure of a summary, its name, unit and value together: how the figure is
/// worked out from one owner's counts (NaN where it is not defined: no day, or no
/// launch). The owner is the unit of each. `summary.csv` keeps one list of them
/// (``OwnerFigures/figures``), `other_app_summary.csv` another
/// (``OtherAppFigures/figures``); both add them up and give their intervals with the
/// same code (``OwnerFigureSums``, ``OwnerMeanInterval``).
struct OwnerMetric<Counts>: Sendable {
  let metric: MetricName
  let unit: MetricUnit
  /// For a share counted from trials (launches, opens, days): how many the owner had;
  /// for a count a day (``MetricUnit/isCounted``), the owner's days, so that one step of
  /// its figure is 1/days; nil for any other figure.
  var trials: (@Sendable (Counts) -> Double)? = nil
  let value: @Sendable (Counts) -> Double
}
