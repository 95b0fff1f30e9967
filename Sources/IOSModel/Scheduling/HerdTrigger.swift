import DeviceModel
import SimKernel

/// dasd's thundering-herd triggers, kept by the scheduler from the device's changes:
/// an unlock after the phone was locked for at least ``lengthyLockSeconds``, or Wi-Fi
/// coming back after at least ``lengthyNoNetworkSeconds`` without it (the decompiled
/// `thpolicy.lengthyLock` and `thpolicy.lengthyNoNetwork`, 4 h each; facts
/// `multi-app.md` §1.7). ``ThunderingHerdPolicy`` holds budgeted work for a while
/// after the latest one.
public struct HerdTrigger: Sendable {
  /// What set off the latest trigger.
  public enum Reason: UInt8, Sendable {
    case none
    /// An unlock after a lengthy lock.
    case lengthyLock
    /// Wi-Fi back after a lengthy time without it.
    case lengthyNoNetwork

    /// The reason in a few words, for `bgsim explain`.
    public var text: String {
      switch self {
      case .none: "no trigger"
      case .lengthyLock: "an unlock after a lengthy lock"
      case .lengthyNoNetwork: "Wi-Fi back after a lengthy time without it"
      }
    }
  }

  /// The shortest lock whose unlock is a trigger [s].
  public var lengthyLockSeconds: Double = 14_400
  /// The shortest time without Wi-Fi whose end is a trigger [s].
  public var lengthyNoNetworkSeconds: Double = 14_400
  /// When the screen last went off (the run starts with the phone locked).
  var lockedSince = SimTime.zero
  /// When Wi-Fi was lost; nil while on Wi-Fi (the run starts on it).
  var wifiLostAt: SimTime?
  /// The latest trigger, and why; nil before the first.
  public private(set) var latest: SimTime?
  public private(set) var reason = Reason.none

  public init() {}

  /// Takes the thresholds of `model`'s thundering-herd policy, if it has one.
  mutating func follow(_ model: SchedulingModel) {
    for case let p as ThunderingHerdPolicy in model.policies {
      lengthyLockSeconds = p.lengthyLockSeconds
      lengthyNoNetworkSeconds = p.lengthyNoNetworkSeconds
    }
  }

  /// Follows one change of the device: the screen and the network.
  public mutating func observe(_ change: DeviceChange) {
    switch (change.kind, change.detail) {
    case (.screenOff, _): screenOff(at: change.time)
    case (.screenOn, _): screenOn(at: change.time)
    case (.network, .network(let kind)): network(kind, at: change.time)
    default: break
    }
  }

  mutating func screenOff(at time: SimTime) { lockedSince = time }

  mutating func screenOn(at time: SimTime) {
    if (time - lockedSince).seconds >= lengthyLockSeconds { fire(.lengthyLock, at: time) }
  }

  mutating func network(_ kind: NetworkKind, at time: SimTime) {
    if kind == .wifi {
      if let lost = wifiLostAt, (time - lost).seconds >= lengthyNoNetworkSeconds {
        fire(.lengthyNoNetwork, at: time)
      }
      wifiLostAt = nil
    } else if wifiLostAt == nil {
      wifiLostAt = time
    }
  }

  mutating func fire(_ why: Reason, at time: SimTime) {
    latest = time
    reason = why
  }

  /// Time since the latest trigger at `now` [s]; infinite before the first.
  func seconds(at now: SimTime) -> Float {
    latest.map { Float((now - $0).seconds) } ?? .infinity
  }
}
