import Foundation
import Randomness

/// How the owner uses the phone and the app under study. Sources: see the calibration
/// notes (Documentation.docc/CalibrationNotes.md).
public struct UsageSpec: Sendable, Hashable {
  /// Mean unlocks (screen sessions) per day [1/day].
  public var unlocksPerDay: Double = 70
  /// Relative hourly shape of unlocks by weekday and weekend; scaled to `unlocksPerDay`.
  public var unlockProfile: TimeOfDayProfile = UsageSpec.diurnalShape
  /// Length of one screen session [s].
  public var sessionLength: RandomDistribution = .logNormal(LogNormal(median: 30, sigma: 1.7))
  /// Longest screen session; longer draws are cut to it [s].
  public var maxSessionSeconds: Double = 7200
  /// Mean opens of the app under study per day [1/day].
  public var appOpensPerDay: Double = 5
  /// Relative hourly shape of app opens; scaled to `appOpensPerDay`.
  public var appProfile: TimeOfDayProfile = UsageSpec.diurnalShape
  /// Time the app stays in the foreground per open [s].
  public var appSessionLength: RandomDistribution = .logNormal(LogNormal(median: 40, sigma: 1.1))
  /// Probability that the owner swipes the app away after using it [0…1].
  public var forceQuitProbability: Double = 0.1
  /// How much owners of the persona differ in how often they open the app under study
  /// [log-scale σ]: each owner's opens a day are the persona's × exp(σz − σ²/2), z
  /// standard normal and drawn once per owner, so that the persona's rate stays the mean
  /// over its owners. 0: every owner the same.
  public var appOpensOwnerSigma: Double = 0.56
  /// How much owners of the persona differ in how often they unlock the phone
  /// [log-scale σ], drawn the same way from a stream of its own. 0: every owner the same.
  /// 0.56: the facts' spread of unlocks across users (device-behaviour.md).
  public var unlocksOwnerSigma: Double = 0.56

  public init() {}

  /// One owner's factor exp(σz − σ²/2) on a persona's rate, drawn from the owner's own
  /// `stream` (none drawn at σ 0, so other draws stay as they were).
  public static func ownerFactor(sigma: Double, _ stream: @autoclosure () -> RandomStream) -> Double {
    sigma > 0 ? exp(sigma * stream().standardNormal() - sigma * sigma / 2) : 1
  }

  /// Few sessions 00–06, a ramp from 06, an evening peak 17–22; weekends start later.
  public static let diurnalShape = TimeOfDayProfile(
    weekday: [
      0.8, 0.4, 0.2, 0.15, 0.15, 0.3, 1.2, 2.8, 3.6, 3.4, 3.3, 3.4, 3.8, 3.6, 3.4, 3.5, 3.8, 4.3, 4.8, 5.2,
      5.4, 5.0, 3.8, 2.0,
    ],
    weekend: [
      1.2, 0.8, 0.4, 0.2, 0.15, 0.15, 0.3, 0.8, 1.8, 3.0, 3.6, 3.8, 4.0, 3.8, 3.6, 3.6, 3.8, 4.2, 4.6, 5.0,
      5.2, 5.0, 4.0, 2.4,
    ])
}
