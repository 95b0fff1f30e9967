import Foundation
import Randomness
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// `other_app_summary.csv` from an `other_apps.csv` written by hand: each figure is the
/// mean over owners of their rows over their days, with Student's t interval (widened
/// when every owner showed the same count); a paired difference is over the owners'
/// differences; a damaged file is one line.
@Suite struct OtherAppSummaryTests {
  let plan = SummaryPlan(
    arms: ["refresh", "processing"], cellValues: [], sweptKeys: [], warmupDays: 1, families: [],
    byReplication: false, hypotheses: [])

  /// Three owners, two apps each, in both arms; 4 days counted. Launches: the chat app's
  /// 8, 12, 16 (refresh) and 4, 12, 8 (processing); the photo app's 2, 0, 1 in both.
  static let file = """
    cell,arm,replication,device,app,work,usage_rank,days,opens,launches,suspended,energy_mwh,battery_energy_mwh
    0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000,10.000
    0,refresh,0,0,com.photos,processing,6,4,4,2,1,0.000,0.000
    0,processing,0,0,com.chat.app,silent_push,1,4,40,4,0,6.000,6.000
    0,processing,0,0,com.photos,processing,6,4,4,2,0,0.000,0.000
    0,refresh,0,1,com.chat.app,silent_push,1,4,36,12,0,14.000,14.000
    0,refresh,0,1,com.photos,processing,6,4,8,0,0,0.000,0.000
    0,processing,0,1,com.chat.app,silent_push,1,4,36,12,0,14.000,14.000
    0,processing,0,1,com.photos,processing,6,4,8,0,0,0.000,0.000
    0,refresh,0,2,com.chat.app,silent_push,1,4,44,16,0,18.000,18.000
    0,refresh,0,2,com.photos,processing,6,4,0,1,0,0.000,0.000
    0,processing,0,2,com.chat.app,silent_push,1,4,44,8,0,10.000,10.000
    0,processing,0,2,com.photos,processing,6,4,0,1,0,0.000,0.000

    """

  func folder(_ text: String) throws -> URL {
    let dir = scratchFolder("other-app-summary")
    try text.write(to: dir.appendingPathComponent("other_apps.csv"), atomically: true, encoding: .utf8)
    return dir
  }

  func row(_ s: OtherAppSummary, _ kind: String, _ arm: String, _ app: String, _ metric: String) throws
    -> OtherAppSummary.Row
  {
    try #require(
      s.rows.first {
        $0.kind.rawValue == kind && $0.arm == arm && $0.app == app && $0.metric.rawValue == metric
      })
  }

  @Test func meansOverOwnersWithStudentsInterval() throws {
    let dir = try folder(Self.file)
    let s = try #require(try OtherAppSummary.compute(directory: dir.path, plan: plan))
    // Chat launches per day in refresh: 2, 3, 4 → mean 3, sd 1, t(2) = 4.303.
    let chat = try row(s, "arm", "refresh", "com.chat.app", "launches_per_day")
    #expect(chat.n == 3 && chat.unit == "owner")
    #expect(abs(chat.mean - 3) < 1e-12 && abs(chat.sd - 1) < 1e-12)
    let half = Statistics.tQuantile(level: 0.95, degreesOfFreedom: 2) / 3.0.squareRoot()
    #expect(abs(chat.high - (3 + half)) < 1e-9)
    // 3 − 2.48 > 0: not clamped.
    #expect(abs(chat.low - (3 - half)) < 1e-9)
    // Photo launches per day 0.5, 0, 0.25: the interval's low end is kept at 0.
    let photos = try row(s, "arm", "refresh", "com.photos", "launches_per_day")
    #expect(abs(photos.mean - 0.25) < 1e-12 && photos.low == 0)
    // The sum over the owner's apps: 2.5, 3, 4.25.
    let all = try row(s, "arm", "refresh", OtherAppSummary.allApps, "launches_per_day")
    #expect(abs(all.mean - 9.75 / 3) < 1e-12)
    // Refresh − processing, chat: 1, 0, 2 → mean 1; its p-value, read from its own t
    // interval, is the paired t-test's.
    let pair = try row(s, "paired_difference", "refresh vs processing", "com.chat.app", "launches_per_day")
    #expect(abs(pair.mean - 1) < 1e-12 && pair.n == 3)
    let p = Statistics.pairedTest(mean: 1, variance: 1, count: 3).pValue
    #expect(abs((pair.pValue ?? .nan) - p) < 1e-12)
    #expect(pair.low < 0 && pair.high > 2)
    // The same difference for photos is 0 for every owner: p = 1.
    let none = try row(s, "paired_difference", "refresh vs processing", "com.photos", "launches_per_day")
    #expect(none.mean == 0 && none.pValue == 1)
    // Every owner showed 0, which 3 owners cannot claim exactly: ± the share of owners
    // that none of 3 rules out (1 − 0.025^(1/3) = 0.708) of one launch in 4 days.
    let unseen = (1 - pow(0.025, 1.0 / 3)) / 4
    #expect(abs(none.low + unseen) < 1e-12 && abs(none.high - unseen) < 1e-12)
    let never = try row(s, "arm", "refresh", "com.chat.app", "suspended_per_day")
    #expect(never.mean == 0 && never.low == 0 && abs(never.high - unseen) < 1e-12)
    // Suspended and energy per day are there too: the photo app's 1 suspension in 4 days.
    #expect(abs(try row(s, "arm", "refresh", "com.photos", "suspended_per_day").mean - 1.0 / 12) < 1e-12)
    #expect(abs(try row(s, "arm", "processing", "com.chat.app", "energy_per_day_mwh").mean - 2.5) < 1e-12)
    #expect(
      abs(try row(s, "arm", "processing", "com.chat.app", "battery_energy_per_day_mwh").mean - 2.5) < 1e-12)
    // 2 arms × 3 apps + 1 pair × 3 apps, 5 metrics each.
    #expect(s.rows.count == 9 * 5)
    let written = try String(
      contentsOf: dir.appendingPathComponent("other_app_summary.csv"), encoding: .utf8
    ).split(separator: "\n")
    #expect(written.count == 1 + 45)
    #expect(written[0] == Substring(CSVSchema.otherAppSummary.header.dropLast()))
    #expect(
      written.contains {
        $0.hasPrefix(
          "0,paired_difference,refresh vs processing,com.chat.app,launches_per_day,owner,3,1.000000,")
      }, "\(written)")
  }

  /// An energy difference that is 0 for every owner, where the app does draw energy: no
  /// owner's difference can exceed its larger arm's energy a day, so the interval is ±
  /// the share of owners none of 3 rules out (0.708) of the largest (18 mWh in 4 days).
  @Test func anEnergyDifferenceSeenAtZeroIsBoundedByTheLargestEnergy() throws {
    let same = Self.file.replacingOccurrences(
      of: "0,processing,0,0,com.chat.app,silent_push,1,4,40,4,0,6.000",
      with: "0,processing,0,0,com.chat.app,silent_push,1,4,40,4,0,10.000"
    ).replacingOccurrences(
      of: "0,processing,0,2,com.chat.app,silent_push,1,4,44,8,0,10.000",
      with: "0,processing,0,2,com.chat.app,silent_push,1,4,44,8,0,18.000")
    let s = try #require(try OtherAppSummary.compute(directory: try folder(same).path, plan: plan))
    let pair = try row(s, "paired_difference", "refresh vs processing", "com.chat.app", "energy_per_day_mwh")
    let half = (1 - pow(0.025, 1.0 / 3)) * 18 / 4
    #expect(pair.mean == 0 && abs(pair.low + half) < 1e-9 && abs(pair.high - half) < 1e-9, "\(pair)")
    // The photo app draws none in either arm: 0 by construction, a point.
    let photos = try row(s, "paired_difference", "refresh vs processing", "com.photos", "energy_per_day_mwh")
    #expect(photos.low == 0 && photos.high == 0)
  }

  /// With 10 or more owners, the bootstrap-t over owners, as in summary.csv: a skewed
  /// sample (one heavy owner in 20) gets a longer upper side than lower, and neither
  /// side is shorter than Student's.
  @Test func aSkewedSampleGetsTheBootstrapInterval() throws {
    var text =
      "cell,arm,replication,device,app,work,usage_rank,days,opens,launches,suspended,energy_mwh,battery_energy_mwh\n"
    for d in 0..<20 {
      for arm in ["refresh", "processing"] {
        text += "0,\(arm),0,\(d),com.news,refresh,3,5,5,\(d == 7 ? 150 : 20 + d % 3),0,1.000,1.000\n"
      }
    }
    let s = try #require(try OtherAppSummary.compute(directory: try folder(text).path, plan: plan))
    let r = try row(s, "arm", "refresh", "com.news", "launches_per_day")
    let t = Statistics.confidenceInterval(mean: r.mean, variance: r.sd * r.sd, count: 20)
    // Student's lower end is above 0 here: the asymmetry is the bootstrap's.
    #expect(t.lower > 0)
    #expect(r.high - r.mean > 1.2 * (r.mean - r.low), "[\(r.low), \(r.high)] around \(r.mean)")
    #expect(r.high >= t.upper - 1e-12 && r.low <= max(0, t.lower) + 1e-12)
  }

  /// The figures are added up as summary.csv's owner figures are (exact sums in fixed
  /// point), so the same owners in another order give the same mean and standard
  /// deviation to the bit, within 2⁻³⁰ of the exact mean. (Running floating-point sums,
  /// as this summary kept before, differ in the last bit between these two orders.)
  @Test func theSumsAreExactWhateverTheOwnersOrder() throws {
    let header =
      "cell,arm,replication,device,app,work,usage_rank,days,opens,launches,suspended,energy_mwh,battery_energy_mwh\n"
    var owners: [String] = []
    var exact: [String: [Double]] = [:]
    for d in 0..<30 {
      var block = ""
      for (k, arm) in ["refresh", "processing"].enumerated() {
        let days = d % 2 == 1 ? 3 : 7
        let thousandths = (d * 7 % 13) * 1000 + (d * 37 + 11 * k) % 1000
        block +=
          "0,\(arm),0,\(d),com.news,refresh,3,\(days),\(d),\(d % 5),0,\(Double(thousandths) / 1000),0\n"
        exact[arm, default: []].append(Double(thousandths) / 1000 / Double(days))
      }
      owners.append(block)
    }
    let forward = try #require(
      try OtherAppSummary.compute(directory: try folder(header + owners.joined()).path, plan: plan))
    let backward = try #require(
      try OtherAppSummary.compute(
        directory: try folder(header + owners.reversed().joined()).path, plan: plan))
    #expect(forward.rows.count == backward.rows.count && forward.rows.count == 3 * 2 * 5)
    for (a, b) in zip(forward.rows, backward.rows) {
      #expect(a.metric == b.metric && a.arm == b.arm && a.app == b.app)
      #expect(
        a.n == b.n && a.mean.bitPattern == b.mean.bitPattern && a.sd.bitPattern == b.sd.bitPattern, "\(a)")
    }
    for arm in ["refresh", "processing"] {
      let r = try row(forward, "arm", arm, "com.news", "energy_per_day_mwh")
      let truth = exact[arm]!.reduce(0, +) / 30
      #expect(abs(r.mean - truth) <= 1 / Double(1 << 30), "\(r.mean) against \(truth)")
    }
  }

  @Test func noFileNoSummary() throws {
    let dir = scratchFolder("other-app-summary")
    #expect(try OtherAppSummary.compute(directory: dir.path, plan: plan) == nil)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other_app_summary.csv").path))
  }

  @Test(arguments: [
    (
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000",
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,x,0,10.000",
      "line 2: launches 'x' is out of range; the file is damaged, run the experiment again"
    ),
    (
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000",
      "0,weekly,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000",
      "line 2: arm 'weekly' is not one of the experiment's (refresh, processing); the file is from another experiment, run it again"
    ),
    (
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000,10.000",
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0",
      "line 2: 11 fields where the header has 13; the file is damaged, run the experiment again"
    ),
    (
      "0,refresh,0,0,com.photos,processing,6,4,4,2,1,0.000",
      "0,refresh,0,0,com.chat.app,processing,6,4,4,2,1,0.000",
      "line 3: com.chat.app appears twice for owner 0 in arm refresh; the file is damaged, run the experiment again"
    ),
    (
      "0,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000",
      "3,refresh,0,0,com.chat.app,silent_push,1,4,40,8,0,10.000",
      "line 2: cell '3' is out of range; the file is damaged, run the experiment again"
    ),
    (
      "usage_rank,days,opens", "usage_rank,opens",
      "line 1: the header is not cell,arm,replication,device,app,work,usage_rank,days,opens,launches,suspended,energy_mwh,battery_energy_mwh; the file is from another experiment or version of bgsim, run the experiment again"
    ),
  ])
  func aDamagedFileIsOneLine(_ damage: (String, String, String)) throws {
    let dir = try folder(Self.file.replacingOccurrences(of: damage.0, with: damage.1))
    let path = dir.appendingPathComponent("other_apps.csv").path
    do {
      _ = try OtherAppSummary.compute(directory: dir.path, plan: plan)
      Issue.record("accepted: \(damage.1)")
    } catch {
      #expect(error.message == "\(path) \(damage.2)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other_app_summary.csv").path))
  }
}
