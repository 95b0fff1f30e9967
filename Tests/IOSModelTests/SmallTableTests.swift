import Testing

@testable import IOSModel

@Suite struct SmallTableTests {
  /// Random operations on a few keys, checked against a `Dictionary` after each step.
  @Test func behavesLikeADictionary() {
    var table = SmallTable<String, [Int]>()
    var reference: [String: [Int]] = [:]
    var order: [String] = []
    let keys = ["com.example.sync", "com.example.refresh", "a", ""]
    var state: UInt64 = 11
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    for step in 0..<5_000 {
      let key = keys[next() % keys.count]
      switch next() % 5 {
      case 0:
        table[key] = [step]
        reference[key] = [step]
      case 1:
        #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
      case 2:
        table.update(key, initial: []) { $0.append(step) }
        reference[key, default: []].append(step)
      case 3 where reference[key] == nil:
        // A key not in the table yet can be added without the setter's search.
        table.insertNew([step, step], for: key)
        reference[key] = [step, step]
      default:
        table[key] = nil
        reference[key] = nil
      }
      if reference[key] != nil, !order.contains(key) { order.append(key) }
      order.removeAll { reference[$0] == nil }
      #expect(table.count == reference.count)
      for k in keys { #expect(table[k] == reference[k]) }
      #expect(table.allValues == order.map { reference[$0]! })
    }
  }
}
