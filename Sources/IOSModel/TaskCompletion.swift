/// How a launch's run ended, as the app reported it or as the system decided: the
/// `detail` of a ``AppEvent/Kind/complete`` event, spelt in the trace as its raw value.
///
/// A `BGTask`'s handler calls `setTaskCompleted(success:)` (``success``, ``failure``);
/// a legacy fetch or silent push reports a `UIBackgroundFetchResult` (``newData``,
/// ``noData``, ``fetchFailed``); a background URLSession's events end with the
/// completion handler (``done``); a task that expires with no expiration handler is
/// marked complete and unsuccessful by the system (``expiredWithoutHandler``).
public enum TaskCompletion: String, Sendable, Hashable, CaseIterable {
  case success
  case failure
  case newData = "new_data"
  case noData = "no_data"
  case fetchFailed = "failed"
  case done
  case expiredWithoutHandler = "expired_without_handler"

  /// The run did its work: the handler reported success, new data or no new data (both
  /// are a completed fetch), or the transfer's events were handled.
  public var succeeded: Bool {
    switch self {
    case .success, .newData, .noData, .done: true
    case .failure, .fetchFailed, .expiredWithoutHandler: false
    }
  }

  /// A fetch or push handler's result.
  public init(_ result: BackgroundFetchResult) {
    switch result {
    case .newData: self = .newData
    case .noData: self = .noData
    case .failed: self = .fetchFailed
    }
  }
}
