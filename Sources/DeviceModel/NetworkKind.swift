/// The kind of network the phone is connected to.
public enum NetworkKind: String, Sendable, Hashable, CaseIterable {
  case wifi
  case cellular
  case none

  /// Whether data is metered (cellular counts against the data budget).
  public var isExpensive: Bool { self == .cellular }
}
