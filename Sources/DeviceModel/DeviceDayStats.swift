/// One simulated device-day, summarised from its changes.
public struct DeviceDayStats: Sendable, Hashable {
  public var day: Int
  /// Screen sessions started.
  public var unlocks = 0
  /// Time with the screen on [s].
  public var screenSeconds = 0.0
  /// Times the charger was connected.
  public var chargingSessions = 0
  /// Time on the charger [s].
  public var chargerSeconds = 0.0
  /// Battery level at each plug-in [%].
  public var plugInLevels: [Double] = []
  /// Battery level at each overnight plug-in [%].
  public var overnightPlugInLevels: [Double] = []
  /// Battery level at each daytime top-up plug-in [%].
  public var topupPlugInLevels: [Double] = []
  /// Lowest battery level [%].
  public var minimumBattery = 100.0
  /// Time on Wi-Fi, and with no service [s].
  public var wifiSeconds = 0.0
  public var noServiceSeconds = 0.0
  /// Time in Low Power Mode [s].
  public var lowPowerSeconds = 0.0
  /// Opens of the app under study, and force quits.
  public var appOpens = 0
  public var forceQuits = 0
  /// Overnight charges begun (plug-ins caused by the overnight habit).
  public var overnightCharges = 0
  /// Daytime top-ups begun.
  public var topups = 0
  /// Times the phone ran flat.
  public var shutdowns = 0

  public init(day: Int) { self.day = day }

  /// Mean plug-in level, or nil when the charger was not connected that day [%].
  public var meanPlugInLevel: Double? {
    plugInLevels.isEmpty ? nil : plugInLevels.reduce(0, +) / Double(plugInLevels.count)
  }
}
