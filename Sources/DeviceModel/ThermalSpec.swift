/// A deliberately simple thermal model: fast charging or a long screen session warms
/// the phone to `fair`; both together make it `serious`.
public struct ThermalSpec: Sendable, Hashable {
  /// Screen-on time after which a session counts as heavy use [s].
  public var heavyUseAfterSeconds: Double = 900
  /// Whether charging below the taper level counts as a heat source.
  public var fastChargingWarms: Bool = true

  public init() {}
}
