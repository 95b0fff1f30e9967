import DeviceModel
import IOSModel
import SimKernel
import Testing

/// dasd's threshold relative to a request's own best predicted moment (dasd-decisions.md
/// §2), and the two timing rules that came with it: a request's timer waits for the phone
/// to wake (§4), and processing is spaced from the end of the app's launch (§3).
@Suite struct RelativeThresholdTests {
  @Test func theRelaxationFollowsDasdsCurve() {
    let settings = RelativeThreshold.Settings()
    // dasd's factors for Background priority, slots 0-10.
    let dasd = [0.95, 0.927, 0.885, 0.831, 0.767, 0.694, 0.614, 0.527, 0.433, 0.333, 0.227]
    for (k, f) in dasd.enumerated() {
      #expect(abs(settings.factor(slot: k) - f) < 0.0005, "slot \(k): \(settings.factor(slot: k))")
    }
    let start = SimTime(seconds: 3600)
    let t = RelativeThreshold(
      score: 0.8, optimalStart: start, windowEnd: start + .hours(10), computedAt: .zero)
    #expect(t.slot(at: SimTime(seconds: 0)) == 0)
    #expect(t.slot(at: start) == 1)
    #expect(t.slot(at: start + .hours(5)) == 6)
    #expect(t.slot(at: start + .hours(10)) == 10)
    #expect(t.slot(at: start + .hours(30)) == 10)
    // Each slot ends where the next begins.
    var now = SimTime.zero
    for k in 0..<10 {
      let end = try! #require(t.slotEnd(after: now))
      #expect(t.slot(at: end) == k + 1)
      #expect(t.slot(at: SimTime(microseconds: end.microseconds - 1)) == k)
      now = end
    }
    #expect(t.slotEnd(after: now) == nil)
    #expect(abs(t.threshold(at: start + .hours(5), settings) - 0.8 * settings.factor(slot: 6)) < 1e-12)
    // A collapsed window is in the last slot from its start.
    let collapsed = RelativeThreshold(score: 0.8, optimalStart: start, windowEnd: start, computedAt: .zero)
    #expect(collapsed.slot(at: start) == 10)
  }

  /// An app opened once a day at no fixed hour: against its own optimum, a re-armed refresh gets through
  /// more than once a day; against the absolute threshold, less often. Its threshold
  /// moves with time instead of standing at the model's.
  @Test func aRarelyOpenedAppIsJudgedAgainstItsOwnBestMoment() {
    func launches(relative: Bool) -> ([Double], [Decision]) {
      var parameters = SchedulerParameters()
      parameters.relativeThreshold.enabled = relative
      // One open a day, at an hour that moves from day to day.
      let opens = (0..<10).map { d in
        (at(day: d, [9, 19, 13, 21, 8, 17, 11, 20, 15, 10][d]), TimelineEvent.Action.openApp(seconds: 60))
      }
      var w = SystemWorld(
        behavior: PeriodicRefresh(), script: opens + nightlyCharge(days: 10), parameters: parameters)
      w.run(until: at(day: 10, 0))
      return (w.launches("refresh").filter { $0 >= at(day: 3, 0) }, w.decisions)
    }
    let (relative, decisions) = launches(relative: true)
    let (absolute, _) = launches(relative: false)
    #expect(relative.count > absolute.count, "\(relative.count) against \(absolute.count)")
    #expect(relative.count >= 7, "\(relative.count) in 7 days")
    let thresholds = Set(decisions.filter { $0.total != nil }.map(\.threshold))
    #expect(thresholds.count > 3, "\(thresholds.sorted())")
    #expect(thresholds.allSatisfy { $0 >= 0 && $0 <= 0.95 })
  }

  /// A request whose start comes while the phone sleeps on battery is not judged at its
  /// start; on the charger it is.
  @Test func aDueRequestWaitsForThePhoneToWake() {
    func startJudgements(plugged: Bool) -> Int {
      var script = habitualOpens(days: 3, at: [(10, 0)])
      if plugged { script += [(at(day: 0, 9), .plug)] }
      var w = SystemWorld(behavior: PeriodicRefresh(), script: script)
      w.run(until: at(day: 0, 12))
      return w.decisions.filter { $0.trigger == "earliest_begin_date" }.count
    }
    #expect(startJudgements(plugged: false) == 0)
    #expect(startJudgements(plugged: true) > 0)
  }
}
