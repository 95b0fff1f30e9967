import Randomness

/// What the app's code does for one task identifier, declared in YAML.
public struct TaskBehaviorSpec: Sendable, Hashable {
  /// When the app submits the request.
  public enum SubmitPolicy: String, Sendable, Hashable, CaseIterable {
    /// Every time the process launches (in `didFinishLaunching`).
    case onLaunch = "on_launch"
    /// From the launch handler when the task completes: periodic work.
    case onCompletion = "on_completion"
    /// From the launch handler as soon as the task starts, before its work (Apple's
    /// samples schedule the next refresh first thing in the handler).
    case onStart = "on_start"
    /// Every time the app comes to the foreground.
    case onForeground = "on_foreground"
    /// Every time the app leaves the screen.
    case onBackground = "on_background"
    /// Only at the first launch of the run.
    case once
  }

  public var identifier: String
  public var kind: BGTaskKind
  /// Delay from submission to `earliestBeginDate` [s]; nil submits with no delay. With
  /// ``earliestBeginTimeOfDay``, the delay after that time instead.
  public var earliestBegin: RandomDistribution?
  /// `earliestBeginDate` at the next such time of day after submission (then plus
  /// ``earliestBegin``) [s since midnight]; nil for a delay from submission.
  public var earliestBeginTimeOfDay: Double?
  public var requiresNetworkConnectivity = false
  public var requiresExternalPower = false
  /// Whether the file gave `requires_external_power` (true or false): a model that runs
  /// processing only on power whatever the request says makes the key do nothing, and
  /// `bgsim validate` and `bgsim run` say so.
  public var requiresExternalPowerGiven = false
  public var submit: Set<SubmitPolicy> = [.onLaunch, .onCompletion]
  /// Time the work takes [s].
  public var work: RandomDistribution = .constant(Constant(5))
  /// Bytes the work transfers.
  public var networkBytes: Double = 0
  /// Share of one CPU core the work uses [0…1].
  public var cpuShare: Double = 0.2
  /// Probability the work succeeds [0…1].
  public var successProbability: Double = 1
  /// Whether the expiration handler stops the work.
  public var honoursExpiration = true
  /// Whether the code calls `setTaskCompleted(success:)` at all.
  public var callsSetTaskCompleted = true
  /// For continued processing: the strategy when no slot is free.
  public var strategy: BGContinuedProcessingTaskRequest.SubmissionStrategy = .queue

  public init(identifier: String, kind: BGTaskKind) {
    self.identifier = identifier
    self.kind = kind
  }
}

/// How the app uses `beginBackgroundTask` when it leaves the screen.
public struct BackgroundTimeSpec: Sendable, Hashable {
  public enum Pattern: String, Sendable, Hashable, CaseIterable {
    /// No background time.
    case none
    /// Begin on leaving, end when the work is done or time expires: correct use.
    case paired
    /// Begin and never end: the app is killed when the time runs out.
    case leak
    /// Begin twice into one stored identifier and end once (a bug seen in a
    /// third-party SDK): one task is never ended and the app is killed at expiry.
    case overwrite
  }

  public var pattern: Pattern = .none
  /// Time the work takes [s].
  public var work: RandomDistribution = .constant(Constant(10))

  public init() {}
}

/// A transfer handed to a background URLSession when the app leaves the screen.
public struct BackgroundTransferSpec: Sendable, Hashable {
  /// Bytes to move.
  public var bytes: Double = 1_000_000
  /// Whether the system may wait for good conditions.
  public var discretionary = true

  public init() {}
}

/// An app: its declarations and its behaviour, as an app file or an experiment's
/// `app` section gives them.
public struct AppSpec: Sendable, Hashable {
  public var configuration = AppConfiguration()
  public var tasks: [TaskBehaviorSpec] = []
  public var backgroundTime = BackgroundTimeSpec()
  /// Time a legacy fetch or a silent push takes the app's code [s].
  public var fetchWork: RandomDistribution = .constant(Constant(3))
  /// Bytes a legacy fetch or a silent push moves.
  public var fetchBytes: Double = 0
  /// A transfer started on each move to the background, if any.
  public var backgroundTransfer: BackgroundTransferSpec?

  public init() {}
}
