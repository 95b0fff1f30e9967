import SimKernel

/// The ways the system launches the app (``LaunchPath``), as the scheduler holds them:
/// the app's task requests are judged first, in submission order, then each path's own
/// work, in this order.
struct LaunchPathSet {
  var all: [any LaunchPath]
  /// For each type of task request (by ``BGTaskKind``'s case order), the index of the
  /// path that launches it.
  let requestPath: [Int?]
  /// Whether each path holds work of its own (no task requests).
  let holdsOwnWork: [Bool]
  /// No path holds work of its own, so the due activities are the app's requests (kept
  /// by ``SystemScheduler/notePathsChanged()`` after each call that may change a path).
  var idle = true
  /// Each path's work start that has a timer set (``LaunchPath/startsAt``), so that a
  /// start gets one timer however often the path is asked.
  var timedStarts: [SimTime?]

  init(_ paths: [any LaunchPath]) {
    all = paths
    var requestPath = [Int?](repeating: nil, count: BGTaskKind.allCases.count)
    for kind in BGTaskKind.allCases {
      requestPath[Self.row(kind)] = paths.firstIndex { $0.requestKind == kind }
    }
    self.requestPath = requestPath
    holdsOwnWork = paths.map { $0.requestKind == nil }
    timedStarts = Array(repeating: nil, count: paths.count)
  }

  /// A request type's row in ``requestPath``.
  static func row(_ kind: BGTaskKind) -> Int {
    switch kind {
    case .refresh: 0
    case .processing: 1
    case .continuedProcessing: 2
    }
  }
}
