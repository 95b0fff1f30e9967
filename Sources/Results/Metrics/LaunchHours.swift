/// The hours of one owner's days that had a launch (the day of the launch time in whole
/// milliseconds, the hour of its ISO text, as the files give them), for
/// `launch_probability_by_hour.csv`: a day's 24 hours as the bits of one word, where a
/// set of day × 24 + hour cost about 300 instructions of hashing at each launch. A day
/// out of ``DayIndex``'s reach is kept by key.
struct LaunchHours: Sendable {
  private var byIndex: [UInt32] = []
  private var byKey: Set<Int> = []

  /// Notes a launch in `hour` of `day` (an hour past 23, on a day longer than 24 h,
  /// counts in the next day's, as day × 24 + hour always did).
  mutating func insert(day: Int, hour: Int) {
    let key = day * 24 + hour
    guard key >= 0, DayIndex.holds(key / 24) else {
      byKey.insert(key)
      return
    }
    let d = key / 24
    if byIndex.count <= d { byIndex += repeatElement(0, count: d + 1 - byIndex.count) }
    byIndex[d] |= 1 << UInt32(key % 24)
  }

  /// For each hour of the day, how many days had a launch in it.
  var daysByHour: [Int] {
    var counts = [Int](repeating: 0, count: 24)
    for word in byIndex where word != 0 {
      for h in 0..<24 where word & (1 << UInt32(h)) != 0 { counts[h] += 1 }
    }
    for key in byKey { counts[(key % 24 + 24) % 24] += 1 }
    return counts
  }
}
