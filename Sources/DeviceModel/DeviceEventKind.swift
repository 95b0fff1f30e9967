/// The kernel event kinds a ``SimulatedDevice`` schedules for itself.
enum DeviceEventKind: UInt32 {
  case unlock = 0
  case screenOff
  case appOpen
  case appClose
  case dayPlan
  case overnightPlug
  case overnightUnplug
  case topupStart
  case topupEnd
  case lowBatteryPlug
  case lowBatteryUnplug
  case batteryThreshold
  case resumeCharging
  case boot
  case leaveHome
  case returnHome
  case networkPeriodEnd
  case heavyUse
  case timeline
  case traceRow
  case ownerRestart
  case updateReleased
  case updateInstall
  case inactivityCheck
  case restartDone
}

/// What last connected the charger, so that a habit only ends the charge it began.
public enum PlugSource: String, Sendable, Hashable {
  case overnight
  case topup
  case lowBattery = "low_battery"
  case scripted
  case trace
}
