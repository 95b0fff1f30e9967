import DeviceModel
import Experiments
import FileFormats
import Foundation
import Results
import SimKernel

/// `bgsim fit-persona`: a persona estimated from a device trace (AWARE battery and screen
/// tables), by maximum likelihood where a closed form exists.
///
/// - Screen sessions: their number a day; their lengths, log-normal (the MLE is the mean
///   and the standard deviation, denominator n, of the log lengths); their starts by
///   hour of the day (the unlock profile).
/// - Charging: a session of at least 3 h that starts between 18:00 and 05:00 is
///   overnight. Its plug-in and unplug times of day are normal (MLE: mean and standard
///   deviation, plug-ins counted from noon so that 23:00 and 01:00 are two hours apart);
///   the share of nights with one is `overnight_probability`. The other sessions of at
///   least ``ChargingSpec/shortestTopupSeconds`` are top-ups, their lengths log-normal;
///   shorter ones (a cable's contact of a second or two) are left out, since the
///   simulation makes no top-up that short and a log-normal fitted through both would
///   stretch its tail by hours. A top-up starts only while the phone is off the
///   charger (the simulation draws top-ups through the day and one that comes while
///   charging adds nothing), so their rate in each hour of the day is the top-ups that
///   started in it per hour off the charger in it (the Poisson MLE with that exposure);
///   `topups_per_day` is the day's sum, `topup_profile` the rates.
/// - Battery: the drop between two readings off the charger is `screen × screen hours +
///   idle × idle hours`; least squares (the Gaussian MLE) gives both rates.
///
/// Times of day are those of the trace (AWARE's are UTC), shifted by `utcOffsetHours`.
public struct PersonaFit: Sendable {
  public var name = "fitted"
  public var utcOffsetHours = 0.0
  /// Owners simulated to compare the fitted persona's month with the trace's.
  public var owners = 20
  public var seed: UInt64 = 1

  public init() {}

  /// A figure of the trace beside the fitted persona's.
  public struct Figure: Sendable {
    public let name: String
    public let trace: Double
    public let fitted: Double
  }

  public struct Result: Sendable {
    /// Writes the persona's YAML to `path` (its folder created if needed), whole or not at all.
    public func write(to path: String) throws(UserError) {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      try OutputFolder.prepare(directory: folder.isEmpty ? "." : folder)
      let writer = try AtomicFileWriter(path: path)
      writer.write(yaml)
      try writer.commit()
    }

    /// The persona file's text.
    public let yaml: String
    public let persona: Persona
    public let days: Int
    /// The trace's charges shorter than a top-up (``ChargingSpec/shortestTopupSeconds``):
    /// counted in its charging sessions, left out of the persona.
    public let shortCharges: Int
    /// The trace's figures beside the persona's; none for a trace of fewer than 3 days,
    /// which has no whole day to compare.
    public let figures: [Figure]
    /// The trace's screen sessions longer than the persona's `max_session`, their hours a
    /// day, and the share of the fitted log-normal's sessions that long.
    public var longSessions = (count: 0, hoursPerDay: 0.0, drawnShare: 0.0)

    /// A line saying that the trace's charging sessions hold charges the persona leaves
    /// out, or nil when there are none.
    public var shortChargesNote: String? {
      guard shortCharges > 0 else { return nil }
      let perDay = Format.fixed(Double(shortCharges) / Double(max(days, 1)), digits: 2)
      return "the trace's charging sessions hold \(Format.count(shortCharges, "charge")) under "
        + "\(Int(ChargingSpec.shortestTopupSeconds)) s (about \(perDay) a day), which the persona leaves out"
    }

    /// A line saying that the trace's screen hours hold sessions longer than the
    /// persona's `max_session`, which its log-normal hardly draws and it cuts; nil when
    /// there are none.
    public var longSessionsNote: String? {
      let (count, hours, share) = longSessions
      guard count > 0 else { return nil }
      let cap = persona.usage.maxSessionSeconds
      let capText = cap.truncatingRemainder(dividingBy: 3600) == 0 ? "\(Int(cap / 3600)) h" : "\(Int(cap)) s"
      let drawn =
        share * 1e6 < 1
        ? "all but never draws one that long"
        : "draws one that long in about 1 of \(Int((1 / share).rounded())) sessions"
      return "the trace's screen hours hold \(Format.count(count, "session")) over \(capText) (max_session), "
        + "\(Format.fixed(hours, digits: 2)) h a day; the fitted log-normal \(drawn), and the persona cuts it "
        + "at \(capText)"
    }
  }

  /// A span of time [s from the trace's start].
  struct Span {
    var start: Double
    var end: Double
    var length: Double { end - start }
  }

  /// The spans in which a two-state signal (the screen, the charger) was on.
  struct SpanTracker {
    private(set) var spans: [Span] = []
    private(set) var isOn = false
    /// When the span still under way at the end began; nil when the signal is off.
    private(set) var since: Double?

    mutating func set(_ on: Bool, at t: Double) {
      if on, since == nil { since = t }
      if !on, let start = since {
        spans.append(Span(start: start, end: t))
        since = nil
      }
      isOn = on
    }
  }

  public func run(battery: String, screen: String) throws(UserError) -> Result {
    let converted: (trace: RecordedTrace, startDate: CivilDate)
    do {
      converted = try AwareTrace.convert(
        batteryCSV: try TextFiles.read(battery), screenCSV: try TextFiles.read(screen), batteryFile: battery,
        screenFile: screen)
    } catch let e as UserError { throw e } catch { throw UserError("\(error)") }
    let trace = converted.trace
    let observations = trace.observations
    guard let first = observations.first?.time.seconds, let last = observations.last?.time.seconds,
      last - first >= 2 * 86_400
    else { throw UserError("\(battery): the trace covers less than two days; a persona needs more") }
    let span = (last - first) / 86_400
    var screenOn = SpanTracker()
    var charger = SpanTracker()
    var readings: [(time: Double, level: Double, plugged: Bool, screenOn: Bool)] = []
    for o in observations {
      let t = o.time.seconds
      if let on = o.screenOn { screenOn.set(on, at: t) }
      if let plugged = o.plugged { charger.set(plugged, at: t) }
      if let level = o.batteryPercent { readings.append((t, level, charger.isOn, screenOn.isOn)) }
    }
    let (screens, plugs) = (screenOn.spans, charger.spans)
    guard screens.count >= 10, plugs.count >= 2 else {
      throw UserError("\(screen): too few screen sessions or charges in the trace to fit a persona")
    }
    // A charge still under way when the trace ends is time on the charger too.
    let charged = plugs + (charger.since.map { [Span(start: $0, end: last)] } ?? [])
    let kinds = charges(plugs)
    let yaml = personaText(
      screens: screens, charges: kinds, readings: readings, days: span, battery: battery, screen: screen,
      offCharger: offChargerSeconds(charged, from: first, to: last))
    let persona: Persona
    do { persona = try Persona(tree: ConfigTree.parse(yaml: yaml, file: "fitted persona")) } catch {
      throw UserError("the fitted persona is not valid: \(error.description)")
    }
    let days = Int(span.rounded(.down))
    var result = Result(
      yaml: yaml, persona: persona, days: days, shortCharges: kinds.short.count,
      figures: compare(persona, trace: trace, startDate: converted.startDate, days: days))
    let long = screens.filter { $0.length > persona.usage.maxSessionSeconds }.map(\.length)
    // The share of the persona's own log-normal (as written) longer than max_session.
    var drawn = 0.0
    if case .logNormal(let l) = persona.usage.sessionLength {
      drawn = erfc((log(persona.usage.maxSessionSeconds) - l.mu) / l.sigma / 2.0.squareRoot()) / 2
    }
    result.longSessions = (long.count, long.reduce(0, +) / 3600 / span, drawn)
    return result
  }

  /// Hours into the local day of `seconds` from the trace's start (its first midnight).
  func hour(_ seconds: Double) -> Double {
    let h = (seconds / 3600 + utcOffsetHours).truncatingRemainder(dividingBy: 24)
    return h < 0 ? h + 24 : h
  }

  /// A log-normal's MLE from positive values: the median e^μ and σ.
  static func logNormal(_ xs: [Double]) -> (median: Double, sigma: Double) {
    let logs = xs.map { log(max($0, 1)) }
    let mu = logs.reduce(0, +) / Double(logs.count)
    let variance = logs.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / Double(logs.count)
    return (exp(mu), max(variance.squareRoot(), 0.05))
  }

  /// A normal's MLE: the mean and the standard deviation (denominator n).
  static func normal(_ xs: [Double]) -> (mean: Double, sd: Double) {
    let m = xs.reduce(0, +) / Double(xs.count)
    return (m, (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count)).squareRoot())
  }

  /// How many of `times` fall in each hour of the day.
  func hourlyCounts(_ times: [Double]) -> [Double] {
    var counts = [Double](repeating: 0, count: 24)
    for t in times { counts[min(23, Int(hour(t)))] += 1 }
    return counts
  }

  /// A profile of rates by hour of the day, as weights of mean 1 (all 1 when every rate is 0).
  func profile(hourly rates: [Double]) -> String {
    let total = rates.reduce(0, +)
    let weights = rates.map { total > 0 ? $0 / total * 24 : 1 }
    return "profile(hourly: [" + weights.map { Format.compact($0) }.joined(separator: ", ") + "])"
  }

  /// Seconds off the charger in each hour of the day between `start` and `end`, the
  /// trace's first and last readings; `charges` are the spans on the charger.
  func offChargerSeconds(_ charges: [Span], from start: Double, to end: Double) -> [Double] {
    var seconds = [Double](repeating: 0, count: 24)
    func add(_ a: Double, _ b: Double) {
      var t = a
      while t < b {
        let h = hour(t)
        let next = min(b, t + (h.rounded(.down) + 1 - h) * 3600)
        seconds[min(23, Int(h))] += next - t
        // A step too small to move the clock (rounding at an hour's edge) ends the span.
        guard next > t else { break }
        t = next
      }
    }
    var t = start
    for c in charges.sorted(by: { $0.start < $1.start }) {
      add(t, min(c.start, end))
      t = max(t, c.end)
    }
    add(t, end)
    return seconds
  }

  /// The charges of `plugs` by kind: overnight (at least 3 h, begun 18:00–05:00), top-ups
  /// (the others of at least ``ChargingSpec/shortestTopupSeconds``), and those shorter.
  func charges(_ plugs: [Span]) -> (overnight: [Span], topups: [Span], short: [Span]) {
    let overnight = plugs.filter { p in
      let h = hour(p.start)
      return p.length >= 3 * 3600 && (h >= 18 || h < 5)
    }
    let daytime = plugs.filter { p in !overnight.contains { $0.start == p.start } }
    return (
      overnight, daytime.filter { $0.length >= ChargingSpec.shortestTopupSeconds },
      daytime.filter { $0.length < ChargingSpec.shortestTopupSeconds }
    )
  }

  func personaText(
    screens: [Span], charges: (overnight: [Span], topups: [Span], short: [Span]),
    readings: [(time: Double, level: Double, plugged: Bool, screenOn: Bool)],
    days: Double, battery: String, screen: String, offCharger: [Double]
  ) -> String {
    let session = Self.logNormal(screens.map(\.length))
    let (overnight, topups, short) = charges
    let plugs = overnight.count + topups.count + short.count
    // Plug-in hours from noon (23:00 is 11, 01:00 is 13); unplug hours as they are.
    let plugIn = Self.normal(overnight.map { (hour($0.start) + 12).truncatingRemainder(dividingBy: 24) })
    let unplug = Self.normal(overnight.map { hour($0.end) })
    let topupLength = Self.logNormal(topups.map(\.length))
    // Top-ups an hour off the charger, by hour of the day: started / hours off.
    let topupRates = zip(hourlyCounts(topups.map(\.start)), offCharger).map { $1 > 0 ? $0 / ($1 / 3600) : 0 }
    let (screenRate, idleRate) = drainRates(readings)
    func seconds(_ x: Double) -> String { "\(Int(x.rounded()))s" }
    let shortest = seconds(ChargingSpec.shortestTopupSeconds)
    let blips = short.isEmpty ? "" : ", \(short.count) under \(shortest) left out"
    let plugInMean = (plugIn.mean + 12).truncatingRemainder(dividingBy: 24)
    // Keys a trace gives no figure for (no overnight charge, no top-up) are left out:
    // the typical persona's hold.
    var charging = ["overnight_probability: \(Format.compact(min(1, Double(overnight.count) / days)))"]
    if !overnight.isEmpty {
      charging += [
        "overnight_plug_in: \"normal(mean: \(seconds(plugInMean * 3600)), sd: \(seconds(max(plugIn.sd, 0.1) * 3600)))\"",
        "overnight_unplug: \"normal(mean: \(seconds(unplug.mean * 3600)), sd: \(seconds(max(unplug.sd, 0.1) * 3600)))\"",
        "weekend_unplug_delay: 0s",
      ]
    }
    charging.append("topups_per_day: \(Format.compact(topupRates.reduce(0, +)))")
    if !topups.isEmpty {
      charging += [
        "topup_profile: \"\(profile(hourly: topupRates))\"",
        "topup_duration: \"lognormal(median: \(seconds(topupLength.median)), sigma: \(Format.compact(topupLength.sigma)))\"",
      ]
    }
    charging.append("low_battery_plug_probability: 0")
    return """
      # Fitted by bgsim fit-persona from \(URL(fileURLWithPath: battery).lastPathComponent) and \
      \(URL(fileURLWithPath: screen).lastPathComponent): \(Format.fixed(days, digits: 1)) days, \
      \(screens.count) screen sessions, \(plugs) charges (\(overnight.count) overnight\(blips)).
      # Keys not listed keep the typical persona's values.
      name: \(name)
      description: fitted to a device trace (\(Format.fixed(days, digits: 1)) days)
      usage:
        unlocks_per_day: \(Format.compact(Double(screens.count) / days))
        unlock_profile: "\(profile(hourly: hourlyCounts(screens.map(\.start))))"
        session_length: "lognormal(median: \(seconds(session.median)), sigma: \(Format.compact(session.sigma)))"
      battery:
        screen_on_drain_pct_per_h: \(Format.compact(screenRate))
        idle_drain_pct_per_h: \(Format.compact(idleRate))
      charging:
        \(charging.joined(separator: "\n  "))

      """
  }

  /// The battery's drain on screen and idle [%/h], by least squares over pairs of
  /// readings off the charger: drop = screen × screen hours + idle × idle hours (the
  /// screen taken as on or off for the whole interval, as the earlier reading says).
  func drainRates(_ r: [(time: Double, level: Double, plugged: Bool, screenOn: Bool)]) -> (Double, Double) {
    var (ss, si, ii, sd, id) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for (a, b) in zip(r, r.dropFirst())
    where !a.plugged && !b.plugged && b.time > a.time && b.level <= a.level {
      let hours = (b.time - a.time) / 3600
      guard hours < 12 else { continue }
      let s = a.screenOn ? hours : 0
      let i = a.screenOn ? 0 : hours
      let drop = a.level - b.level
      ss += s * s
      si += s * i
      ii += i * i
      sd += s * drop
      id += i * drop
    }
    let det = ss * ii - si * si
    guard det > 0 else { return (10, 0.7) }
    let screen = (sd * ii - id * si) / det
    let idle = (id * ss - sd * si) / det
    return (min(max(screen, 0.5), 100), min(max(idle, 0.05), 20))
  }

  /// The trace's figures (the trace replayed) beside the fitted persona's (`owners`
  /// owners for the same days), over whole days: the first and last partial days of the
  /// trace, and the first day of each owner, are left out. None when the trace has no
  /// whole day between its first and last (fewer than 3 days).
  func compare(_ persona: Persona, trace: RecordedTrace, startDate: CivilDate, days: Int) -> [Figure] {
    guard days >= 3 else { return [] }
    let replay = DeviceSimulation(
      persona: Persona(), trace: trace, days: days, seed: seed, startDate: startDate)
    let traced = Array(replay.run(device: 0).days.dropFirst().dropLast())
    var simulated: [DeviceDayStats] = []
    let sim = DeviceSimulation(persona: persona, days: days, seed: seed, startDate: startDate)
    for owner in 0..<owners { simulated += sim.run(device: owner).days.dropFirst() }
    func mean(_ days: [DeviceDayStats], _ f: (DeviceDayStats) -> Double) -> Double {
      days.isEmpty ? .nan : days.map(f).reduce(0, +) / Double(days.count)
    }
    let figures: [(String, (DeviceDayStats) -> Double)] = [
      ("charging sessions a day", { Double($0.chargingSessions) }),
      ("share of time on the charger", { $0.chargerSeconds / 86_400 }),
      ("screen sessions a day", { Double($0.unlocks) }),
      ("screen hours a day", { $0.screenSeconds / 3600 }),
    ]
    return figures.map { Figure(name: $0.0, trace: mean(traced, $0.1), fitted: mean(simulated, $0.1)) }
  }
}
