import Testing

@testable import SimKernel

@Suite struct SequenceSetTests {
  /// Random inserts and removals, mostly among a few hundred keys so that probe runs
  /// collide and removals shift members back, checked step by step against `Set`.
  @Test func agreesWithSetUnderRandomInsertsAndRemovals() {
    var rng = XorShift(seed: 7)
    var set = SequenceSet()
    var reference = Set<UInt64>()
    for step in 0..<200_000 {
      let key = rng.next() % (step < 100_000 ? 300 : 1 << 56)
      if rng.next() % 3 == 0 {
        #expect(set.remove(key) == (reference.remove(key) != nil))
      } else {
        #expect(set.insert(key) == reference.insert(key).inserted)
      }
      if step % 997 == 0 {
        #expect(set.count == reference.count)
        #expect(Set(set.members) == reference)
        let probe = rng.next() % 300
        #expect(set.contains(probe) == reference.contains(probe))
      }
    }
    set.keep { $0 % 2 == 0 }
    #expect(Set(set.members) == reference.filter { $0 % 2 == 0 })
  }
}
