import DeviceModel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// The energy budget stands for battery energy: runs that start on the charger do not
/// draw it, and no run draws it below its floor (issue 25: it sank about 500 mWh a day
/// below zero on the charger, then starved refresh by day).
@Suite struct EnergyBudgetTests {
  /// Processing every 15 min (unpaced), 20 s a run, on a charger from 23:00 to 07:00
  /// for two nights.
  static let script = nightlyCharge(days: 2, plug: 23, unplug: 7) + [(at(9), .openApp(seconds: 30))]

  func budgetAfterTwoNights(_ parameters: SchedulerParameters) -> (energy: Double, launches: Int) {
    var world = SystemWorld(
      behavior: StandingVetoTests.app(both: false), script: Self.script,
      model: .iosFromDayZero(unpaced: true),
      recordDecisions: false)
    world.phone.decider.parameters = parameters
    world.phone.decider.energy = parameters.energyCapacity
    world.run(until: at(day: 2, 6))
    return (world.phone.decider.energy, world.launches("p0").count)
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
    parameters.chargingRunsDrawEnergy = true
    let (energy, launches) = budgetAfterTwoNights(parameters)
    // 20 s runs at 0.78 W draw 4.3 mWh each: two would empty a 10 mWh budget.
    #expect(launches > 20)
    #expect(energy == parameters.energyFloor)
  }
}
