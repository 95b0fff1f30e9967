import DeviceModel
import IOSModel
import Randomness
import SimKernel

/// One phone: the simulated device, the app under study and the system's launch
/// decider, wired together. This is the only place where the device and the iOS model
/// meet: device changes become app inputs (opens, leaves, force quits, use, shutdowns)
/// and decider inputs; the app's running tasks become battery load.
///
/// Kernel targets: 0 the device, 1 the app, 2 the decider.
public struct PhoneSimulation<Decider: LaunchDecider>: EventHandler {
  public static var deviceTarget: UInt32 { 0 }
  public static var appTarget: UInt32 { 1 }
  public static var deciderTarget: UInt32 { 2 }

  public var device: SimulatedDevice
  public let app: SimulatedApp
  public var decider: Decider
  /// Every device change so far, when `keepChanges` is on.
  public var deviceLog: [DeviceChange] = []
  /// Every app event so far, when `keepChanges` is on.
  public var appLog: [AppEvent] = []
  /// The device's state at each launch, taken at that moment.
  public var launchSnapshots: [LaunchSnapshot] = []
  public var keepChanges: Bool
  /// With `keepChanges`, keep only what ``OwnerAccounting`` reads (network changes, app
  /// opens; task requests' submissions, launches and endings, network use) rather than
  /// everything (a timeline needs everything).
  public var keepAccountedOnly = false
  /// Empty arrays with storage, swapped with the device's and the app's outboxes when
  /// they are drained so that draining allocates nothing.
  var spareChanges: [DeviceChange] = []
  var spareEvents: [AppEvent] = []
  var spareWork: [Int] = []

  public init(device: SimulatedDevice, app: SimulatedApp, decider: Decider, keepChanges: Bool = true) {
    self.device = device
    self.app = app
    self.decider = decider
    self.keepChanges = keepChanges
  }

  /// Starts the device and the decider. Call once at time 0.
  public mutating func start(scheduler: inout Scheduler) {
    device.start(scheduler: &scheduler)
    decider.start(app: app, device: device.snapshot, target: Self.deciderTarget, scheduler: &scheduler)
    forward(&scheduler)
  }

  public mutating func handle(_ event: Event, scheduler: inout Scheduler) {
    switch event.target {
    case Self.deviceTarget: device.handle(event, scheduler: &scheduler)
    case Self.appTarget: app.handle(event, scheduler: &scheduler)
    default: decider.handle(event, app: app, device: device.snapshot, scheduler: &scheduler)
    }
    forward(&scheduler)
  }

  /// Passes device changes to the app and the decider, and app load to the battery,
  /// until both sides are quiet.
  mutating func forward(_ scheduler: inout Scheduler) {
    while !device.changes.isEmpty || !app.workChanges.isEmpty || !app.events.isEmpty {
      if !app.events.isEmpty {
        // Swap buffers rather than copy: the drained array keeps its storage for reuse.
        var events = spareEvents
        swap(&events, &app.events)
        defer {
          events.removeAll(keepingCapacity: true)
          spareEvents = events
        }
        // Fields read in place (a `for e in events` loop would copy each event and
        // retain its strings).
        for i in events.indices where events[i].kind == .launch {
          let time = events[i].time
          launchSnapshots.append(
            LaunchSnapshot(
              time: time, identifier: events[i].identifier, charging: device.isPluggedIn,
              network: device.network, batteryPercent: device.batteryPercent(at: time),
              idleSeconds: device.idleSeconds(at: time), reason: decider.launchReason(events[i].identifier)))
        }
        decider.appChanged(events[...], app: app, device: device.snapshot, scheduler: &scheduler)
        if keepChanges {
          if keepAccountedOnly {
            for i in events.indices where Self.isAccounted(events[i].kind) { appLog.append(events[i]) }
          } else {
            appLog += events
          }
        }
      }
      // Only when there are changes: swapping in and walking an empty list still retains it.
      if !device.changes.isEmpty {
        var changes = spareChanges
        swap(&changes, &device.changes)
        defer {
          changes.removeAll(keepingCapacity: true)
          spareChanges = changes
        }
        for change in changes {
          switch change.kind {
          case .appOpened: app.userOpened(scheduler: &scheduler)
          case .appClosed: app.userLeft(scheduler: &scheduler)
          case .forceQuit: app.userForceQuit(scheduler: &scheduler)
          case .screenOn: app.deviceInUse(scheduler: &scheduler)
          case .shutdown: app.deviceShutdown(scheduler: &scheduler)
          default: break
          }
          decider.deviceChanged(change, app: app, device: device.snapshot, scheduler: &scheduler)
          if keepChanges, !keepAccountedOnly || change.kind == .network || change.kind == .appOpened {
            deviceLog.append(change)
          }
        }
      }
      if !app.workChanges.isEmpty {
        var work = spareWork
        swap(&work, &app.workChanges)
        for delta in work { device.setBackgroundWork(running: delta > 0, scheduler: &scheduler) }
        work.removeAll(keepingCapacity: true)
        spareWork = work
      }
    }
  }
}

extension PhoneSimulation {
  /// The app events ``OwnerAccounting`` reads.
  static func isAccounted(_ kind: AppEvent.Kind) -> Bool {
    switch kind {
    case .submit, .replaced, .cancel, .cancelAll, .launch, .expire, .complete, .kill, .network: true
    default: false
    }
  }
}

/// The device's state when a task launched.
public struct LaunchSnapshot: Sendable {
  public let time: SimTime
  public let identifier: String
  public let charging: Bool
  public let network: NetworkKind
  public let batteryPercent: Double
  public let idleSeconds: Double
  /// What prompted the scheduler (the decision's trigger).
  public let reason: String
}
