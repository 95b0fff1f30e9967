import Foundation
import SimKernel

/// dasd's threshold for a refresh or processing request, relative to the request's own
/// best predicted moment (dasd-decisions.md §2): the request launches when its score
/// reaches **optimal score × relaxation(slot)**. The optimal score and its start are
/// predicted at submission and again every ``Settings/recomputeSeconds``
/// (``SystemScheduler/predictOptimum(_:start:windowEnd:base:for:)``); the slot counts tenths of
/// the time from the optimal start to the end of the request's window, so that the bar
/// falls through the window: a rarely opened app, whose best moment scores low, is
/// judged against that low best, and its refresh is not starved (field-observations-3.md
/// V2, V4).
public struct RelativeThreshold: Sendable, Hashable {
  public struct Settings: Sendable, Hashable {
    /// Whether refresh and processing requests are judged against their optimum (off:
    /// the model's absolute thresholds, as before issue 51).
    public var enabled = true
    /// The relaxation factor before the optimal start, f₀ [0…1] (dasd, Background
    /// priority: 0.95).
    public var start = 0.95
    /// The factor in slot k ≥ 1 is f₀ × (1 − (10k / divisor)^exponent) (dasd: 120 and
    /// 1.5, giving 0.927 … 0.227 in slots 1–10).
    public var divisor = 120.0
    public var exponent = 1.5
    /// A refresh request's window, from its start [s] (dasd: 24 h).
    public var refreshWindowSeconds = 86_400.0
    /// A processing request's window, from its start [s] (dasd: 7 days).
    public var processingWindowSeconds = 604_800.0
    /// How often the optimum is predicted again [s] (dasd: every 6 h).
    public var recomputeSeconds = 21_600.0
    /// How far ahead the optimum is looked for [s] (dasd: 24 h).
    public var horizonSeconds = 86_400.0
    /// The first step scoring above this is the optimum (dasd: 0.9) [0…1].
    public var goodEnough = 0.9
    /// A request is judged against its optimum only while the owner has opened the app
    /// within this time [s]; otherwise the model's own threshold holds (7 days: the SDK
    /// header's "used your app within the past week"). Without it an app whose opens
    /// have left the history is predicted to do no better than it does anywhere, its
    /// bar falls to that, and a re-armed refresh runs at every start (every 20 min through
    /// the night on the charger).
    public var usedWithinSeconds = 604_800.0
    /// An optimum whose start is further away than this scores ``farScore`` [s]
    /// (dasd: 21 h, 0.01).
    public var farSeconds = 75_600.0
    public var farScore = 0.01

    public init() {}

    /// The relaxation factor of `slot` (0…10).
    public func factor(slot: Int) -> Double {
      guard slot > 0 else { return start }
      return start * (1 - pow(10 * Double(min(slot, 10)) / divisor, exponent))
    }

    /// The scan step for a window of `windowSeconds` (dasd: 300 s up to 15 min, 900 s
    /// up to 4 h and for work that launches the app, 1,800 s beyond) [s].
    public func stepSeconds(windowSeconds: Double, launchesApp: Bool) -> Double {
      if windowSeconds <= 900 { return 300 }
      if windowSeconds <= 14_400 || launchesApp { return 900 }
      return 1800
    }
  }

  /// The predicted optimal score [0…1].
  public var score: Double
  /// When the optimum is predicted.
  public var optimalStart: SimTime
  /// The end of the request's window (its start for a collapsed window).
  public var windowEnd: SimTime
  /// When it was predicted.
  public var computedAt: SimTime

  public init(score: Double, optimalStart: SimTime, windowEnd: SimTime, computedAt: SimTime) {
    self.score = score
    self.optimalStart = optimalStart
    self.windowEnd = windowEnd
    self.computedAt = computedAt
  }

  /// The relaxation slot at `now`: 0 before the optimal start, then 1 + ⌊10 × elapsed /
  /// (window end − optimal start)⌋, at most 10; 10 for a window with no time left after
  /// the optimal start.
  public func slot(at now: SimTime) -> Int {
    if now < optimalStart { return 0 }
    let span = (windowEnd - optimalStart).microseconds
    guard span > 0 else { return 10 }
    let elapsed = (now - optimalStart).microseconds
    return min(10, 1 + Int(10 * elapsed / span))
  }

  /// When the slot at `now` ends (the threshold holds until then), or nil in slot 10.
  public func slotEnd(after now: SimTime) -> SimTime? {
    let k = slot(at: now)
    if k == 0 { return optimalStart }
    if k >= 10 { return nil }
    let span = (windowEnd - optimalStart).microseconds
    return optimalStart + SimDuration(microseconds: (span * Int64(k) + 9) / 10)
  }

  /// The threshold at `now` [0…1].
  public func threshold(at now: SimTime, _ settings: Settings) -> Double {
    score * settings.factor(slot: slot(at: now))
  }
}
