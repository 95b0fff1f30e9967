import SimKernel

/// One run of another app's work: its app, its kind, when it started and when it ended
/// (or, for a run still going, when it is due to end).
public struct OtherAppRun: Sendable, Hashable {
  public var bundle: String
  public var kind: Activity.Kind
  public var start: SimTime
  public var end: SimTime
}
