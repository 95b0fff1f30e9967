/// What one optimum scan (``SystemScheduler/predictOptimum(_:start:windowEnd:base:for:)``)
/// carries from step to step.
struct ScanStep {
  /// The answers of the policies that do not change across the scan.
  var constant: ScoreTally
  /// The weights of the policies that read the device-use prediction, each scoring at
  /// best 1 (``ScoreBound/bestAfterPredictions``); nil when a policy declares no weight,
  /// and every step is then scored in full.
  var deferredWeight: Double?
  /// The best score so far: a step that cannot beat it changes nothing.
  var toBeat = 0.0
}
