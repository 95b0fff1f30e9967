/// Which of the other apps' due work a decision point judges
/// (``SystemScheduler/judgeOtherApps(app:device:now:loop:scope:)``).
enum OtherAppsScope {
  /// Every app's due work: dasd's timer, the charger, the network, a boot.
  case all
  /// The legacy fetches dasd's fetch timer has just made due, on a phone whose app under
  /// study has no fetch of its own.
  case fetches
  /// The silent pushes that arrive at the point, or whose spacing, which held them back,
  /// ends there: dasd judges a push when it comes in, as it does the app under study's
  /// (multi-app.md §1.6, the push path).
  case pushArrivals

  /// Whether work of `kind` is judged at a point of this scope (among the apps
  /// ``OtherAppsWork/candidates(_:)`` gives it).
  @inline(__always)
  func admits(_ kind: Activity.Kind) -> Bool {
    switch self {
    case .all: true
    case .fetches: kind == .legacyFetch
    case .pushArrivals: kind == .silentPush
    }
  }
}
