import DeviceModel
import IOSModel
import SimKernel

/// One task request's fate on a phone, from its submission (or, for work the system
/// launches without a request, its launch) to its end: the one account of a launch that
/// the rows, validation figures and `explain` read (``LaunchRecorder``).
///
/// Plain values only: a record is copied several times between its submission and its
/// row, and text fields made each copy retain and release them; the request's kind is
/// a number into the recorder's ``LaunchRecorder/Texts``.
public struct LaunchRecord: Sendable {
  /// How the request ended.
  public enum End: Sendable, Equatable {
    /// The run ended as the app reported it (``TaskCompletion``).
    case completed(TaskCompletion)
    /// The watchdog killed the app while it ran.
    case killed
    /// Replaced, cancelled, or cancelled with all others before it launched.
    case cancelled
    /// `submit(_:)` or `register` refused it (see ``errorCode``).
    case rejected
  }

  /// The device's state when it launched (``LaunchSnapshot``), and why the rule
  /// launched it.
  public struct Snapshot: Sendable {
    public var charging: Bool
    public var network: NetworkKind
    public var cause: LaunchCause?
    public var batteryPercent: Double
    public var idleSeconds: Double
  }

  public var name: TaskName
  /// The request's kind as the app's submit or launch event spells it: a number into
  /// the recorder's texts.
  public var kind: UInt8
  public var submitted: SimTime
  public var earliest: SimTime
  public var launched: SimTime?
  public var snapshot: Snapshot?
  /// When the system expired the run, if it did before the run ended.
  public var expiredAt: SimTime?
  /// When it ended: its run's end, or when it was cancelled or rejected.
  public var ended: SimTime?
  public var end: End?
  /// For a rejected submission, its `BGTaskScheduler.Error.Code` (0: none).
  public var errorCode: UInt8 = 0

  public init(name: TaskName, kind: UInt8, submitted: SimTime, earliest: SimTime) {
    self.name = name
    self.kind = kind
    self.submitted = submitted
    self.earliest = earliest
  }

  /// Whether nothing more can happen to it: it ran and ended, or it closed without running.
  public var isSettled: Bool { launched == nil ? end != nil : ended != nil }
}
