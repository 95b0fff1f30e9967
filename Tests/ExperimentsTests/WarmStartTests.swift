import Experiments
import FileFormats
import Foundation
import Results
import TestScratch
import Testing

/// A warm start: `app.installed_days_before` gives dasd the owner's past use of the app
/// (14 days of opens and unlocks from the same habits) and the request the app's last
/// launch left pending, so a study of an established app needs no warm-up.
@Suite struct WarmStartTests {
  func run(installedDaysBefore: Int) throws -> (out: URL, console: String) {
    let text = DefaultExperiment.text
      .replacingOccurrences(of: "days: 30", with: "days: 10")
      .replacingOccurrences(of: "devices: 200", with: "devices: 40")
      .replacingOccurrences(
        of: "opens_per_day: 5", with: "opens_per_day: 5\n  installed_days_before: \(installedDaysBefore)")
    var r = RunRequest()
    r.file = write(text)
    r.out = scratch().path
    r.jobs = 2
    let (console, _, _) = try r.run { _, _ in }
    return (URL(fileURLWithPath: r.out!), console)
  }

  /// Refresh's launches a day, by day, over the 40 owners.
  func refreshByDay(_ out: URL) throws -> [Double] {
    let (c, rows) = try csvTable(out, .days)
    var sums = [Double](repeating: 0, count: 10)
    for row in rows where row[c("arm")] == "refresh" {
      sums[Int(row[c("day")])!] += Double(row[c("launches")])!
    }
    return sums.map { $0 / 40 }
  }

  @Test func anInstalledAppNeedsNoWarmup() throws {
    let fresh = try run(installedDaysBefore: 0)
    let warm = try run(installedDaysBefore: 14)
    let (f, w) = (try refreshByDay(fresh.out), try refreshByDay(warm.out))
    let steady = w[5...].reduce(0, +) / 5
    // A fresh install launches nothing on day 0 (no request before the first open); an
    // installed app launches on day 0 about as on any later day (within a fifth).
    #expect(f[0] == 0)
    #expect(abs(w[0] - steady) < 0.2 * steady, "\(w)")
    // The MSER rule reads a shorter transient from the warm run than from the fresh one
    // (the longest over both arms: processing's first night on the charger, day 0, is
    // the phone's start and stays short of the later ones in both).
    let transient = { (out: URL) in RunManifest.read(directory: out.path)?.transientDays ?? -1 }
    #expect(transient(warm.out) < transient(fresh.out), "\(w) against \(f)")
    #expect(warm.console.contains("the app installed 14 days before day 0"))
    #expect(fresh.console.contains("the app installed on day 0"))
  }

  /// A number too large for an integer is out of range, not "not a whole number".
  @Test(arguments: [
    ("-1", "-1 is out of range"), ("soon", "'soon' is not a whole number"),
    ("99999999999999999999", "99999999999999999999 is out of range; use a value in 0…"),
    ("+-5", "'+-5' is not a whole number"),
  ])
  func aBadInstallAgeIsRefused(value: String, message: String) throws {
    var r = RunRequest()
    r.file = write(
      DefaultExperiment.text.replacingOccurrences(
        of: "opens_per_day: 5", with: "opens_per_day: 5\n  installed_days_before: \(value)"))
    let error = #expect(throws: UserError.self) { try r.load() }
    #expect(
      error?.message.contains("app.installed_days_before: \(message)") == true, "\(error?.message ?? "")")
  }
}
