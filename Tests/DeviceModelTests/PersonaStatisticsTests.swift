import DeviceModel
import Testing

/// Each persona, averaged over 1,000 simulated device-days (40 owners × 25 days), must
/// show the figures its sources give (see the calibration notes). A figure passes when
/// its mean lies in the published range widened by four standard errors of the mean
/// over owners, so the tolerance comes from the sample size, not from the result.
@Suite struct PersonaStatisticsTests {
  static let owners = 40
  static let days = 25

  func simulate(_ name: String) throws -> [[DeviceDayStats]] {
    let sim = DeviceSimulation(
      persona: try Repo.persona(name), days: Self.days, seed: 2026, startDate: monday)
    return (0..<Self.owners).map { sim.run(device: $0).days }
  }

  func expect(
    _ devices: [[DeviceDayStats]], _ label: String, in range: ClosedRange<Double>,
    _ f: ([DeviceDayStats]) -> Double, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (mean, se) = meanOverDevices(devices, f)
    let ok = mean >= range.lowerBound - 4 * se && mean <= range.upperBound + 4 * se
    #expect(ok, "\(label): \(mean) ± \(se) outside \(range)", sourceLocation: sourceLocation)
  }

  @Test func typicalOwner() throws {
    let d = try simulate("typical")
    // 50–90 unlocks a day (Apple 2016: 80; Hintze 2014/2017: 57–60).
    expect(d, "unlocks/day", in: 50...90) { average($0) { Double($0.unlocks) } }
    // One overnight charge on most nights.
    expect(d, "share of nights with an overnight charge", in: 0.5...1) {
      average($0) { $0.overnightCharges > 0 ? 1 : 0 }
    }
    // Wi-Fi 50–70 % of the time (Opensignal; Lee et al. 70 %).
    expect(d, "Wi-Fi share", in: 0.5...0.7) { average($0) { $0.wifiSeconds / 86_400 } }
    // About 2 h of screen a day (Hintze 2014: 117 min).
    expect(d, "screen hours/day", in: 1.5...3) { average($0) { $0.screenSeconds / 3600 } }
  }

  @Test func heavyNightCharger() throws {
    let d = try simulate("heavy-night-charger")
    expect(d, "unlocks/day", in: 110...150) { average($0) { Double($0.unlocks) } }
    expect(d, "screen hours/day", in: 4...5) { average($0) { $0.screenSeconds / 3600 } }
    // One strict charge starting at 15–25 %.
    expect(d, "overnight plug-in level", in: 15...25) { days in
      let levels = days.flatMap(\.overnightPlugInLevels)
      return levels.reduce(0, +) / Double(levels.count)
    }
    expect(d, "overnight charges/day", in: 0.95...1.05) { average($0) { Double($0.overnightCharges) } }
    // Evenings often cross 20 % and Low Power Mode.
    expect(d, "share of days below 20 %", in: 0.5...1) { average($0) { $0.minimumBattery < 20 ? 1 : 0 } }
    expect(d, "share of days with Low Power Mode", in: 0.3...1) {
      average($0) { $0.lowPowerSeconds > 0 ? 1 : 0 }
    }
  }

  @Test func lightOpportunisticCharger() throws {
    let d = try simulate("light-opportunistic")
    expect(d, "unlocks/day", in: 25...45) { average($0) { Double($0.unlocks) } }
    expect(d, "screen hours/day", in: 0.6...1.4) { average($0) { $0.screenSeconds / 3600 } }
    // Overnight on only 30 % of nights.
    expect(d, "share of nights with an overnight charge", in: 0.2...0.4) {
      average($0) { $0.overnightCharges > 0 ? 1 : 0 }
    }
    // 1–3 charges a day of 20–90 min, starting at 40–70 %.
    expect(d, "charges/day", in: 1...3) { average($0) { Double($0.chargingSessions) } }
    expect(d, "daytime plug-in level", in: 40...70) { days in
      let levels = days.flatMap(\.topupPlugInLevels)
      return levels.reduce(0, +) / Double(levels.count)
    }
  }

  @Test func commuterWithPoorConnectivity() throws {
    let d = try simulate("commuter-poor-connectivity")
    expect(d, "unlocks/day", in: 55...85) { average($0) { Double($0.unlocks) } }
    // Wi-Fi only at home, about 45 % of the time.
    expect(d, "Wi-Fi share", in: 0.4...0.55) { average($0) { $0.wifiSeconds / 86_400 } }
    // 5–10 % of the time with no service.
    expect(d, "no-service share", in: 0.05...0.1) { average($0) { $0.noServiceSeconds / 86_400 } }
    // A car top-up most days.
    expect(d, "top-ups/day", in: 0.5...1.2) { average($0) { Double($0.topups) } }
  }

  @Test func commuterUnlocksBurstAtCommuteHours() throws {
    let sim = DeviceSimulation(
      persona: try Repo.persona("commuter-poor-connectivity"), days: 20, seed: 7, startDate: monday)
    var byHour = [Double](repeating: 0, count: 24)
    for owner in 0..<20 {
      _ = sim.run(device: owner) { change in
        if change.kind == .screenOn, !sim.calendar.isWeekend(change.time) {
          byHour[sim.calendar.hour(of: change.time)] += 1
        }
      }
    }
    let burst = byHour[7] + byHour[8] + byHour[17] + byHour[18]
    let midday = byHour[10] + byHour[11] + byHour[14] + byHour[15]
    // Poisson counts: the burst hours must beat midday by far more than 5 standard deviations.
    #expect(burst - midday > 5 * (burst + midday).squareRoot())
  }
}
