import Testing

@Suite struct BenchCommandTests {
  @Test func holdPrintsASummaryThenTheRateLine() throws {
    let outcome = try BGSimBinary.run([
      "bench", "hold", "--entities", "50", "--events", "20000", "--seed", "3",
    ])
    #expect(outcome.status == 0)
    let lines = outcome.standardOutput.split(separator: "\n")
    let last = try #require(lines.last)
    #expect(last.hasPrefix("events_per_second="))
    let rate = Int(last.dropFirst("events_per_second=".count))
    #expect((rate ?? 0) > 0)
    #expect(outcome.standardOutput.contains("20000 events"))
  }

  @Test(arguments: [
    ["--entities", "0"], ["--entities", "-4"], ["--events", "0"], ["--events", "-1"],
    ["--entities", "many"],
  ])
  func outOfRangeCountsExitWithCodeTwoAndAUsageLine(arguments: [String]) throws {
    let outcome = try BGSimBinary.run(["bench", "hold"] + arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("Usage: bgsim bench hold"))
    #expect(outcome.standardOutput.isEmpty)
  }

  @Test func helpDescribesTheHoldModel() throws {
    let outcome = try BGSimBinary.run(["bench", "hold", "--help"])
    #expect(outcome.status == 0)
    #expect(outcome.standardOutput.contains("--entities"))
    #expect(outcome.standardOutput.contains("events_per_second"))
  }
}
