import Foundation
import Randomness

/// How one owner's phone differs from the model's defaults, drawn once per owner from
/// the owner's own stream. Reports show phones with the same settings getting very
/// different treatment, some none at all (field observations R7, P4 against P8): with
/// these effects owners of one persona differ beyond the noise of their days.
public struct OwnerEffects: Sendable, Hashable {
  /// Multiplies the room below a perfect score that a launch may fall short by: the
  /// owner's threshold is 1 − (1 − threshold) × leniency, at least 0. Below 1 the phone
  /// is stricter; near 0 it launches almost nothing.
  public var leniency = 1.0
  /// Multiplies the least spacing between two processing launches.
  public var processingSpacingFactor = 1.0
  /// Multiplies the time after `earliestBeginDate` at which refresh work is overdue.
  public var overdueFactor = 1.0

  public init() {}

  /// The spread of the effects between owners: each is lognormal with median 1 and
  /// these sigmas (0: every owner the same), leniency cut at 1.
  public struct Spread: Sendable, Hashable {
    public var leniencySigma = 0.0
    public var processingSpacingSigma = 0.0
    public var overdueSigma = 0.0

    public init() {}
  }

  /// One owner's effects, three draws from `stream` (always three, so that a sigma of
  /// 0 leaves the others' draws as they were). Leniency is at most 1: the model's
  /// thresholds are the most lenient phone's, and half the owners have stricter ones.
  public static func draw(_ spread: Spread, stream: RandomStream) -> OwnerEffects {
    var e = OwnerEffects()
    e.leniency = min(1, (spread.leniencySigma * stream.standardNormal()).exponential)
    e.processingSpacingFactor = (spread.processingSpacingSigma * stream.standardNormal()).exponential
    e.overdueFactor = (spread.overdueSigma * stream.standardNormal()).exponential
    return e
  }
}

extension Double {
  fileprivate var exponential: Double { Foundation.exp(self) }
}
