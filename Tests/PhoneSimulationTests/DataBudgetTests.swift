import DeviceModel
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// dasd's cellular budget: one pool for the device, a veto only on cellular, while it is
/// negative or when what is left does not cover min(the bytes a start expects, half the
/// budget's size); clamped to [−1.2, 1.5] × its size.
@Suite struct DataBudgetTests {
  static let mebibyte = 1_048_576.0

  func context(_ budget: Double, _ network: NetworkKind) -> PolicyContext {
    PolicyContext(
      now: SimTime(seconds: 1000), batteryPercent: 50, isPluggedIn: false, isInUse: false, idleSeconds: 600,
      network: network, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true, appState: .suspended,
      backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: nil, deviceUseProbability: 0,
      daysSinceAppOpened: 0, energyBudget: 150, energyCapacity: 150, dataBudget: budget,
      lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
  }

  func outcome(expecting bytes: Double, left: Double, on network: NetworkKind = .cellular)
    -> PolicyVerdict.Outcome
  {
    var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    a.expectedBytes = bytes
    return DataBudgetPolicy().evaluate(a, context(left, network)).outcome
  }

  @Test func aStartNeedsWhatItExpectsOrHalfTheBudget() {
    let m = Self.mebibyte
    // 40 MiB expected: half the 50 MiB budget (25 MiB) is enough to start.
    #expect(outcome(expecting: 40 * m, left: 30 * m) == .score(1, weight: 5))
    #expect(outcome(expecting: 40 * m, left: 20 * m) == .veto)
    // Small work needs what it expects.
    #expect(outcome(expecting: 500_000, left: 600_000) == .score(1, weight: 5))
    #expect(outcome(expecting: 500_000, left: 400_000) == .veto)
    // A negative budget stops even work that expects no bytes.
    #expect(outcome(expecting: 0, left: -1) == .veto)
    #expect(outcome(expecting: 0, left: 0) == .score(1, weight: 5))
    // Off cellular the budget does not apply.
    #expect(outcome(expecting: 40 * m, left: -10 * m, on: .wifi) == .notApplicable)
  }

  @Test func theBudgetStopsAtItsFloorAndCeiling() {
    var system = EnergyBudgetTests.scheduler(after: at(day: 0, 12))
    let p = system.parameters
    #expect(p.dataCeiling == 1.5 * p.dataCapacity)
    #expect(p.dataFloor == -1.2 * p.dataCapacity)
    system.drawData(10 * p.dataCapacity)
    #expect(system.budgets.data == p.dataFloor)
    // Four days of even refills from the floor: at the ceiling, not above.
    system.refillBudgets(to: SimTime(seconds: at(day: 4, 12)))
    #expect(system.budgets.data == p.dataCeiling)
  }
}
