import Foundation
import SimKernel

/// The concurrency group an activity runs in, shared by every app on the phone: dasd
/// counts the running activities of each group, whoever's they are, and launches
/// nothing more in a full one (the multi-app facts, §1.3).
public enum ActivityGroup: Int, CaseIterable, Sendable {
  /// dasd's `default` group: work that needs no network.
  case standard
  /// `defaultNetwork`: work that needs the network.
  case network
  /// Legacy background fetch's own group.
  case legacyFetch
  /// nsurlsessiond's pool of background transfers.
  case transfers

  /// The group `activity` runs in: its own for legacy fetch and transfers, otherwise by
  /// whether it needs the network (dasd's default assignment).
  public init(_ activity: Activity) {
    switch activity.kind {
    case .legacyFetch: self = .legacyFetch
    case .backgroundTransfer: self = .transfers
    default: self = activity.requiresNetwork ? .network : .standard
    }
  }

  public var name: String {
    switch self {
    case .standard: "default"
    case .network: "network"
    case .legacyFetch: "legacy_fetch"
    case .transfers: "transfers"
    }
  }

  /// How much one running activity counts against its group after running `age`:
  /// full at the start, half after the half-life (dasd: 45 min), so that long runners
  /// stop blocking new work.
  static func weight(age: SimDuration, halfLifeSeconds: Double) -> Double {
    exp2(-max(0, age.seconds) / halfLifeSeconds)
  }
}

/// The most activities each group runs at once, and how a runner's weight decays.
public struct GroupCaps: Sendable, Hashable {
  /// dasd's `default` group [activities]: Trial-tuned, no iPhone figure (a Mac's
  /// database has 6 for `defaultNetwork`).
  public var standard = 6
  /// `defaultNetwork` [activities]: as ``standard``.
  public var network = 6
  /// Legacy background fetch [activities] (dasd: 3).
  public var legacyFetch = 3
  /// Background transfers [activities] (nsurlsessiond: 3).
  public var transfers = 3
  /// Half-life of a running activity's weight in its group's load [s] (dasd: 2700).
  public var loadHalfLifeSeconds: Double = 2_700

  public init() {}

  public subscript(group: ActivityGroup) -> Int {
    get {
      switch group {
      case .standard: standard
      case .network: network
      case .legacyFetch: legacyFetch
      case .transfers: transfers
      }
    }
    set {
      switch group {
      case .standard: standard = newValue
      case .network: network = newValue
      case .legacyFetch: legacyFetch = newValue
      case .transfers: transfers = newValue
      }
    }
  }
}
