import Foundation
import Randomness

/// How one owner's phone differs from the model's defaults, drawn once per owner from
/// the owner's own stream. Reports show phones with the same settings getting very
/// different treatment, some none at all (field observations R7, P4 against P8, G3):
/// with these effects owners of one persona differ beyond the noise of their days.
public struct OwnerEffects: Sendable, Hashable {
  /// Multiplies the room below a perfect score that a launch may fall short by: the
  /// owner's threshold is 1 − (1 − threshold) × leniency, at least 0. Below 1 the phone
  /// is stricter; near 0 it launches almost nothing.
  public var leniency = 1.0
  /// Multiplies the least spacing between two processing launches.
  public var processingSpacingFactor = 1.0
  /// Multiplies the time after `earliestBeginDate` at which refresh work is overdue.
  public var overdueFactor = 1.0
  /// Multiplies the install warm-up, at least 1: a day on half the phones, several
  /// days on some (R1, R6).
  public var installWarmupFactor = 1.0
  /// Whether the phone runs an iOS point release that launches no third-party
  /// background work at all (field observation G3: iOS 17.3.x phones with every setting
  /// on got no background sync for two weeks until a point update).
  public var stalledRelease = false

  public init() {}

  /// The spread of the effects between owners: each is lognormal with median 1 and
  /// these sigmas (0: every owner the same), leniency cut at 1 from above and the
  /// warm-up factor from below.
  public struct Spread: Sendable, Hashable {
    public var leniencySigma = 0.0
    public var processingSpacingSigma = 0.0
    public var overdueSigma = 0.0
    public var installWarmupSigma = 0.0
    /// The share of phones on a stalled point release [0…1].
    public var stalledReleaseShare = 0.0

    public init() {}
  }

  /// One owner's effects, five draws from `stream` (always five, so that a sigma of
  /// 0 leaves the others' draws as they were). Leniency is at most 1: the model's
  /// thresholds are the most lenient phone's, and half the owners have stricter ones;
  /// likewise the warm-up factor is at least 1.
  public static func draw(_ spread: Spread, stream: RandomStream) -> OwnerEffects {
    var e = OwnerEffects()
    e.leniency = min(1, exp(spread.leniencySigma * stream.standardNormal()))
    e.processingSpacingFactor = exp(spread.processingSpacingSigma * stream.standardNormal())
    e.overdueFactor = exp(spread.overdueSigma * stream.standardNormal())
    e.installWarmupFactor = max(1, exp(spread.installWarmupSigma * stream.standardNormal()))
    e.stalledRelease = stream.uniform() < spread.stalledReleaseShare
    return e
  }
}
