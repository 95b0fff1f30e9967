import DeviceModel
import IOSModel
import SimKernel

/// What one phone did over a run: every device change, every app event, and (when
/// recorded) every scheduling decision. `explain`, launch logs and validation figures
/// read it.
public struct PhoneLog {
  public let deviceLog: [DeviceChange]
  public let appLog: [AppEvent]
  public let decisions: [Decision]
  /// The device's state and the rule's cause at each launch (``LaunchSnapshot``).
  public var launchSnapshots: [LaunchSnapshot] = []
  public let calendar: SimCalendar
  /// Lines `bgsim explain` prints before the decisions (a launch path that is off).
  public var notes: [String] = []

  public init(
    deviceLog: [DeviceChange], appLog: [AppEvent], decisions: [Decision], calendar: SimCalendar,
    notes: [String] = []
  ) {
    self.deviceLog = deviceLog
    self.appLog = appLog
    self.decisions = decisions
    self.calendar = calendar
    self.notes = notes
  }

  /// What `bgsim explain` says before the decisions about an app so configured.
  public static func notes(_ configuration: AppConfiguration) -> [String] {
    (configuration.legacyFetchOffReason.map { ["legacy_fetch: off, never judged: \($0)"] } ?? [])
      + (configuration.silentPushOffReason.map { ["silent_push: off, never judged: \($0)"] } ?? [])
  }
}

extension PhoneLog {
  /// Every task request's record (``LaunchRecorder``), in the order they were opened:
  /// each launch's fate, read from the app's events once.
  public var launchRecords: [LaunchRecord] {
    LaunchRecorder.records(of: appLog, snapshots: launchSnapshots).records
  }
}
