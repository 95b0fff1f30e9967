/// A simulated owner: usage, battery, charging habits, network and thermal behaviour.
/// Personas are YAML files in `experiments/personas/`; every key is optional and falls
/// back to the defaults of the `typical` owner.
public struct Persona: Sendable, Hashable {
  public var name: String = "typical"
  public var summary: String = ""
  public var usage = UsageSpec()
  public var battery = BatterySpec()
  public var charging = ChargingSpec()
  public var network = NetworkSpec()
  public var thermal = ThermalSpec()
  public var restarts = RestartSpec()

  public init() {}
}
