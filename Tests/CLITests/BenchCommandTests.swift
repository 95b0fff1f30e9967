import TestScratch
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
  func outOfRangeCountsExitWithCodeTwoAndOneLine(arguments: [String]) throws {
    let outcome = try BGSimBinary.run(["bench", "hold"] + arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.split(separator: "\n").count == 1)
    #expect(outcome.standardError.hasSuffix("(see 'bgsim bench hold --help')\n"))
    #expect(outcome.standardOutput.isEmpty)
  }

  @Test func devicesPrintsWhereTheTimeGoesThenTheRateLine() throws {
    let outcome = try BGSimBinary.run(["bench", "devices", "--device-days", "60", "--seed", "5"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("device-days: 60 (30 days × 2 arms)") == true)
    let last = try #require(lines.last)
    #expect(last.hasPrefix("device_days_per_second="))
    #expect((Int(last.dropFirst("device_days_per_second=".count)) ?? 0) > 0)
    func number(after prefix: String, in line: String) -> Double? {
      guard let range = line.range(of: prefix) else { return nil }
      return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }
    let all = try #require(lines.first { $0.hasPrefix("kernel events per device-day: ") })
    let alone = try #require(lines.first { $0.hasPrefix("device model alone: ") })
    let total = try #require(number(after: "kernel events per device-day: ", in: all))
    let device = try #require(number(after: "device model alone: ", in: alone))
    // The full run handles the device's events plus the app's and the scheduler's.
    #expect(device > 0 && device < total)
    let share = try #require(number(after: "events per device-day, ", in: alone))
    #expect(share >= 0 && share <= 100)
    let tail = try #require(lines.first { $0.hasPrefix("merging the parts and the summary statistics: ") })
    let summary = try #require(number(after: "summary statistics: ", in: tail))
    #expect(summary >= 0 && summary < 100)
    let memory = try #require(lines.first { $0.hasPrefix("peak resident memory: ") })
    let mebibytes = try #require(number(after: "peak resident memory: ", in: memory))
    // A process with the Swift runtime, Foundation and GSL loaded holds at least a few MiB.
    #expect(mebibytes > 2 && mebibytes < 4096)
  }

  @Test func phonePrintsItsAppsThenTheRateLine() throws {
    let outcome = try BGSimBinary.run(["bench", "phone", "--apps", "5", "--phone-days", "60", "--seed", "5"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("phone-days: 60 (30 days × 2 arms) with 5 other apps each") == true)
    let last = try #require(lines.last)
    #expect(last.hasPrefix("phone_days_per_second="))
    #expect((Int(last.dropFirst("phone_days_per_second=".count)) ?? 0) > 0)
  }

  @Test(arguments: [["--apps", "501"], ["--apps", "-1"], ["--phone-days", "0"]])
  func phoneOutOfRangeIsOneLine(arguments: [String]) throws {
    let outcome = try BGSimBinary.run(["bench", "phone"] + arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.split(separator: "\n").count == 1)
    #expect(outcome.standardError.hasSuffix("(see 'bgsim bench phone --help')\n"))
  }

  @Test func helpDescribesTheHoldModel() throws {
    let outcome = try BGSimBinary.run(["bench", "hold", "--help"])
    #expect(outcome.status == 0)
    #expect(outcome.standardOutput.contains("--entities"))
    #expect(outcome.standardOutput.contains("events_per_second"))
  }
}
