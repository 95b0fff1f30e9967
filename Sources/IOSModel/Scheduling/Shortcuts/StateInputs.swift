import DeviceModel

/// The state a veto on state alone reads (``PolicyInputs/standingState``), and the
/// pending requests (by their generation): kept by ``StandingVeto`` and ``OutOfReach``
/// to tell whether the state they were judged in is still the state now.
struct StateInputs: Equatable {
  var app: ObjectIdentifier
  var generation: Int
  var isPluggedIn: Bool
  var isPoweredOn: Bool
  var network: NetworkKind
  var thermal: ThermalState
  var isForceQuitFlagged: Bool
  var backgroundAppRefresh: Bool
  var era: IOSEra

  init(app: some LaunchableApp, device: some DeviceConditions) {
    self.app = ObjectIdentifier(app)
    generation = app.pendingGeneration
    isPluggedIn = device.isPluggedIn
    isPoweredOn = device.appsCanRun
    network = device.network
    thermal = device.thermalState
    isForceQuitFlagged = app.isForceQuitFlagged
    backgroundAppRefresh = app.configuration.backgroundAppRefresh
    era = app.configuration.era
  }

  /// Whether the app and the device are still in this state (the same test as
  /// comparing with a freshly made record, without making one).
  @inline(__always)
  func hold(app: some LaunchableApp, device: some DeviceConditions) -> Bool {
    self.app == ObjectIdentifier(app) && generation == app.pendingGeneration
      && isPluggedIn == device.isPluggedIn
      && isPoweredOn == device.appsCanRun
      && network == device.network && thermal == device.thermalState
      && isForceQuitFlagged == app.isForceQuitFlagged
      && backgroundAppRefresh == app.configuration.backgroundAppRefresh && era == app.configuration.era
  }
}
