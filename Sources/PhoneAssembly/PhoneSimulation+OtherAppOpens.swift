import DeviceModel
import SimKernel

extension PhoneSimulation {
  /// Whether `changes` open the app under study at `time`: the screen-on of such a change
  /// list is the owner's turn to that app, so no other app is opened at it (two apps were
  /// in the foreground at once before).
  static func opensAppUnderStudy(_ changes: [DeviceChange], at time: SimTime) -> Bool {
    changes.contains { $0.kind == .appOpened && $0.time == time }
  }
}
