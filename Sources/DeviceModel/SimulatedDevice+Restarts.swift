import SimKernel

/// What the device keeps of its restarts.
struct RestartState: Sendable {
  /// When the owner last unlocked the phone (or the run started).
  var lastUnlock = SimTime.zero
  /// The pending inactivity check, if any.
  var inactivityEvent: EventID?
  /// An update released and not yet installed.
  var updatePending = false
  /// Off for a restart (it boots on its own, not when plugged in).
  var restarting = false
}

extension SimulatedDevice {
  /// Schedules the first of each kind of restart the persona allows.
  mutating func startRestarts(_ loop: inout EventLoop) {
    guard random(.restarts) else { return }
    let r = persona.restarts
    restartState.lastUnlock = lastUseBeforeStart ?? loop.now
    if r.ownerPerDay > 0 { scheduleNext(.ownerRestart, perDay: r.ownerPerDay, &loop) }
    if r.updatesPerDay > 0 { scheduleNext(.updateReleased, perDay: r.updatesPerDay, &loop) }
    scheduleInactivityCheck(&loop)
  }

  /// The next event of a Poisson process of `perDay` a day.
  mutating func scheduleNext(_ kind: DeviceEventKind, perDay: Double, _ loop: inout EventLoop) {
    let days = restartStream.exponential(mean: 1 / perDay)
    schedule(kind, at: loop.now + .seconds(days * 86_400), &loop)
  }

  /// The inactivity reboot's check, due its delay after the last unlock; none while the
  /// phone is locked since a boot (it restarts to reach that state) or the rule is off.
  mutating func scheduleInactivityCheck(_ loop: inout EventLoop) {
    let delay = persona.restarts.inactivityRebootSeconds
    guard delay > 0, random(.restarts), restartState.inactivityEvent == nil, isUnlockedSinceBoot else {
      return
    }
    let due = max(loop.now, restartState.lastUnlock + .seconds(delay))
    restartState.inactivityEvent = schedule(.inactivityCheck, at: due, &loop)
  }

  /// The owner unlocked the phone: it counts for the inactivity reboot, and apps may run.
  mutating func noteUnlock(_ loop: inout EventLoop) {
    restartState.lastUnlock = loop.now
    if !isUnlockedSinceBoot {
      isUnlockedSinceBoot = true
      publish(.firstUnlock, at: loop.now)
    }
    scheduleInactivityCheck(&loop)
  }

  mutating func handleRestart(_ kind: DeviceEventKind, _ loop: inout EventLoop) {
    let r = persona.restarts
    switch kind {
    case .ownerRestart:
      scheduleNext(.ownerRestart, perDay: r.ownerPerDay, &loop)
      if isPoweredOn { restart(offSeconds: r.restartSeconds, &loop) }
    case .updateReleased:
      scheduleNext(.updateReleased, perDay: r.updatesPerDay, &loop)
      if !restartState.updatePending {
        restartState.updatePending = true
        scheduleUpdateInstall(&loop)
      }
    case .updateInstall:
      guard restartState.updatePending else { return }
      if isPoweredOn, isPluggedIn, network == .wifi, !isScreenOn {
        restartState.updatePending = false
        restart(offSeconds: r.updateSeconds, &loop)
      } else {
        scheduleUpdateInstall(&loop)
      }
    case .inactivityCheck:
      restartState.inactivityEvent = nil
      let due = restartState.lastUnlock + .seconds(r.inactivityRebootSeconds)
      if loop.now < due {
        scheduleInactivityCheck(&loop)
      } else if isPoweredOn, isUnlockedSinceBoot {
        restart(offSeconds: r.restartSeconds, &loop)
      }
    case .restartDone:
      restartState.restarting = false
      guard !isPoweredOn, batteryLevel > 0 || isPluggedIn else { return }
      isPoweredOn = true
      lastScreenOff = loop.now
      publish(.boot, at: loop.now)
    default:
      break
    }
  }

  /// An update installs overnight, on the charger and on Wi-Fi (Apple's description of
  /// automatic updates): tried at a moment drawn between 02:00 and 05:00 of the coming
  /// night, and each night after until the phone is ready then.
  mutating func scheduleUpdateInstall(_ loop: inout EventLoop) {
    let today = calendar.day(of: loop.now)
    let tonight = calendar.startOfDay(today) + .seconds(2 * 3600)
    let night = loop.now < tonight ? tonight : calendar.startOfDay(today + 1) + .seconds(2 * 3600)
    schedule(.updateInstall, at: night + .seconds(3 * 3600 * restartStream.uniform()), &loop)
  }

  /// Shuts the phone down for `offSeconds`; it boots locked.
  mutating func restart(offSeconds: Double, _ loop: inout EventLoop) {
    shutdown(ranFlat: false, &loop)
    restartState.restarting = true
    schedule(.restartDone, at: loop.now + .seconds(offSeconds), &loop)
  }
}
