import Randomness
import SimKernel
import Testing

@testable import DeviceModel
@testable import IOSModel
@testable import PhoneAssembly

/// A refresh decision point whose score cannot reach the threshold whatever the
/// prediction-reading policies say is out of reach. When the next point finds every
/// input of the earlier policies unchanged, the scheduler makes only the new app-open
/// prediction (with its random draw) and skips the policies when it is out of reach
/// again. Launches, decision counts and the random draws must be those of judging every
/// point in full, which a scheduler that records its decisions still does, and so must the
/// number of draws from the predictions' stream.
@Suite struct OutOfReachTests {
  /// Six days of opens at habitual times, a night charger, and each input the memo
  /// stands on changing at least once: the network (gone, then cellular), the thermal
  /// state (fair halves the thermal score; serious vetoes), the battery under the
  /// refresh veto band (9 %) and back on the charger, Low Power Mode, a swipe away, and
  /// Background App Refresh untouched but the app's own state moving with every open.
  static let script: [(Double, TimelineEvent.Action)] =
    habitualOpens(days: 6, at: [(8, 0), (12, 30), (19, 0)])
    + nightlyCharge(days: 6, plug: 23, unplug: 7)
    + [
      (at(10), .network(.none)), (at(11), .network(.cellular)), (at(day: 1, 14), .thermal(.fair)),
      (at(day: 1, 16), .thermal(.serious)), (at(day: 1, 17), .thermal(.nominal)),
      (at(day: 2, 15), .battery(9)), (at(day: 2, 17), .plug), (at(day: 2, 18), .unplug),
      (at(day: 3, 10), .lowPowerMode(true)), (at(day: 3, 14), .lowPowerMode(false)),
      (at(day: 4, 20), .forceQuit), (at(day: 5, 2), .network(.wifi)),
      // In the quiet hours, where most points are out of reach: too hot on the charger,
      // warm, and a nearly flat battery just plugged in and unplugged again.
      (at(day: 0, 3), .thermal(.serious)), (at(day: 0, 4), .thermal(.nominal)),
      (at(day: 4, 3), .thermal(.fair)), (at(day: 4, 5), .thermal(.nominal)),
      (at(day: 5, 16), .plug), (at(day: 5, 16, 20), .battery(5)), (at(day: 5, 16, 21), .unplug),
      (at(day: 5, 17), .plug),
    ]

  /// A refresh request every 15 min, resubmitted by each run.
  static func app() -> Code {
    Code(launched: { app, _ in
      app.taskScheduler.register(forTaskWithIdentifier: "refresh") { task in
        let timer = app.after(seconds: 5) {
          try? app.taskScheduler.submit(refresh(earliest: app.now.seconds + 900))
          task.setTaskCompleted(success: true)
        }
        task.expirationHandler = {
          app.cancel(timer)
          task.setTaskCompleted(success: false)
        }
      }
      try? app.taskScheduler.submit(refresh(earliest: 900))
    })
  }

  @Test(arguments: [30.0, 80.0])
  func outOfReachPointsLaunchAndCountAsJudgingEveryTimeDoes(battery: Double) {
    var judging = SystemWorld(
      behavior: Self.app(), script: Self.script, battery: battery, recordDecisions: true)
    var memo = SystemWorld(
      behavior: Self.app(), script: Self.script, battery: battery, recordDecisions: false)
    judging.run(until: at(day: 6, 0))
    memo.run(until: at(day: 6, 0))
    #expect(judging.launches("refresh").count > 5)
    #expect(memo.launches() == judging.launches())
    #expect(memo.phone.decider.decisionCount == judging.phone.decider.decisionCount)
    #expect(judging.phone.decider.outOfReachPoints == 0)
    // The same number of draws: the predictions' stream is at the same place.
    #expect(
      memo.phone.decider.usage.jitterStream.uniform() == judging.phone.decider.usage.jitterStream.uniform())
    // Out of reach at many timer ticks (144 a day) away from the habitual opens, while
    // the request is not overdue; the memo is remade after each change of its inputs.
    #expect(memo.phone.decider.outOfReachPoints > 150, "\(memo.phone.decider.outOfReachPoints)")
  }

  /// Two device states drawn at random: when the memo made in the first holds in the
  /// second, the policies before the predictions answer in the second with no veto, and
  /// their tally is no higher than the memo's tally at best. Levels sit on both sides of
  /// the battery policy's veto bands and of Low Power Mode's 30 %.
  @Test func theMemoHoldsOnlyWhereTheEarlyPoliciesAnswerAsBefore() {
    let app = SimulatedApp(configuration: .testDefault, behavior: Self.app(), target: 1)
    let system = SystemScheduler(
      model: .iosFromDayZero(), calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStream(key: 3))
    let model = system.model
    let split = model.predictionsNeededAt
    let now = SimTime(seconds: 3600)
    let stream = RandomStream(key: 11)
    let levels = [3, 9.99, 10, 15, 19.99, 20, 25, 29.99, 30, 80]
    func pick<T>(_ values: [T]) -> T { values[stream.uniformInt(below: values.count)] }
    func draw() -> DeviceSnapshot {
      DeviceSnapshot(
        batteryLevel: pick(levels), batteryMark: .zero, batteryRate: 0, isPluggedIn: stream.bernoulli(0.5),
        isScreenOn: stream.bernoulli(0.3), lastScreenOff: .zero, network: pick([.none, .wifi, .cellular]),
        isLowPowerMode: stream.bernoulli(0.2),
        thermalState: pick([.nominal, .nominal, .fair, .serious, .critical]),
        isPoweredOn: stream.bernoulli(0.9))
    }
    var made = 0
    var held = 0
    for _ in 0..<20_000 {
      let (first, second) = (draw(), draw())
      let activity = Activity(
        kind: pick([.refresh, .refresh, .processing, .legacyFetch]), identifier: "refresh",
        priority: pick([.utility, .maintenance, .userInitiated]), submittedAt: .zero)
      var tally = ScoreTally()
      let c1 = system.context(app: app, device: first, now: now)
      guard model.judgeIndex(activity, c1, policies: 0..<split, into: &tally) == nil,
        let memo = OutOfReach(activity, c1, app: app, device: first, model: model)
      else { continue }
      made += 1
      let c2 = system.context(app: app, device: second, now: now)
      guard memo.holds(app: app, device: second, c2, model: model) else { continue }
      held += 1
      var after = ScoreTally()
      #expect(
        model.judgeIndex(activity, c2, policies: 0..<split, into: &after) == nil, "\(first) then \(second)")
      #expect(after.weights == memo.atBest.weights)
      #expect(after.weighted <= memo.atBest.weighted)
    }
    #expect(made > 2_000)
    #expect(held > 200, "\(held)")
  }

  /// What was kept from judging under one model is dropped when the model changes: a
  /// new threshold or new weights could put a point back in reach.
  @Test func aNewModelDropsTheMemo() {
    var world = SystemWorld(behavior: Self.app(), script: Self.script, recordDecisions: false)
    // Run until a memo is kept (within the first two days).
    var until = at(day: 1, 0)
    while world.phone.decider.shortcuts.outOfReach == nil, until < at(day: 3, 0) {
      until += 600
      world.run(until: until)
    }
    #expect(world.phone.decider.shortcuts.outOfReach != nil)
    var model = SchedulingModel.iosFromDayZero()
    model.threshold = 0.1
    world.phone.decider.model = model
    #expect(world.phone.decider.shortcuts.outOfReach == nil)
    #expect(world.phone.decider.shortcuts.standingVeto == nil)
  }
}
