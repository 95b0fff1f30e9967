import FileFormats
import Results

extension Advice {
  /// Checks that `spec` sweeps task keys, adds the goal's family member (`launched_by_HH:MM`, …), and
  /// returns the experiment to run.
  public static func prepare(_ spec: ExperimentSpec, goal: Goal, minimise: MetricName) throws(UserError)
    -> ExperimentSpec
  {
    guard spec.sweepKeys.contains(where: ConfigTree.isTaskSweepKey) else {
      throw UserError(
        "\(spec.file.isEmpty ? spec.name : spec.file): advise searches the swept task keys, and the sweep has none; sweep tasks.KEY, e.g. grid: {tasks.earliest_begin: [\"06:00\", 15m]}"
      )
    }
    guard minimise.isTestable else { throw UserError("--minimise: \(minimise.rawValue) cannot be minimised") }
    return spec.reporting([goal.metric, minimise])
  }
}
