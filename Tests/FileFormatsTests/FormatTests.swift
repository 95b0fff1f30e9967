import FileFormats
import Testing

/// Numbers for people to read: the console's figures round as the CSV's do.
@Suite struct FormatTests {
  @Test func aValueThatRoundsToZeroHasNoSign() {
    #expect(Format.fixed(-0.0, digits: 3) == "0.000")
    #expect(Format.fixed(-0.0004, digits: 3) == "0.000")
    #expect(Format.fixed(-0.0005001, digits: 3) == "-0.001")
    #expect(Format.fixed(-2.5, digits: 1) == "-2.5")
    #expect(Format.fixed(-10, digits: 0) == "-10")
    #expect(Format.fixed(3.14159, digits: 2) == "3.14")
    #expect(Format.compact(-0.0001) == "0")
    // Not a zero: an infinity keeps its sign.
    #expect(Format.fixed(-.infinity, digits: 2) == "-inf")
  }

  /// An interval that leaves out 0 never prints an end as 0 beside a p-value that says
  /// it is not: a paired difference of 0.003517 [0.000630, 0.007757] (p = 0.019) read
  /// `0.00 [0.00, 0.01]` at 2 decimals.
  @Test func anIntervalOffZeroPrintsNoEndAsZero() {
    #expect(Format.intervalDigits(low: 0.000630, high: 0.007757, digits: 2) == 3)
    #expect(Format.fixed(0.000630, digits: 3) == "0.001")
    #expect(Format.intervalDigits(low: -0.007757, high: -0.000630, digits: 2) == 3)
    #expect(Format.intervalDigits(low: 0.004, high: 0.03, digits: 2) == 3)
    // Ends that print off 0 already, an interval holding 0, and ends at 0 keep their digits.
    #expect(Format.intervalDigits(low: 9.66, high: 12.48, digits: 2) == 2)
    #expect(Format.intervalDigits(low: -0.0004, high: 0.0004, digits: 2) == 2)
    #expect(Format.intervalDigits(low: 0, high: 0, digits: 2) == 2)
    #expect(Format.intervalDigits(low: 0.001, high: 3, digits: 0) == 3)
    // A delay's median in whole seconds: an end at 0.4 s reads 0.4.
    #expect(Format.intervalDigits(low: 0.4, high: 2.2, digits: 0) == 1)
    // Never more than `most`.
    #expect(Format.intervalDigits(low: 1e-12, high: 1e-11, digits: 2) == 6)
  }

  @Test func aCountOfOneIsSingular() {
    #expect(Format.count(1, "day") == "1 day" && Format.count(30, "day") == "30 days")
    #expect(Format.count(0, "cell") == "0 cells")
    #expect(Format.count(1, "hypothesis", "hypotheses") == "1 hypothesis")
    #expect(Format.count(4, "hypothesis", "hypotheses") == "4 hypotheses")
  }

  /// "incomplete set: shard(s) 2/2 missing" read so whatever the count.
  @Test func namedItemsTakeTheirNounsNumber() {
    #expect(Format.named(["2/2"], "shard") == "shard 2/2")
    #expect(Format.named(["2/3", "3/3"], "shard") == "shards 2/3, 3/3")
    #expect(Format.named(["a", "b"], "hypothesis", "hypotheses") == "hypotheses a, b")
  }
}
