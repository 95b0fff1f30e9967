import DeviceModel

/// What prompted a decision point: the scheduler's periodic timer, a silent push (to the
/// app, or to another app, reaching a sleeping phone), a request's `earliestBeginDate`, a
/// submission, or a change of the device.
///
/// A plain value, passed down through every decision point without the retain and
/// release a text costs; the text (``text``) is made only for a launch's reason or a kept
/// decision.
public enum DecisionTrigger: Sendable, Hashable {
  case timer
  /// dasd's 3-hourly fetch timer (legacy-fetch.md §2).
  case fetchTimer
  case push
  /// A push to another of the owner's apps reached the phone asleep on battery, and work
  /// of the app under study had come due while it slept (dasd-decisions.md §4).
  case otherAppPush
  case earliestBeginDate
  case submit
  case device(DeviceChange.Kind)

  /// As `bgsim explain` and the `launch_trigger` column spell it.
  public var text: String {
    switch self {
    case .timer: "timer"
    case .fetchTimer: "fetch_timer"
    case .push: "push"
    case .otherAppPush: "other_app_push"
    case .earliestBeginDate: "earliest_begin_date"
    case .submit: "submit"
    case .device(let kind): kind.rawValue
    }
  }
}
