/// One day's weighted event counts by slot of the day (``UsageHistory/weightedEvents(slot:day:)``),
/// each kept until an event in its slot changes it: the rows remembered on `day`, as
/// offsets into the history's counts with their weights, and the sums made so far.
struct SlotSums: Sendable {
  /// The day the sums are weighted for (Int.min: none yet).
  var day = Int.min
  var sums: [Double]
  var valid: [Bool]
  var rows: [(offset: Int, weight: Double)] = []

  init(slots: Int) {
    sums = Array(repeating: 0, count: slots)
    valid = Array(repeating: false, count: slots)
  }

  /// Forgets every sum and row: the sums are to be weighted for `day`, from the rows
  /// the caller adds.
  mutating func start(day: Int) {
    for s in valid.indices { valid[s] = false }
    self.day = day
    rows.removeAll(keepingCapacity: true)
  }

  /// `slot`'s weighted count from `counts`, summed once while it stays valid.
  mutating func weighted(_ slot: Int, counts: [UInt16]) -> Double {
    if valid[slot] { return sums[slot] }
    var weighted = 0.0
    // Without a branch on n: adding 0 × weight (+0.0) to a sum of non-negative terms
    // leaves it bit for bit as it was, and the branch was mispredicted on sparse days.
    for (offset, weight) in rows {
      weighted += Double(counts[offset + slot]) * weight
    }
    sums[slot] = weighted
    valid[slot] = true
    return weighted
  }
}
