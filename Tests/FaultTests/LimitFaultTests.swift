import Foundation
import TestScratch
import Testing

/// Numbers at and past every limit, and the bombs: each is refused with one line and
/// exit 2 (or runs), never a trap, and within bounded memory.
@Suite struct LimitFaultTests {
  static let experiment = """
    name: limits
    days: 2
    devices: 2
    persona: typical
    app: {bundle: x, background_modes: [fetch], permitted_identifiers: [r]}
    arms:
      a:
        tasks:
          - {identifier: r, type: refresh, earliest_begin: 15m, submit: [on_launch], work: 5s}

    """

  func refused(_ text: String, _ message: String, command: String = "run") throws {
    let dir = scratchFolder("limits")
    let file = dir.appendingPathComponent("e.yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    for c in [command, "validate"] {
      let args =
        c == "run"
        ? ["run", file.path, "--out", dir.appendingPathComponent("out").path, "--quiet"] : [c, file.path]
      let r = try BGSimBinary.run(args)
      #expect(r.status == 2, "\(c): \(r.standardError.prefix(300))")
      #expect(r.standardError.split(separator: "\n").count == 1, "\(c): \(r.standardError.prefix(300))")
      #expect(r.standardError.contains(message), "\(c): \(r.standardError)")
    }
  }

  @Test(arguments: [
    ("work: 5s", "work: 1e14s", "has a mean beyond 31 years"),
    ("work: 5s", "work: \"lognormal(median: 5s, sigma: 50)\"", "has a mean beyond 31 years"),
    (
      "persona: typical", "persona: {name: typical, overrides: {charging.overnight_plug_in: \"1e12h\"}}",
      "has a mean beyond 31 years"
    ),
    (
      "persona: typical",
      "persona: {name: typical, overrides: {usage.unlock_profile: \"profile(hourly: [\(Array(repeating: "1e-320", count: 24).joined(separator: ", "))])\"}}",
      "profile weights must be 0 or between 1e-9 and 1e9"
    ),
    ("days: 2\n", "days: 2\ntimeline:\n  - [10000000000000, plug]\n", "is past the longest run"),
    ("days: 2\n", "days: 2\ntimeline:\n  - [\"01:00\", screen_on, 1e13s]\n", "is not a positive duration"),
    (
      "devices: 2", "devices: 10000000\nreplications: 10000", "the run is too large: 200000000000 device-days"
    ),
  ])
  func aNumberPastItsLimitIsOneLine(old: String, new: String, message: String) throws {
    let text = Self.experiment.replacingOccurrences(of: old, with: new)
    // 10000 replications is within its own range; the product is what is refused.
    try refused(text, message)
  }

  @Test func aGridIsCountedBeforeItIsBuilt() throws {
    let values = "[" + (1...20).map(String.init).joined(separator: ", ") + "]"
    let keys = [
      "app.opens_per_day", "seed", "days", "devices", "scheduler.threshold", "scheduler.processing_threshold",
    ]
    let grid = keys.map { "\($0): \(values)" }.joined(separator: ", ")
    try refused(Self.experiment + "sweep:\n  grid: {\(grid)}\n", "the grid has 64000000 cells")
  }

  @Test func nestedAliasesAreRefusedBeforeTheyExpand() throws {
    var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in 1..<10 {
      lines.append(
        "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]")
    }
    let start = ContinuousClock.now
    try refused(lines.joined(separator: "\n") + "\n" + Self.experiment, "expands to more than 100000 values")
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  @Test func aGzipBombIsCutOff() throws {
    let dir = scratchFolder("limits")
    let bomb = dir.appendingPathComponent("battery.csv.gz")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "head -c 600000000 /dev/zero | gzip -1 > '\(bomb.path)'"]
    try shell.run()
    shell.waitUntilExit()
    let r = try BGSimBinary.run([
      "convert-aware", "--battery", bomb.path, "--screen", bomb.path, "--out",
      dir.appendingPathComponent("o").path,
    ])
    #expect(r.status == 2)
    #expect(r.standardError.contains("expands to more than 256 MiB"))
    #expect(r.standardError.split(separator: "\n").count == 1)
  }

  @Test(arguments: [["explain", "experiments/scenarios/night-charger.yaml", "--days", "100000000"]])
  func commandCapsAreOneLine(arguments: [String]) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let r = try BGSimBinary.run(arguments, in: root)
    #expect(r.status == 2)
    #expect(r.standardError.contains("--days must be 1…3650"))
  }

  @Test func aDamagedHourOfDayFileIsRefusedByTheReport() throws {
    let dir = scratchFolder("limits")
    let file = dir.appendingPathComponent("e.yaml")
    try Self.experiment.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    #expect(
      [0, 1, 3, 4].contains(try BGSimBinary.run(["run", file.path, "--out", out.path, "--quiet"]).status))
    let hours = out.appendingPathComponent("hour_of_day.csv")
    var lines = try String(contentsOf: hours, encoding: .utf8).split(separator: "\n").map(String.init)
    var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[2] = "99"
    lines[1] = fields.joined(separator: ",")
    try (lines.joined(separator: "\n") + "\n").write(to: hours, atomically: true, encoding: .utf8)
    // As a folder written before the manifest recorded its files' checksums (which refuse
    // the edit first), so that the report's own check of the hour is what answers.
    let manifest = out.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let withoutChecksums = text.replacingOccurrences(
      of: #",\n  "files": \{[^\n]*\}"#, with: "", options: .regularExpression)
    #expect(withoutChecksums != text)
    try withoutChecksums.write(to: manifest, atomically: true, encoding: .utf8)
    let r = try BGSimBinary.run(["report", out.path])
    #expect(r.status == 2)
    #expect(r.standardError.contains("hour_of_day.csv line 2: hour '99'"))
  }
}
