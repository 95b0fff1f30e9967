import SimKernel

/// One thing that happened on the app's side, for the trace: an API call, a state
/// change, a launch, an expiry, a completion or a kill.
public struct AppEvent: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case register
    /// `register(forTaskWithIdentifier:)` returned false: the detail says why.
    case registerFailed = "register_failed"
    case submit
    /// `submit(_:)` threw: the detail is the request's type, the value its
    /// `BGTaskScheduler.Error.Code`.
    case submitFailed = "submit_failed"
    case replaced
    case cancel
    case cancelAll = "cancel_all"
    case state
    case launch
    case launchRefused = "launch_refused"
    case expire
    case complete
    case kill
    case forceQuit = "force_quit"
    case beginBackgroundTask = "begin_background_task"
    case endBackgroundTask = "end_background_task"
    case backgroundTimeExpired = "background_time_expired"
    case misuse
    /// The app moved data (value: bytes).
    case network
    /// The app handed a transfer to a background URLSession (value: bytes; identifier
    /// `discretionary` for a discretionary one).
    case transfer
  }

  public let time: SimTime
  public let kind: Kind
  /// The task identifier concerned (empty for none), interned: copying an event then
  /// copies a number, where a `String` identifier cost an atomic retain and release of
  /// its storage at every copy (identifiers longer than 15 bytes live on the heap).
  public let name: TaskName
  /// The task identifier concerned, or empty.
  public var identifier: String { name.text }
  /// Kind-specific detail: an error code, a state, an outcome, a reason.
  public let detail: String
  /// A number that goes with it: a submission's `earliestBeginDate` [s from start], or
  /// the bytes of a network use or a background transfer [B].
  public let value: Double?

  public init(time: SimTime, kind: Kind, identifier: String = "", detail: String = "", value: Double? = nil) {
    self.init(
      time: time, kind: kind, name: identifier.isEmpty ? .empty : TaskName(identifier), detail: detail,
      value: value)
  }

  public init(time: SimTime, kind: Kind, name: TaskName, detail: String = "", value: Double? = nil) {
    self.time = time
    self.kind = kind
    self.name = name
    self.detail = detail
    self.value = value
  }
}
