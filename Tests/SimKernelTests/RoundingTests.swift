import Testing

@testable import SimKernel

@Suite struct RoundingTests {
  /// Exact halves, their neighbours one ulp away, whole numbers, large values and
  /// random values: the same results as libm's rounding every time.
  @Test func matchesTheStandardRoundingForEveryKindOfValue() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
    ]
    for k in 0..<2_000 {
      let half = Double(k) + 0.5
      values += [
        half, -half, half.nextUp, half.nextDown, -half.nextUp, -half.nextDown, Double(k), -Double(k),
      ]
      values += [Double(k).nextUp, Double(k).nextDown, -Double(k).nextUp, -Double(k).nextDown]
    }
    values += [9_007_199_254_740_991, -9_007_199_254_740_991, 4.5e15 + 0.5, 1e18, -1e18]
    var random = XorShift(seed: 3)
    for _ in 0..<100_000 {
      let unit = Double(random.next() >> 11) / Double(1 << 53)
      values.append((unit - 0.5) * 2e12)
      values.append(unit * 100)
    }
    for x in values {
      #expect(Rounding.toNearest(x) == Int64(x.rounded()), "\(x)")
      #expect(Rounding.down(x) == x.rounded(.down), "\(x)")
      #expect(Rounding.upToInt64(x) == Int64(x.rounded(.up)), "\(x)")
    }
    #expect(SimDuration(seconds: 0.0000025).microseconds == 3)
    #expect(SimTime(seconds: -0.0000025).microseconds == -3)
  }
}
