/// The launches of every day of a run summed over owners, and the owners counted each
/// day (warm-up days included): the day-by-day means the start-up transient is read from
/// (``StartupTransient``). Integer sums, so the order owners are added in does not matter.
struct DayLaunchTotals: Sendable {
  /// By day since the start: the launches of the owners' rows of that day.
  private(set) var launches: [Int] = []
  /// By day since the start: the owners with a row that day.
  private(set) var owners: [Int] = []
  /// Owners' days with the phone off from midnight to midnight.
  private(set) var daysOff = 0

  /// One owner's row of day `day` (from 0) with `count` launches.
  mutating func add(day: Int, launches count: Int, offAllDay: Bool = false) {
    guard day >= 0 else { return }
    if offAllDay { daysOff += 1 }
    grow(to: day + 1)
    launches[day] += count
    owners[day] += 1
  }

  mutating func merge(_ other: DayLaunchTotals) {
    grow(to: other.launches.count)
    daysOff += other.daysOff
    for d in other.launches.indices {
      launches[d] += other.launches[d]
      owners[d] += other.owners[d]
    }
  }

  /// Owners' days counted in all.
  var ownerDays: Int { owners.reduce(0, +) }

  /// The mean launches per owner of each day, up to the last day any owner has a row
  /// [launches per owner and day]; a day no owner has (an empty part) is left out.
  var means: [Double] {
    launches.indices.compactMap { owners[$0] > 0 ? Double(launches[$0]) / Double(owners[$0]) : nil }
  }

  private mutating func grow(to count: Int) {
    if launches.count < count {
      launches += Array(repeating: 0, count: count - launches.count)
      owners += Array(repeating: 0, count: count - owners.count)
    }
  }
}
