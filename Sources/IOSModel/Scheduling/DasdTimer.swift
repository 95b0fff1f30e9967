import Foundation
import Randomness
import SimKernel

/// The scheduler's own clock: its kernel address, and dasd's periodic re-evaluation,
/// whose phase and spread come from a stream of its own (paired with the prediction's
/// jitter, so that the prediction's draws are the same whatever the timer draws).
struct DasdTimer {
  let stream: RandomStream
  /// The latency of each request's timer, from a stream of its own, so that the
  /// periodic timer's draws are the same whatever the requests.
  let latency: RandomStream
  /// The address of the scheduler's own events, handed out at assembly.
  var target = UInt32.max
  /// The kernel slot of the periodic timer: re-armed every period, it never waits in
  /// the queue.
  var slot = Slot.unallocated
  /// Whether a request's or a path's timer came due while the phone slept on battery and
  /// no decision point has judged its work since: dasd's timers for background work do
  /// not wake the phone, they fire when it next wakes (dasd-decisions.md §4).
  var missedWhileAsleep = false
  /// The fetch timer's draws when only the owner's other apps have legacy fetch: a
  /// stream of its own, so that the app under study's request latencies stay as they
  /// were; nil: ``latency``'s, as when the app under study has legacy fetch.
  var fetchDraws: RandomStream?
  /// The stream the fetch timer draws its firings from: ``fetchDraws``, else ``latency``.
  var fetchStream: RandomStream { fetchDraws ?? latency }

  /// The time to the timer's next tick: the period, spread uniformly by
  /// ± `evaluationPeriodSpread` of itself, so that ticks drift instead of keeping a grid.
  @inline(__always)
  func nextInterval(_ parameters: SchedulerParameters) -> SimDuration {
    let spread = parameters.evaluationPeriodSpread
    return .seconds(
      max(0.001, parameters.evaluationPeriodSeconds * (1 - spread + 2 * spread * stream.uniform())))
  }

  /// The time to the fetch timer's next firing: its period, and up to its leeway later
  /// (legacy-fetch.md §2: 10,800 s with 108 s of leeway).
  func nextFetchInterval(_ settings: LegacyFetchRanking.Settings) -> SimDuration {
    .seconds(settings.periodSeconds + settings.timerLeewaySeconds * fetchStream.uniform())
  }

  /// How long after a request's start its timer brings the launch: lognormal, median
  /// ``SchedulerParameters/dueLatencyMedianSeconds``, log-sd
  /// ``SchedulerParameters/dueLatencySigma``.
  func dueLatency(_ parameters: SchedulerParameters) -> SimDuration {
    let sigma = parameters.dueLatencySigma
    let z = sigma > 0 ? latency.standardNormal() : 0
    return .seconds(parameters.dueLatencyMedianSeconds * exp(sigma * z))
  }
}
