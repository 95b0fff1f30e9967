import DeviceModel
import IOSModel
import SimKernel

/// One phone: the simulated device, the app under study and the system's launch
/// decider, wired together. This is the only place where the device and the iOS model
/// meet: device changes become app inputs (opens, leaves, force quits, use, shutdowns)
/// and decider inputs; the app's running tasks become battery load.
///
/// Each part's kernel events carry its address (``PhoneAddresses``), handed out when the
/// phone is assembled; the simulation hands each event to its part.
public struct PhoneSimulation<Decider: LaunchDecider>: EventHandler {
  /// Where each part's kernel events are addressed.
  public let addresses: PhoneAddresses

  public var device: SimulatedDevice
  public let app: SimulatedApp
  public var decider: Decider
  /// The app's server, when it sends silent pushes.
  public let pushServer: SilentPushServer?
  /// The owner's use of the other apps, when the phone has some: at each screen-on it
  /// says which app the owner opens, and the decider learns of it.
  public private(set) var otherAppUse: OtherAppUse?
  /// The other apps' work, a part next to the app under study, connected to the decider
  /// at assembly (``IOSModel/SystemScheduler/connect(otherApps:recent:)``).
  public let otherApps: OtherAppsWork?
  /// Every device change so far, when `keepChanges` is on.
  public var deviceLog: [DeviceChange] = []
  /// Every app event so far, when `keepChanges` is on.
  public var appLog: [AppEvent] = []
  /// The device's state at each launch, taken at that moment.
  public var launchSnapshots: [LaunchSnapshot] = []
  public var keepChanges: Bool
  /// With `keepChanges`, which changes and events the logs keep: what the reader of the
  /// logs declares it reads (everything, for a timeline or `explain`).
  public var logFilter = PhoneLogFilter.everything
  /// What each of the owner's other apps did so far (the phone's report for
  /// `other_apps.csv`; empty without other apps).
  public var otherAppTotals: [OtherAppTotal] {
    guard let otherApps, let use = otherAppUse else { return [] }
    return otherApps.totals(opens: use.opens(rank:))
  }
  /// The other apps' runs so far, while ``recordsOtherAppRuns`` is on (for a timeline).
  public var otherAppRuns: [OtherAppRun] { otherApps?.runs ?? [] }
  public var recordsOtherAppRuns: Bool {
    get { otherApps?.recordsRuns ?? false }
    nonmutating set { otherApps?.recordsRuns = newValue }
  }
  /// Whether the app was installed before the run: its requests left pending then are
  /// submitted again at the start (``IOSModel/SimulatedApp/resumeInstalled(loop:)``).
  public var installedBeforeRun = false
  /// An empty array with storage, swapped with the device's changes when they are drained
  /// so that draining allocates nothing.
  var spareChanges: [DeviceChange] = []

  public init(
    device: SimulatedDevice, app: SimulatedApp, decider: Decider, pushServer: SilentPushServer? = nil,
    otherAppUse: OtherAppUse? = nil, otherApps: OtherAppsWork? = nil,
    addresses: PhoneAddresses = PhoneAddresses(),
    keepChanges: Bool = true
  ) {
    self.addresses = addresses
    self.otherAppUse = otherAppUse
    self.otherApps = otherApps
    self.device = device
    self.app = app
    self.decider = decider
    self.pushServer = pushServer
    self.keepChanges = keepChanges
  }

  /// Starts the device, the decider and the push server. Call once at time 0.
  public mutating func start(loop: inout EventLoop) {
    device.start(loop: &loop)
    decider.start(app: app, device: device.snapshot, target: addresses.decider, loop: &loop)
    if installedBeforeRun { app.resumeInstalled(loop: &loop) }
    pushServer?.scheduleNext(after: loop.now, target: addresses.pushServer, loop: &loop)
    forward(&loop)
  }

  public mutating func handle(_ event: Event, loop: inout EventLoop) {
    switch event.target {
    case addresses.device: device.handle(event, loop: &loop)
    case addresses.app: app.handle(event, loop: &loop)
    case addresses.pushServer:
      pushServer?.scheduleNext(after: loop.now, target: addresses.pushServer, loop: &loop)
      decider.silentPushArrived(app: app, device: device.snapshot, loop: &loop)
    default: decider.handle(event, app: app, device: device.snapshot, loop: &loop)
    }
    // Checked here: many events (most timer ticks) leave nothing to pass on, and
    // entering `forward` set up its frame for nothing.
    if hasSomethingToForward { forward(&loop) }
  }

  /// Whether the device or the app has changes, load or events not yet passed on.
  var hasSomethingToForward: Bool {
    @inline(__always) get { !device.changes.isEmpty || !app.workChanges.isEmpty || !app.events.isEmpty }
  }

  /// Passes device changes to the app and the decider, and app load to the battery,
  /// until both sides are quiet.
  ///
  /// The device's changes are swapped with a spare array and read there by index: the
  /// drained array keeps its storage for reuse, and no second reference to it is made
  /// (copying the spare into a local first, or walking it with `for … in`, cost a retain
  /// and a release of the buffer per pass, a few hundred atomic operations per
  /// device-day). Nothing called from here touches the spare. The app's events and work
  /// changes are kept in ``Outbox``es, which need no uniqueness check per append and
  /// removal, and are drained through the app.
  ///
  /// Inlined into the run loop: as a function of its own, its entry and exit (saving
  /// registers, setting up the addresses its loop uses) cost about 40 instructions at
  /// each of the ~250 calls per device-day.
  @inline(__always)
  mutating func forward(_ loop: inout EventLoop) {
    while hasSomethingToForward {
      if !app.events.isEmpty {
        app.drainEvents()
        // Fields read in place (copying an event would retain its strings).
        for i in 0..<app.drainedEvents.count where app.drainedEvents[i].kind == .launch {
          let time = app.drainedEvents[i].time
          let name = app.drainedEvents[i].name
          launchSnapshots.append(
            LaunchSnapshot(
              time: time, name: name, charging: device.isPluggedIn,
              network: device.network, batteryPercent: device.batteryPercent(at: time),
              idleSeconds: device.idleSeconds(at: time),
              cause: decider.launchCause(name)))
        }
        decider.appChanged(app.drainedEvents.view, app: app, device: device.snapshot, loop: &loop)
        if keepChanges {
          // Moved, not copied, into the log.
          let filter = logFilter
          app.finishDraining(keepingIn: &appLog) { filter.keeps($0.kind) }
        } else {
          app.finishDraining()
        }
      }
      // Only when there are changes: swapping in and walking an empty list still retains it.
      if !device.changes.isEmpty {
        swap(&spareChanges, &device.changes)
        for i in spareChanges.indices {
          let change = spareChanges[i]
          switch change.kind {
          case .appOpened: app.userOpened(loop: &loop)
          case .appClosed: app.userLeft(loop: &loop)
          case .forceQuit: app.userForceQuit(loop: &loop)
          case .screenOn: app.deviceInUse(loop: &loop)
          case .shutdown: app.deviceShutdown(loop: &loop)
          default: break
          }
          decider.deviceChanged(change, app: app, device: device.snapshot, loop: &loop)
          // A screen-on that opens the app under study opens no other app.
          if change.kind == .screenOn, !Self.opensAppUnderStudy(spareChanges, at: change.time),
            let rank = otherAppUse?.rankOpenedAtScreenOn()
          {
            decider.otherAppOpened(rank: rank, at: change.time)
          }
          if keepChanges, logFilter.keeps(change.kind) {
            deviceLog.append(change)
          }
        }
        spareChanges.removeAllOfShortList()
      }
      if !app.workChanges.isEmpty {
        // The device does not call the app: the list does not change while it is read.
        for i in 0..<app.workChanges.count {
          device.setBackgroundWork(running: app.workChanges[i] > 0, loop: &loop)
        }
        app.clearWorkChanges()
      }
    }
  }
}

/// The kernel addresses of a phone's parts, handed out one by one as the assembly adds
/// the parts (the device, the app, the decider, the app's push server): make the device
/// and the app with theirs, and ``PhoneSimulation`` hands each event to its part.
public struct PhoneAddresses: Sendable, Equatable {
  public let device: UInt32
  public let app: UInt32
  public let decider: UInt32
  public let pushServer: UInt32

  public init() {
    var next: UInt32 = 0
    func handOut() -> UInt32 {
      defer { next += 1 }
      return next
    }
    device = handOut()
    app = handOut()
    decider = handOut()
    pushServer = handOut()
  }
}

/// The device's state when a task launched.
public struct LaunchSnapshot: Sendable {
  public let time: SimTime
  /// The task identifier, interned.
  public let name: TaskName
  public var identifier: String { name.text }
  public let charging: Bool
  public let network: NetworkKind
  public let batteryPercent: Double
  public let idleSeconds: Double
  /// Why the scheduler launched it, as the rule kept it at the decision (nil for a
  /// decider that keeps none, as a scripted one).
  public let cause: LaunchCause?
}
