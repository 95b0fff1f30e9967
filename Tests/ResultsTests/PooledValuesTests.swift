import Foundation
import Randomness
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// The pooled metrics (delays, staleness) are counted rather than kept; their summary
/// must equal what sorting every value gives.
@Suite struct PooledValuesTests {
  /// Values in milliseconds: many ties near zero, a wide tail, some negatives, and a
  /// run of equal large values, so that ranks fall inside shared and crowded bins.
  static func sample(_ n: Int, seed: UInt64) -> [Int64] {
    let stream = RandomStream(key: seed)
    return (0..<n).map { i in
      switch i % 5 {
      case 0: Int64(stream.uniform() * 5)
      case 1: Int64(stream.exponential(mean: 3_600_000))
      case 2: -Int64(stream.uniform() * 90_000)
      case 3: 12_600_000
      default: Int64(stream.uniform() * 86_400_000 * 30)
      }
    }
  }

  static func spilled(_ values: [Int64], group: Int32, split: Int) throws -> (PooledValues, [String]) {
    let dir = scratch()
    var pool = PooledValues()
    var other = PooledValues()
    var paths: [String] = []
    for (part, slice) in [values[..<split], values[split...]].enumerated() {
      let spill = try PooledValueSpill(path: dir.appendingPathComponent("spill-\(part)").path)
      for v in slice {
        if part == 0 { pool.add(v) } else { other.add(v) }
        spill.append(group: group, value: v)
        spill.append(group: group + 1, value: v / 2)  // another group, to be ignored
      }
      spill.flush()
      paths.append(spill.path)
    }
    pool.merge(other)
    return (pool, paths)
  }

  @Test(arguments: [1, 2, 7, 1000, 20_011, 100_003])  // the last spills over 3 MiB: several read blocks
  func orderStatisticsEqualThoseOfTheSortedValues(n: Int) throws {
    let values = Self.sample(n, seed: UInt64(n))
    let (pool, spills) = try Self.spilled(values, group: 4, split: n / 3)
    let ranks = SummaryTables.ranksNeeded(count: n)
    let order = try OrderStatistics(ranks: [4: ranks], pools: [4: pool], spills: spills)
    let sorted = values.sorted()
    for r in ranks { #expect(order.seconds(4, rank: r) == Double(sorted[r]) / 1000, "rank \(r) of \(n)") }
    let seconds = sorted.map { Double($0) / 1000 }
    for p in SummaryTables.quantileLevels {
      let q = Statistics.quantile(count: n, p) { order.seconds(4, rank: $0) }
      #expect(q == Statistics.quantile(sorted: seconds, p))
    }
    #expect(pool.count == n)
    let mean = Statistics.mean(seconds)
    #expect(abs(pool.mean - mean) <= 1e-12 * max(1, abs(mean)))
    if n > 1 {
      let variance = Statistics.variance(seconds)
      #expect(abs(pool.variance - variance) <= 1e-9 * variance)
    } else {
      #expect(pool.variance.isNaN)
    }
  }

  @Test func theSumsDoNotDependOnHowTheValuesAreSplit() throws {
    let values = Self.sample(5000, seed: 9)
    let (a, _) = try Self.spilled(values, group: 0, split: 1)
    let (b, _) = try Self.spilled(values, group: 0, split: 4321)
    #expect(a.mean.bitPattern == b.mean.bitPattern)
    #expect(a.variance.bitPattern == b.variance.bitPattern)
    #expect(a.bins == b.bins)
  }

  @Test func binsIncreaseWithTheValueAndStayNarrow() {
    var previous = PooledValues.bin(-5_000_000_000)
    var v: Int64 = -5_000_000_000
    while v < 5_000_000_000 {
      let next = v < 0 ? v / 2 + 1 : v * 2 + 1
      let bin = PooledValues.bin(next)
      #expect(bin >= previous)
      previous = bin
      v = next
    }
    // Above 1,024 ms, one bin spans at most 1/1024 of its values.
    let x: Int64 = 7_654_321
    let lowest = (0..<20_000).map { x - Int64($0) }.last { PooledValues.bin($0) == PooledValues.bin(x) }!
    #expect(Double(x - lowest) <= Double(x) / 1024)
  }

  @Test func millisecondsAreReadExactlyFromTheText() throws {
    let path = scratch().appendingPathComponent("m.csv").path
    try "a\n30632.285\n7\n-0.5\n12.25\n1e3\n\n0.0004\n".write(toFile: path, atomically: true, encoding: .utf8)
    var reader = try CSVReader(path: path)
    var read: [Int64?] = []
    while reader.next() { read.append(reader.milliseconds(0)) }
    #expect(read == [30_632_285, 7000, -500, 12_250, 1_000_000, nil, 0])
  }
}

@Suite struct BinCountsTests {
  /// The table must count exactly what a dictionary counts, through growth, negative
  /// bins, merges and any order of insertion.
  @Test func countsMatchADictionary() {
    var table = BinCounts()
    var reference: [Int32: Int] = [:]
    var state: UInt64 = 0x1234_5678
    for i in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let bin = Int32(truncatingIfNeeded: Int64(bitPattern: state >> 40) % 3_000) - (i % 3 == 0 ? 1_500 : 0)
      table.add(bin)
      reference[bin, default: 0] += 1
    }
    #expect(table.count == reference.count)
    #expect(table.sorted().map(\.bin) == reference.keys.sorted())
    #expect(table.sorted().allSatisfy { reference[$0.bin] == $0.count })
    #expect(table[Int32.max] == 0)
    var halves = (BinCounts(), BinCounts())
    for (k, (bin, n)) in table.sorted().enumerated() {
      if k % 2 == 0 { halves.0.add(bin, n) } else { halves.1.add(bin, n) }
    }
    var rejoined = halves.1
    rejoined.merge(halves.0)
    #expect(rejoined == table)
    rejoined.add(7)
    #expect(rejoined != table)
  }

  /// The fast conversion from `Int128` rounds as the standard library's does: at
  /// Int64's ends, just past them, at halfway points between two doubles (ties go to
  /// even) and across the whole range.
  @Test func int128ToDoubleRoundsAsTheStandardLibrary() {
    var values: [Int128] = [
      0, 1, -1, Int128(Int64.max), Int128(Int64.min), Int128(Int64.max) + 1, Int128(Int64.min) - 1,
      Int128(1) << 53 + 1, Int128(1) << 54 + 2, Int128(1) << 54 + 6, -(Int128(1) << 53 + 1),
      Int128(1) << 80 + Int128(1) << 27, Int128.max, Int128.min,
    ]
    let stream = RandomStream(key: 128)
    for _ in 0..<10_000 {
      let bits = 1 + Int(stream.uniform() * 126)
      let magnitude =
        Int128(stream.uniform() * 0x1p53) << max(0, bits - 53) | Int128(stream.uniform() * 0x1p20)
      values.append(stream.uniform() < 0.5 ? magnitude : -magnitude)
    }
    for x in values {
      #expect(PooledValues.double(x).bitPattern == Double(x).bitPattern, "\(x)")
    }
  }
}
