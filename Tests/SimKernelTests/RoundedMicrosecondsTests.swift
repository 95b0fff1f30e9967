import Testing

@testable import SimKernel

@Suite struct RoundedMicrosecondsTests {
  /// Exact halves, their neighbours one ulp away, whole numbers, large values and
  /// random values: the same result as `Int64(x.rounded())` every time.
  @Test func matchesRoundedForEveryKindOfValue() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
    ]
    for k in 0..<2_000 {
      let half = Double(k) + 0.5
      values += [
        half, -half, half.nextUp, half.nextDown, -half.nextUp, -half.nextDown, Double(k), -Double(k),
      ]
    }
    values += [9_007_199_254_740_991, -9_007_199_254_740_991, 4.5e15 + 0.5, 1e18, -1e18]
    var state: UInt64 = 3
    for _ in 0..<100_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      values.append((unit - 0.5) * 2e12)
    }
    for x in values { #expect(roundedMicroseconds(x) == Int64(x.rounded()), "\(x)") }
    #expect(SimDuration(seconds: 0.0000025).microseconds == 3)
    #expect(SimTime(seconds: -0.0000025).microseconds == -3)
  }
}
