/// The system scheduler's constants outside the policies. Sources: the calibration notes.
public struct SchedulerParameters: Sendable, Hashable {
  /// Period of the re-evaluation timer [s]: dasd re-arms a timer for overdue work every
  /// 600–900 s (dasd-decisions.md §4), so 750 s ± 20 %.
  public var evaluationPeriodSeconds: Double = 750
  /// How far each interval of that timer strays from the period, as a share of it
  /// [0…1]: intervals are uniform in period × (1 ± spread); the first tick falls at a
  /// random phase.
  public var evaluationPeriodSpread: Double = 0.2
  /// How long after its submission a refresh or processing request may start at the
  /// earliest, whatever its earliest begin date [s] (dasd-decisions.md §1: 450 s).
  public var submissionHoldSeconds: Double = 450
  /// The least time from the app's last launch of any kind to the start of a new launch
  /// activity of an app dasd has launched more than ``launchesBeforeSpacing`` times [s]
  /// (dasd-decisions.md §4: 450 s). A request's submission hold already covers it; it
  /// moves a legacy fetch that dasd's fetch timer makes due soon after a launch.
  public var launchSpacingSeconds: Double = 450
  /// dasd's per-app launch count past which it spaces new launch activities from the
  /// app's last launch (dasd-decisions.md §4: more than 9).
  public var launchesBeforeSpacing: Int = 9
  /// In eras that space processing from the app's last launch
  /// (``IOSEra/spacesProcessingFromLastLaunch``), the least time from that launch to a
  /// processing request's start [s] (dasd-decisions.md §4: not visible in the code; V1
  /// and V3 imply about 1,800 s).
  public var processingLaunchSpacingSeconds: Double = 1800
  /// Median time from a request's start to the launch its timer brings [s]: the
  /// timer's leeway and the app's launch, one lognormal draw per start. V3's six night
  /// gaps exceed the 1,800-s spacing by 57, 7, 1, 4, 2 and 5 s (field-observations-3.md,
  /// grade H): a lognormal with median 5 s and log-sd 1.4. With a fixed 4 s every owner
  /// had the same night (gaps of 30.1 min, p5–p95 width 0), and launches landed at the
  /// exact instant of a time-of-day earliest date.
  public var dueLatencyMedianSeconds: Double = 5
  /// The log-scale sigma of that latency (V3: 1.4).
  public var dueLatencySigma: Double = 1.4
  /// How refresh and processing requests are judged against their own best predicted
  /// moment (dasd-decisions.md §2).
  public var relativeThreshold = RelativeThreshold.Settings()

  /// How far ahead the app-open prediction looks [s] (dasd: about 7.5 min).
  public var appLookAheadSeconds: Double = 450
  /// Largest random shift of that look-ahead [s] (dasd: 0–1350 s).
  public var appJitterSeconds: Double = 1350
  /// The shift is one value for every app, drawn again only once this long has passed
  /// since it was last asked for [s] (dasd: 300 s).
  public var appJitterRedrawSeconds: Double = 300
  /// Width of the prediction windows [s] (`prediction_window`): an app's opens and the
  /// device's use are predicted over this long, from the look-ahead on: dasd's app
  /// timeline's slot of 15 minutes (legacy-fetch.md §3).
  public var predictionWindowSeconds: Double = 900
  /// How long ahead the device must be predicted idle for processing [s]: a task of
  /// minutes that the system ends when the owner picks the phone up.
  public var processingIdleWindowSeconds: Double = 1800
  /// Days of history behind predictions [d].
  public var historyDays: Int = 14
  /// Half-life of a past day's weight in predictions [d]; infinite (`none`, the
  /// default): every remembered day weighs alike, as in dasd's app timeline
  /// (legacy-fetch.md §3).
  public var historyHalfLifeDays: Double = .infinity
  /// Whether an app's open prediction is a mean over the days since its first open
  /// (`app_history_mean: since_first_open`, the default: dasd's app timeline,
  /// legacy-fetch.md §3) rather than over all ``historyDays`` (`all_days`).
  public var appHistoryMeanSinceFirstOpen = true
  /// Size of the energy budget [mWh]: what a day's refills add up to, and the unit of
  /// its bounds. dasd sets it from PowerLog's daily budget, 250 when PowerLog gives none
  /// (multi-app.md §1.1; the unit, mWh, is bgsim's reading).
  public var energyCapacity: Double = 250
  /// Energy made available per day [mWh/d], every 30 minutes: in proportion to the
  /// device use predicted for each half hour (``energyRefillFollowsUse``), or evenly.
  public var energyRefillPerDay: Double = 250
  /// Whether each half hour's refill follows the device use predicted for it (dasd's
  /// budget modulator); without a prediction, and when off, evenly.
  public var energyRefillFollowsUse = true
  /// The most the energy budget can hold [mWh] (dasd: 1.5 × its capacity).
  public var energyCeiling: Double = 375
  /// Size of the device's cellular data budget [bytes] (dasd: 50 MiB).
  public var dataCapacity: Double = 52_428_800
  /// Cellular data made available per day, evenly [bytes/d] (dasd: the capacity a day).
  public var dataRefillPerDay: Double = 52_428_800
  /// The most and the least the cellular budget can hold [bytes] (dasd: 1.5 and −1.2 ×
  /// its capacity, the energy budget's clamp).
  public var dataCeiling: Double = 78_643_200
  public var dataFloor: Double = -62_914_560
  /// Power drawn by a running background task, for the energy budget [W].
  public var backgroundPowerWatts: Double = 0.78
  /// Whether a run that starts on external power draws the energy budget. Off: the
  /// budget stands for battery energy, which a run on the charger does not spend.
  public var chargingRunsDrawEnergy = false
  /// The lowest the energy budget can be drawn to [mWh] (dasd: −1.2 × its capacity).
  public var energyFloor: Double = -300

  /// How many apps dasd's set of recently used apps holds [apps] (dasd: 25); when the
  /// phone has other apps, an app must be in it, as well as within the application
  /// policy's recent window, to count as recent.
  public var recentApps = 25
  /// dasd's cut of the apps that keep legacy fetch when the phone has other apps.
  public var legacyFetchRanking = LegacyFetchRanking.Settings()
  /// dasd's fair share, which decides who is suspended when a group is full.
  public var fairShare = FairShare.Settings()

  /// The most activities of all apps each concurrency group runs at once.
  public var groupCaps = GroupCaps()

  /// How fast a background transfer moves on Wi-Fi [B/s].
  public var transferWiFiBytesPerSecond: Double = 2_500_000
  /// How fast a background transfer moves on cellular data [B/s].
  public var transferCellularBytesPerSecond: Double = 1_000_000
  /// How much owners of one persona differ (``OwnerEffects``).
  public var ownerSpread: OwnerEffects.Spread = {
    var s = OwnerEffects.Spread()
    s.processingSpacingSigma = 1.2
    s.stalledReleaseShare = 0.058
    return s
  }()

  public init() {}
}
