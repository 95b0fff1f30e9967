import Randomness

/// The owner-level bootstrap of small runs: how many resamples, up to how many owners,
/// and the stream each summary stream draws from.
///
/// With few owners the t interval of a skewed owner distribution (launches per day,
/// energy, delays) falls short on its long side; the bootstrap-t over owners does not.
/// Beyond ``largestOwners`` the skew's effect on the t interval has shrunk (as 1/√n)
/// and the intervals are the t and Woodruff ones, which need no owner kept.
public enum OwnerBootstrap {
  /// Resamples per interval: (B + 1) × 2.5 % is a whole rank.
  static let resamples = 1999
  /// The most owners (per arm and cell) whose values the summary keeps to resample.
  public static let largestOwners = 1000
  /// The fewest owners the bootstrap resamples: with fewer, a resample takes one of a
  /// handful of distinct sets, and the t interval is used alone.
  static let fewestOwners = 10

  /// The stream of the resamples of the summary stream numbered `group` within its cell
  /// (``SummaryGroups``) for `purpose` (0: the mean, 1…: the quantiles), from the run's
  /// seed alone: a sweep's cell draws the resamples the same experiment alone would.
  static func stream(seed: UInt64, group: Int32, purpose: Int) -> RandomStream {
    stream(seed: seed, key: UInt64(UInt32(bitPattern: group)), purpose: purpose)
  }

  /// The same for a stream known by `key` (``SummaryGroups/stableKey(_:)``).
  static func stream(seed: UInt64, key: UInt64, purpose: Int) -> RandomStream {
    // The stream mixes its key (SplitMix64), so neighbouring keys give unrelated draws.
    RandomStream(key: (seed ^ 0xB007_572A_9C1D_3E4F) &+ (key << 8) &+ UInt64(purpose))
  }

  /// Whether a stream of `owners` owners is resampled under `plan`.
  static func resamples(_ owners: Int, _ plan: SummaryPlan) -> Bool {
    owners >= fewestOwners && owners <= plan.largestBootstrapOwners
  }
}
