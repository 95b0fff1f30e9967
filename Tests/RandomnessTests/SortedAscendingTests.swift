import Testing

@testable import Randomness

@Suite struct SortedAscendingTests {
  /// The radix sort gives, bit for bit, what `sorted()` gives: for arrays of every sign,
  /// magnitude and repetition a bootstrap can produce (integers, tiny and huge values,
  /// infinities, ties), at the sizes it sorts and at the edges (0, 1 and 2 values).
  @Test func itSortsAsSortedDoes() {
    var g = SplitMix64(state: 20_261_206)
    for trial in 0..<300 {
      let n = [0, 1, 2, 3, 17, 256, 1_999][trial % 7]
      let values = (0..<n).map { _ -> Double in
        let bits = g.next()
        let u = Double(bits >> 11) / Double(1 << 53)
        switch bits % 6 {
        case 0: return Double(Int(bits % 7)) - 3
        case 1: return (u - 0.5) * 1e-300
        case 2: return (u - 0.5) * 1e300
        case 3: return bits % 20 == 3 ? .infinity : -.infinity
        default: return (u - 0.5) * 8
        }
      }
      let expected = values.sorted()
      let got = Statistics.sortedAscending(values)
      #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "trial \(trial), \(n) values")
    }
  }

  /// All values alike (every byte shared, so every pass is skipped), and −0 with +0:
  /// −0 first, both kept.
  @Test func sharedBytesAndSignedZeros() {
    #expect(Statistics.sortedAscending([2.5, 2.5, 2.5]) == [2.5, 2.5, 2.5])
    let zeros = Statistics.sortedAscending([0.0, -0.0, 1, -1])
    #expect(zeros.map(\.bitPattern) == [-1.0, -0.0, 0.0, 1.0].map(\.bitPattern))
  }
}
