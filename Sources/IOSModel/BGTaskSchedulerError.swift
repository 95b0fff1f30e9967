/// The error `BGTaskScheduler.submit(_:)` throws, with Apple's codes.
public struct BGTaskSchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Code: Int, Sendable, Hashable {
    /// Background App Refresh is off, or the API does not exist on this iOS.
    case unavailable = 1
    /// More than 1 refresh or 10 processing requests would be pending.
    case tooManyPendingTaskRequests = 2
    /// The background mode is missing or the identifier is not permitted.
    case notPermitted = 3
    /// A continued-processing request with strategy `.fail` could not start at once.
    case immediateRunIneligible = 4
  }

  public let code: Code
  public init(_ code: Code) { self.code = code }

  public var description: String {
    switch code {
    case .unavailable: "BGTaskSchedulerErrorCodeUnavailable"
    case .tooManyPendingTaskRequests: "BGTaskSchedulerErrorCodeTooManyPendingTaskRequests"
    case .notPermitted: "BGTaskSchedulerErrorCodeNotPermitted"
    case .immediateRunIneligible: "BGTaskSchedulerErrorCodeImmediateRunIneligible"
    }
  }
}
