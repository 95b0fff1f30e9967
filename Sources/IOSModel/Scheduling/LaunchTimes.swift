import SimKernel

/// When the app was last launched for each kind of activity: a fixed record rather
/// than a dictionary, since the scheduler builds a context at every decision point.
public struct LaunchTimes: Sendable, Hashable {
  var times: (SimTime?, SimTime?, SimTime?, SimTime?, SimTime?) = (nil, nil, nil, nil, nil)

  public init() {}

  public subscript(kind: Activity.Kind) -> SimTime? {
    get {
      switch kind {
      case .refresh: times.0
      case .processing: times.1
      case .legacyFetch: times.2
      case .silentPush: times.3
      case .backgroundTransfer: times.4
      }
    }
    set {
      switch kind {
      case .refresh: times.0 = newValue
      case .processing: times.1 = newValue
      case .legacyFetch: times.2 = newValue
      case .silentPush: times.3 = newValue
      case .backgroundTransfer: times.4 = newValue
      }
    }
  }

  /// The app's last launch of any kind; nil before the first.
  public var latest: SimTime? {
    var best: SimTime?
    for kind in Activity.Kind.allCases {
      if let t = self[kind], best.map({ t > $0 }) ?? true { best = t }
    }
    return best
  }

  public static func == (a: LaunchTimes, b: LaunchTimes) -> Bool {
    a.times.0 == b.times.0 && a.times.1 == b.times.1 && a.times.2 == b.times.2 && a.times.3 == b.times.3
      && a.times.4 == b.times.4
  }

  public func hash(into hasher: inout Hasher) {
    for kind in Activity.Kind.allCases { hasher.combine(self[kind]) }
  }
}
