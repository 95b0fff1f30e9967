import SimKernel

/// One scripted event: at `time`, do `action`. A timeline reproduces a day observed on
/// a real phone, wholly or in part.
public struct TimelineEvent: Sendable, Hashable {
  public enum Action: Sendable, Hashable {
    /// Connect external power.
    case plug
    /// Disconnect external power.
    case unplug
    /// Turn the screen on for a while [s].
    case screenOn(seconds: Double)
    /// Open the app under study for a while [s] (turning the screen on if needed).
    case openApp(seconds: Double)
    /// Open the app under study for a while [s] without taking the owner's other use of
    /// the phone over: the app's own opens are scripted (this one and any `open_app`),
    /// the screen's use keeps following habit. An install, say.
    case installApp(seconds: Double)
    /// Swipe the app away in the app switcher.
    case forceQuit
    /// Switch to a network.
    case network(NetworkKind)
    /// Turn Low Power Mode on or off.
    case lowPowerMode(Bool)
    /// Set the battery level [0…100 %].
    case battery(Double)
    /// Set the thermal state.
    case thermal(ThermalState)

    /// The part of the device's behaviour this action takes over from random habits.
    public var aspect: DeviceAspect? {
      switch self {
      case .plug, .unplug: .charging
      case .screenOn, .openApp, .forceQuit: .usage
      case .installApp: .appUse
      case .network: .network
      case .lowPowerMode, .battery, .thermal: nil
      }
    }
  }

  /// When it happens, from the start of the run.
  public let time: SimTime
  public let action: Action
  /// Where it was written, for messages.
  public let line: Int

  public init(time: SimTime, action: Action, line: Int = 0) {
    self.time = time
    self.action = action
    self.line = line
  }
}

/// The parts of a device's behaviour that random habits drive unless a script does.
public enum DeviceAspect: String, Sendable, Hashable, CaseIterable {
  /// The owner's screen sessions (unlocks).
  case usage
  /// The owner's opens of the app under study and swipe-aways: a timeline that scripts
  /// the owner's use scripts these too; a recorded trace (which shows the screen, not
  /// which app was open) leaves them to the persona in an experiment.
  case appUse
  case charging
  case network
  /// Restarts (``RestartSpec``): random unless a timeline turns random habits off, or a
  /// recorded trace, which shows when its phone was on, drives the phone.
  case restarts
}
