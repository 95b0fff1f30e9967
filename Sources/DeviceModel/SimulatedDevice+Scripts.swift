import SimKernel

extension SimulatedDevice {
  /// Carries out one scripted event at exactly its time.
  mutating func runTimeline(_ event: TimelineEvent, _ loop: inout EventLoop) {
    let now = loop.now
    switch event.action {
    case .plug: plug(.scripted, &loop)
    case .unplug: unplug(ifSource: nil, &loop)
    case .screenOn(let seconds): screenOn(seconds: seconds, &loop)
    case .openApp(let seconds), .installApp(let seconds): openApp(seconds: seconds, &loop)
    case .forceQuit:
      if isAppInForeground {
        appClose(forceQuit: true, &loop)
      } else {
        publish(.forceQuit, at: now)
      }
    case .network(let kind): setNetwork(kind, at: now)
    case .lowPowerMode(let on):
      if on != isLowPowerMode {
        isLowPowerMode = on
        publish(.lowPowerMode, .on(on), at: now)
      }
    case .battery(let level): setBattery(level, &loop)
    case .thermal(let state):
      if state != thermalState {
        thermalState = state
        publish(.thermal, .thermal(state), at: now)
      }
    }
  }

  /// Applies one recorded observation. The battery moves linearly to the next
  /// observed level; between observations it is the trace, not the model, that
  /// decides the level.
  mutating func replay(_ index: Int, _ loop: inout EventLoop) {
    guard let trace else { return }
    let row = trace.observations[index]
    let now = loop.now
    if let plugged = row.plugged {
      if plugged { plug(.trace, &loop) } else { unplug(ifSource: nil, &loop) }
    }
    if let on = row.screenOn {
      if on { screenOn(seconds: .infinity, &loop) } else { screenOff(&loop) }
    }
    if let kind = row.network { setNetwork(kind, at: now) }
    if let level = row.batteryPercent {
      setBattery(level, &loop)
      let next = trace.observations[(index + 1)...].first { $0.batteryPercent != nil }
      if let next, let target = next.batteryPercent, next.time > now {
        replayRate = (target - level) / (next.time - now).seconds * 3600
      } else {
        replayRate = 0
      }
      if !isPoweredOn, level > 0 {
        isPoweredOn = true
        publish(.boot, at: now)
      }
    }
  }
}
