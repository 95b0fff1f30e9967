import DeviceModel
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// The energy budget stands for battery energy: runs that start on the charger do not
/// draw it, and no run draws it below its floor (issue 25: it sank about 500 mWh a day
/// below zero on the charger, then starved refresh by day).
@Suite struct EnergyBudgetTests {
  /// Processing every 15 min (unpaced, on iOS 13–15: later eras space it 30 min from the
  /// last launch), 20 s a run, on a charger from 23:00 to 07:00 for two nights.
  static let script = nightlyCharge(days: 2, plug: 23, unplug: 7) + [(at(9), .openApp(seconds: 30))]

  static var configuration: AppConfiguration {
    var c = AppConfiguration.testDefault
    c.era = .ios13
    return c
  }

  /// The phone's scheduler after `seconds` of ``script`` (processing unpaced).
  static func scheduler(after seconds: Double) -> SystemScheduler {
    var world = SystemWorld(
      configuration, behavior: StandingVetoTests.app(both: false), script: script,
      model: .iosFromDayZero(unpaced: true),
      recordDecisions: false)
    world.run(until: seconds)
    return world.phone.decider
  }

  func budgetAfterTwoNights(_ parameters: SchedulerParameters) -> (energy: Double, launches: Int) {
    var world = SystemWorld(
      Self.configuration, behavior: StandingVetoTests.app(both: false), script: Self.script,
      model: .iosFromDayZero(unpaced: true),
      recordDecisions: false)
    world.phone.decider.parameters = parameters
    world.phone.decider.budgets.energy = parameters.energyCapacity
    world.run(until: at(day: 2, 6))
    return (world.phone.decider.budgets.energy, world.launches("p0").count)
  }

  @Test func runsOnTheChargerDoNotDrawTheBudget() {
    var parameters = SchedulerParameters()
    parameters.energyRefillPerDay = 0
    let (energy, launches) = budgetAfterTwoNights(parameters)
    #expect(launches > 20)
    #expect(energy == parameters.energyCapacity)
  }

  @Test func theBudgetStopsAtItsFloor() {
    var parameters = SchedulerParameters()
    parameters.energyRefillPerDay = 0
    parameters.energyCapacity = 10
    // dasd's floor for that size, −1.2 × it, as a scheduler file's size would set it.
    parameters.energyFloor = -12
    parameters.chargingRunsDrawEnergy = true
    let (energy, launches) = budgetAfterTwoNights(parameters)
    // 20 s runs at 0.78 W draw 4.3 mWh each: two would empty a 10 mWh budget.
    #expect(launches > 20)
    #expect(energy == parameters.energyFloor)
  }

  /// dasd's budget: each half hour adds its share of the day's refill, the device use
  /// predicted for it over the day's. An owner who used the phone only at 09:00 gets
  /// the next day's refill at 09:00, none at night; the balance stops at 1.5 × the
  /// capacity.
  @Test func refillsFollowTheOwnersUseAndStopAtTheirCeiling() {
    var system = Self.scheduler(after: at(day: 1, 6))
    let refill = DeviceBudgets.EnergyRefill(system.parameters)
    let nine = system.budgets.energyShare(
      at: SimTime(seconds: at(day: 1, 9)), refill, deviceUse: system.usage.deviceUse,
      calendar: system.calendar)
    let three = system.budgets.energyShare(
      at: SimTime(seconds: at(day: 1, 3)), refill, deviceUse: system.usage.deviceUse,
      calendar: system.calendar)
    #expect(nine > 0.5, "09:00 gets \(nine) of the day's refill")
    #expect(three == 0)
    let shares = (0..<48).map {
      system.budgets.energyShare(
        at: SimTime(seconds: at(day: 1, Double($0) / 2)), refill,
        deviceUse: system.usage.deviceUse, calendar: system.calendar)
    }
    #expect(abs(shares.reduce(0, +) - 1) < 1e-9)
    // Without the modulator, or before any use, a 48th each half hour.
    system.parameters.energyRefillFollowsUse = false
    #expect(
      system.budgets.energyShare(
        at: SimTime(seconds: at(day: 1, 9)), DeviceBudgets.EnergyRefill(system.parameters),
        deviceUse: system.usage.deviceUse,
        calendar: system.calendar) == 1.0 / 48)
    // Nothing drawn, a day of refills: at the ceiling, not above.
    system.budgets.energy = 0
    system.refillBudgets(to: SimTime(seconds: at(day: 3, 0)))
    #expect(system.budgets.energy == system.parameters.energyCeiling)
    #expect(system.parameters.energyCeiling == 1.5 * system.parameters.energyCapacity)
  }

  /// A veto when empty off the charger, otherwise a pass (score 1); `scored` keeps the
  /// share left as the score.
  @Test func theBudgetIsAVetoWhenEmptyOffTheCharger() {
    let a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    func context(_ budget: Double, plugged: Bool) -> PolicyContext {
      PolicyContext(
        now: SimTime(seconds: 1000), batteryPercent: 50, isPluggedIn: plugged, isInUse: false,
        idleSeconds: 600,
        network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true, appState: .suspended,
        backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: nil,
        deviceUseProbability: 0,
        daysSinceAppOpened: 0, energyBudget: budget, energyCapacity: 150, dataBudget: 1e6,
        lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    }
    func score(_ v: PolicyVerdict) -> Double? {
      if case .score(let x, _) = v.outcome { x } else { nil }
    }
    var policy = EnergyBudgetPolicy()
    #expect(policy.evaluate(a, context(0, plugged: false)).outcome == .veto)
    #expect(policy.evaluate(a, context(-50, plugged: false)).outcome == .veto)
    #expect(score(policy.evaluate(a, context(-50, plugged: true))) == 1)
    #expect(score(policy.evaluate(a, context(15, plugged: false))) == 1)
    #expect(score(policy.evaluate(a, context(200, plugged: false))) == 1)
    policy.scored = true
    #expect(score(policy.evaluate(a, context(15, plugged: false))) == 0.1)
    #expect(score(policy.evaluate(a, context(200, plugged: false))) == 1)
  }

  /// dasd refills the budget every 1,800 s from the last refill (dasd-decisions.md §5),
  /// not on the clock's half hours: each phone draws its own phase. Over 40 phones the
  /// first refills are 40 different moments within the first half hour, none on a
  /// half-hour mark (a continuous uniform draw repeats or hits a mark with probability
  /// 0); on the clock, all 40 fell at 0. Two days later each phone keeps its phase.
  @Test func theBudgetRefillsEveryHalfHourFromThePhonesOwnPhase() {
    let halfHour = DeviceBudgets.halfHour.microseconds
    var phases: Set<Int64> = []
    for seed in 1...40 {
      var world = SystemWorld(
        Self.configuration, behavior: StandingVetoTests.app(both: false), script: Self.script,
        recordDecisions: false, seed: UInt64(seed))
      let first = world.phone.decider.budgets.energySlotAt.microseconds
      #expect(first > 0 && first < halfHour, "first refill at \(first) µs")
      phases.insert(first)
      world.run(until: at(day: 2, 12))
      let next = world.phone.decider.budgets.energySlotAt.microseconds
      #expect(next > SimTime(seconds: at(day: 2, 11)).microseconds, "refills kept up: next at \(next) µs")
      #expect((next - first) % halfHour == 0, "phone \(seed) lost its phase")
    }
    #expect(phases.count == 40)
  }
}
