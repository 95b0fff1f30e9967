import FileFormats
import SimKernel

extension SchedulerSpec {
  /// Whether the model's absolute threshold for `kind` decides anything: some policy
  /// scores that kind of work (a model of vetoes alone, as `naive` is, launches at a
  /// mean of 1 whatever the bar).
  func scores(_ kind: Activity.Kind) -> Bool {
    let probe = Activity(kind: kind, identifier: "probe", priority: .utility, submittedAt: .zero)
    return model.policies.contains { $0.scoreWeight(for: probe) != nil }
  }

  /// Whether `processing_threshold` acts: the bar for processing judged without its own
  /// optimum. With the relative threshold on, every app's processing is judged against
  /// its optimum while its owner has used the app within `used_within`, and `app_usage`
  /// holds it once the app has gone unused for `maximum_days`; the bar is left for
  /// Apple's maintenance (`appleMaintenance`), and for the days between those two limits
  /// when `maximum_days` is the longer.
  func processingThresholdActs(appleMaintenance: Bool) -> Bool {
    guard scores(.processing) else { return false }
    if model.decidesAtEarliestBegin || !parameters.relativeThreshold.enabled || appleMaintenance {
      return true
    }
    guard let usage = model.policies.lazy.compactMap({ $0 as? AppUsagePolicy }).first else { return true }
    return usage.maximumDays * 86_400 > parameters.relativeThreshold.usedWithinSeconds
  }

  /// The first threshold key the file set that would change nothing on phones with or
  /// without Apple's maintenance (`appleMaintenance`), with the true reason and the way
  /// to make it count; nil when every one set acts.
  public func thresholdProblem(appleMaintenance: Bool) -> ConfigError? {
    for key in thresholdKeys {
      let processing = key.key.hasSuffix("processing_threshold")
      let acts = processing ? processingThresholdActs(appleMaintenance: appleMaintenance) : scores(.refresh)
      guard !acts else { continue }
      let reason: String
      if !scores(processing ? .processing : .refresh) {
        reason =
          "has no effect: no policy of the \(model.name) model gives a score (they only veto), "
          + "so every launch passes any threshold; remove it, or use model: ios"
      } else {
        reason =
          "has no effect here: every app's processing is judged against its own best moment while "
          + "relative_threshold is on, and this bar serves only Apple's maintenance, which these phones "
          + "lack; remove it, add other_apps with apple_maintenance, or set relative_threshold: {enabled: false}"
      }
      return ConfigError(file: key.file, line: key.line, key: key.key, message: reason)
    }
    return nil
  }
}
