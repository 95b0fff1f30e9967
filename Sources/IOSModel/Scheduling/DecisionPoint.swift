/// One decision point being judged: what the policies see, and which of the usage
/// predictions were made. The predictions are made at most once per point, just
/// before the first policy that reads them; the app-open prediction asks for the
/// jitter (``UsageKnowledge/jitter(at:redrawSeconds:)``), the point's only random draw.
struct DecisionPoint {
  var context: PolicyContext
  var trigger: DecisionTrigger
  /// Whether the app-open prediction (and its draw) was made.
  var appOpenPredicted = false
  /// Whether the device-use prediction (no draw) was made.
  var deviceUsePredicted = false
}
