/// The token `beginBackgroundTask` returns and `endBackgroundTask` takes.
public struct UIBackgroundTaskIdentifier: Hashable, Sendable, RawRepresentable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Returned when no background time could be granted.
  public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
