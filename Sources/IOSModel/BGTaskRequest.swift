import SimKernel

/// A request to launch the app in the background later, mirroring Apple's
/// `BGTaskRequest`. One request is one launch: periodic work submits a new one.
public protocol BGTaskRequest: Sendable {
  /// The task identifier, which must be listed in the app's permitted identifiers.
  var identifier: String { get }
  /// The earliest time the task may start; nil means "no delay". A lower bound only.
  var earliestBeginDate: SimTime? { get set }
  /// Which kind of task this asks for.
  var kind: BGTaskKind { get }
}

/// The kinds of background task.
public enum BGTaskKind: String, Sendable, Hashable, CaseIterable {
  case refresh
  case processing
  case continuedProcessing = "continued"
}

/// A short refresh of content (about 30 s), needing the `fetch` background mode.
public struct BGAppRefreshTaskRequest: BGTaskRequest, Hashable {
  public let identifier: String
  public var earliestBeginDate: SimTime?
  public var kind: BGTaskKind { .refresh }

  public init(identifier: String) { self.identifier = identifier }
}

/// Deferrable maintenance (minutes), needing the `processing` background mode. The
/// system runs it only when the device is idle.
public struct BGProcessingTaskRequest: BGTaskRequest, Hashable {
  public let identifier: String
  public var earliestBeginDate: SimTime?
  /// Whether the task needs a network connection. Defaults to false.
  public var requiresNetworkConnectivity = false
  /// Whether the task needs external power. Defaults to false (iPhones run processing
  /// only on power anyway; see the scheduler's policies).
  public var requiresExternalPower = false
  public var kind: BGTaskKind { .processing }

  public init(identifier: String) { self.identifier = identifier }
}

/// iOS 26: work the user started in the foreground that continues with a progress
/// display after the app leaves the screen.
public struct BGContinuedProcessingTaskRequest: BGTaskRequest, Hashable {
  /// What to do when the system cannot start the task at once.
  public enum SubmissionStrategy: String, Sendable, Hashable {
    /// Wait in a queue until it can run (the default).
    case queue
    /// Throw `immediateRunIneligible` instead.
    case fail
  }

  public let identifier: String
  public var earliestBeginDate: SimTime?
  public var title: String
  public var subtitle: String
  public var strategy: SubmissionStrategy = .queue
  public var kind: BGTaskKind { .continuedProcessing }

  public init(identifier: String, title: String, subtitle: String) {
    self.identifier = identifier
    self.title = title
    self.subtitle = subtitle
  }
}
