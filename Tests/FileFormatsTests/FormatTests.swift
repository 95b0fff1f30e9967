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
