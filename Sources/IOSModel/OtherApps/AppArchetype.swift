import Randomness

/// A kind of app from bgsim's built-in catalogue of the owner's other apps, by the
/// background work it asks iOS for. The figures are assumptions, not measurements: no
/// published source gives them (see "Other apps" in the calibration notes).
public enum AppArchetype: String, CaseIterable, Sendable, Hashable {
  /// Silent pushes for new messages, about 2 an hour (Apple's advice is at most 2–3).
  case messenger
  /// A `BGAppRefreshTask` asking to run an hour after the last.
  case news
  /// A `BGAppRefreshTask` every 4 hours, short and small.
  case fitness
  /// Legacy background fetch with a 1-hour minimum interval.
  case weather
  /// A `BGProcessingTask` on the charger, 10 minutes of upload at least 6 hours apart.
  case photoBackup = "photo_backup"
  /// A discretionary background transfer of 40 MB every 6 hours (new episodes).
  case podcast

  /// What one app of the archetype asks for.
  public struct Work: Sendable, Hashable {
    public var kind: Activity.Kind
    /// From the end of one run to the earliest begin of the next [s]; for pushes, the
    /// mean time between pushes.
    public var intervalSeconds: Double
    /// How long one run takes [s]; a transfer takes its bytes at the network's rate.
    public var runSeconds: Double
    /// What one run moves [bytes].
    public var bytes: Double
    public var requiresExternalPower = false
    public var requiresNetwork = true
    /// How long one run takes, drawn at each launch [s]; nil: ``runSeconds``.
    public var run: RandomDistribution? = nil
    /// Where iOS ends a run that has not finished [s].
    public var timeLimitSeconds = Double.infinity
    /// Whether it asks again after each run (false: one run only).
    public var resubmits = true
    /// Whether it waits for Wi-Fi (``Activity/requiresInexpensiveNetwork``).
    public var requiresWiFi = false
    /// Apple's own maintenance (``AppleMaintenance``): judged by the same policies as
    /// the apps' work, as a system activity (``Activity/isSystem``).
    public var isApples = false
  }

  /// The archetype's work.
  public var work: Work {
    switch self {
    case .messenger: Work(kind: .silentPush, intervalSeconds: 1_800, runSeconds: 5, bytes: 20_000)
    case .news: Work(kind: .refresh, intervalSeconds: 3_600, runSeconds: 10, bytes: 300_000)
    case .fitness: Work(kind: .refresh, intervalSeconds: 14_400, runSeconds: 5, bytes: 20_000)
    case .weather: Work(kind: .legacyFetch, intervalSeconds: 3_600, runSeconds: 3, bytes: 50_000)
    case .photoBackup:
      Work(
        kind: .processing, intervalSeconds: 21_600, runSeconds: 600, bytes: 20_000_000,
        requiresExternalPower: true)
    case .podcast:
      Work(kind: .backgroundTransfer, intervalSeconds: 21_600, runSeconds: 0, bytes: 40_000_000)
    }
  }

  /// The share of background-active apps of each archetype when the experiment gives
  /// none (an assumption: no published figure).
  public static let defaultShares: [(AppArchetype, Double)] = [
    (.messenger, 0.25), (.news, 0.25), (.fitness, 0.15), (.weather, 0.15), (.photoBackup, 0.1),
    (.podcast, 0.1),
  ]
}
