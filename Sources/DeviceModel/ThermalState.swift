/// The device's thermal state, as iOS reports it (`ProcessInfo.ThermalState`).
public enum ThermalState: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
  case nominal = 0
  case fair = 1
  case serious = 2
  case critical = 3

  public static func < (a: ThermalState, b: ThermalState) -> Bool { a.rawValue < b.rawValue }

  public var description: String {
    switch self {
    case .nominal: "nominal"
    case .fair: "fair"
    case .serious: "serious"
    case .critical: "critical"
    }
  }

  public init?(text: String) {
    guard let s = Self.allCases.first(where: { $0.description == text }) else { return nil }
    self = s
  }
}
