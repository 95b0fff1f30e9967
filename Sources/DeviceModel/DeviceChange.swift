import SimKernel

/// One change of the device's state, published so that a scheduler can re-evaluate and
/// a trace can record it. Each change is one row of `device_events.csv`.
public struct DeviceChange: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// External power connected; value: what caused it (`overnight`, `topup`, `low_battery`, `scripted`, `trace`).
    case plugged
    /// External power disconnected.
    case unplugged
    /// The screen turned on (an unlock).
    case screenOn = "screen_on"
    /// The screen turned off.
    case screenOff = "screen_off"
    /// The app under study came to the foreground.
    case appOpened = "app_opened"
    /// The app under study left the foreground.
    case appClosed = "app_closed"
    /// The owner swiped the app away in the app switcher.
    case forceQuit = "force_quit"
    /// The network changed; value: `wifi`, `cellular` or `none`.
    case network
    /// The battery crossed a multiple of 5 %; value: that level.
    case batteryLevel = "battery_level"
    /// Low Power Mode switched; value `on` or `off`.
    case lowPowerMode = "low_power_mode"
    /// The thermal state changed; value: the new state.
    case thermal
    /// The phone switched off: it ran flat or restarts.
    case shutdown
    /// The phone switched on again, locked until its owner unlocks it.
    case boot
    /// The owner unlocked the phone for the first time since it booted: apps may run.
    case firstUnlock = "first_unlock"
    /// The owner left home or came back; value `away` or `home`.
    case location
    /// The battery was set by a script or trace; value: the level.
    case batterySet = "battery_set"
  }

  /// A change's kind-specific detail, kept as a plain value (no strings) so that
  /// changes cost nothing to copy on the simulation's hot path; ``value`` spells it.
  public enum Detail: Sendable, Hashable {
    case none
    case plugSource(PlugSource)
    case network(NetworkKind)
    /// Low Power Mode on or off.
    case on(Bool)
    /// At home or away.
    case atHome(Bool)
    case thermal(ThermalState)
    /// A battery level [0…100 %].
    case percent(Double)
  }

  public let time: SimTime
  public let kind: Kind
  public let detail: Detail
  /// Battery level when it happened [0…100 %].
  public let batteryPercent: Double

  public init(time: SimTime, kind: Kind, detail: Detail = .none, batteryPercent: Double) {
    self.time = time
    self.kind = kind
    self.detail = detail
    self.batteryPercent = batteryPercent
  }

  /// Kind-specific detail as text (empty when none), as `device_events.csv` and
  /// timelines show it.
  public var value: String {
    switch detail {
    case .none: ""
    case .plugSource(let source): source.rawValue
    case .network(let network): network.rawValue
    case .on(let on): on ? "on" : "off"
    case .atHome(let home): home ? "home" : "away"
    case .thermal(let state): state.description
    case .percent(let level): DeviceNumber.percent(level)
    }
  }
}
