import Randomness
import SimKernel

extension SimulatedDevice {
  /// Schedules the day's departure and return: commuting on weekdays, an outing with
  /// some probability at weekends.
  mutating func planPlaces(day: Int, _ loop: inout EventLoop) {
    let n = persona.network
    let midnight = calendar.startOfDay(day)
    let leave: SimTime
    let back: SimTime
    if calendar.isWeekend(midnight) {
      guard networkDraw({ $0.uniform() }) < n.weekendOutingProbability else { return }
      leave = midnight + .seconds(networkDraw { n.weekendOutingStart.sample($0) })
      back = leave + .seconds(max(600, networkDraw { n.weekendOutingLength.sample($0) }))
    } else {
      leave = midnight + .seconds(networkDraw { n.leaveHome.sample($0) })
      let drawn = midnight + .seconds(networkDraw { n.returnHome.sample($0) })
      back = max(drawn, leave + .minutes(30))
    }
    guard leave >= loop.now else { return }
    schedule(.leaveHome, at: leave, &loop)
    schedule(.returnHome, at: back, &loop)
  }

  mutating func leaveHome(_ loop: inout EventLoop) {
    guard isAtHome else { return }
    isAtHome = false
    if let e = networkEvent { loop.cancel(e) }
    publish(.location, .atHome(false), at: loop.now)
    startNetworkPeriod(&loop)
  }

  mutating func returnHome(_ loop: inout EventLoop) {
    guard !isAtHome else { return }
    isAtHome = true
    if let e = networkEvent { loop.cancel(e) }
    networkEvent = nil
    publish(.location, .atHome(true), at: loop.now)
    startNetworkPeriod(&loop)
  }

  /// Draws the next period's network and length: at home Wi-Fi or cellular, away
  /// also no service, each with its share of time.
  mutating func startNetworkPeriod(_ loop: inout EventLoop) {
    networkEvent = nil
    let n = persona.network
    let u = networkDraw { $0.uniform() }
    let kind: NetworkKind
    if isAtHome {
      kind = n.homeWifi && u < n.homeWifiShare ? .wifi : .cellular
    } else {
      kind = u < awayChoice.wifi ? .wifi : u < awayChoice.wifi + awayChoice.none ? .none : .cellular
    }
    let length =
      kind == .none ? networkDraw { n.noServicePeriod.sample($0) } : networkDraw { n.awayPeriod.sample($0) }
    setNetwork(kind, at: loop.now)
    networkEvent = schedule(.networkPeriodEnd, at: loop.now + .seconds(max(30, length)), &loop)
  }

  mutating func setNetwork(_ kind: NetworkKind, at time: SimTime) {
    guard kind != network else { return }
    network = kind
    publish(.network, .network(kind), at: time)
  }

  /// The network stream's next draw: the one kept by the owner's first arm, else `make`'s
  /// from the stream (kept for the other arms). See ``UsageDraws``.
  @inline(__always)
  mutating func networkDraw(_ make: (RandomStream) -> Double) -> Double {
    if let kept = networkDraws.kept() { return kept }
    let x = make(networkStream)
    if keepsUsageDraws { networkDraws.keep(x) }
    return x
  }
}
