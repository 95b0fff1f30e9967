import Randomness
import SimKernel

/// What dasd learns of the owner as the phone runs, and the one predictor that reads it:
/// the app under study's opens and the phone's wakes by time of day over the history
/// (``UsageHistory``), what it knows of the owner's other apps (``OtherAppKnowledge``),
/// and the app-open prediction's jitter, which every app shares.
struct UsageKnowledge {
  var appOpens: UsageHistory
  var deviceUse: UsageHistory
  /// The owner's other apps: their opens, recent apps, fetch ranking, fair share.
  var otherApps = OtherAppKnowledge()
  /// The app-open prediction's jitter: drawn for every app at once, again only when
  /// ``SchedulerParameters/appJitterRedrawSeconds`` have passed since it was last asked
  /// for (``jitter(at:redrawSeconds:)``).
  let jitterStream: RandomStream
  var jitterValue = 0.0
  var jitterAskedAt: SimTime?
  /// When the app under study uses legacy fetch, the app's opens as dasd's fetch
  /// predictor bins them (legacy-fetch.md §3), in 15-minute slots anchored `phase` into
  /// each quarter hour (dasd anchors them when it builds its timeline, not at the clock's
  /// quarter hours): the opens are recorded, and asked about, `phase` earlier. Such an app
  /// has no task requests, so its fetch is the only launch its opens are predicted for
  /// (``UsageHistory/dayShare(at:asOf:calendar:)``).
  var fetchOpens: (history: UsageHistory, phase: SimDuration)?
  /// The app's opens before the run (``SystemScheduler/rememberPastUse(appOpens:screenOns:)``),
  /// for the fetch predictor, which is made when the scheduler starts.
  var pastAppOpens: [SimTime] = []
  /// ``SchedulerParameters/predictionWindowSeconds`` as a duration.
  var window = ConvertedSeconds()
  /// The app-open look-ahead as a duration: the optimum's scans ask at the jitter's
  /// mean, decision points at the jitter drawn, so the last of each is kept.
  var lookAheadAtMean = ConvertedSeconds()
  var lookAheadDrawn = ConvertedSeconds()

  init(_ parameters: SchedulerParameters, jitter: RandomStream) {
    appOpens = UsageHistory(
      days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays,
      meanSinceFirst: parameters.appHistoryMeanSinceFirstOpen)
    deviceUse = UsageHistory(days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays)
    jitterStream = jitter
  }

  /// The app-open prediction's jitter [0…1): dasd keeps one value for every app and
  /// draws it again only when at least `redrawSeconds`
  /// (``SchedulerParameters/appJitterRedrawSeconds``) have passed since it was last asked
  /// for (multi-app facts, the application policy's cross-app details), so apps judged
  /// close together share it. (The parameters' one number is passed, not the parameters:
  /// passed beside a mutation of another part of the scheduler, their 448 bytes were
  /// copied at each call.)
  @inline(__always)  // Asked for each app judged (1.6 M calls in `bench phone`); it seldom draws.
  mutating func jitter(at now: SimTime, redrawSeconds: Double) -> Double {
    if let asked = jitterAskedAt, (now - asked).seconds < redrawSeconds {
      jitterAskedAt = now
      return jitterValue
    }
    jitterAskedAt = now
    jitterValue = jitterStream.uniform()
    return jitterValue
  }

  /// The prediction window of `seconds` (``SchedulerParameters/predictionWindowSeconds``)
  /// as a duration, converted once per value of the parameter.
  @inline(__always)
  mutating func windowDuration(seconds: Double) -> SimDuration { window.duration(of: seconds) }

  /// The app-open prediction's look-ahead of `seconds` as a duration, converted once per
  /// value, at the jitter's mean (`atMean`) or as drawn.
  @inline(__always)
  mutating func lookAheadDuration(seconds: Double, atMean: Bool) -> SimDuration {
    atMean ? lookAheadAtMean.duration(of: seconds) : lookAheadDrawn.duration(of: seconds)
  }

  /// **The app-open prediction**, for any app: the probability that the owner opens it
  /// (by its open history `opens`) within `window` from `start`, as seen at `asOf`; nil
  /// without any open in the history.
  static func appOpenProbability(
    _ opens: inout UsageHistory, from start: SimTime, window: SimDuration, asOf: SimTime,
    calendar: SimCalendar
  ) -> Double? {
    opens.total > 0 ? opens.probability(from: start, length: window, now: asOf, calendar: calendar) : nil
  }

  /// **The device-use prediction** at `now`: the probability that the owner uses the
  /// phone within `length`.
  mutating func deviceUseProbability(at now: SimTime, length: SimDuration, calendar: SimCalendar) -> Double {
    deviceUse.probability(from: now, length: length, now: now, calendar: calendar)
  }
}
