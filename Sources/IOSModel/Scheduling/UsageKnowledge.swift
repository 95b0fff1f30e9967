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
  /// ``SchedulerParameters/predictionWindowSeconds`` and its duration (NaN: not yet).
  var window = (seconds: Double.nan, duration: SimDuration.zero)
  /// The look-aheads last converted (``lookAheadDuration(seconds:atMean:)``).
  var lookAheadAtMean = (seconds: Double.nan, duration: SimDuration.zero)
  var lookAheadDrawn = (seconds: Double.nan, duration: SimDuration.zero)

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
  mutating func windowDuration(seconds: Double) -> SimDuration {
    if window.seconds != seconds {
      window = (seconds, SimDuration(seconds: seconds))
    }
    return window.duration
  }

  /// The app-open prediction's look-ahead of `seconds` as a duration, converted once per
  /// value: the optimum's scans ask at the jitter's mean (`atMean`), decision points at
  /// the jitter drawn, so the last of each is kept.
  @inline(__always)
  mutating func lookAheadDuration(seconds: Double, atMean: Bool) -> SimDuration {
    if atMean {
      if lookAheadAtMean.seconds != seconds { lookAheadAtMean = (seconds, SimDuration(seconds: seconds)) }
      return lookAheadAtMean.duration
    }
    if lookAheadDrawn.seconds != seconds { lookAheadDrawn = (seconds, SimDuration(seconds: seconds)) }
    return lookAheadDrawn.duration
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
