import ArgumentParser
import Experiments
import Results

/// `bgsim trace`: simulate phones and their owners on their own and write every change.
struct Trace: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Simulate phones and their owners (no app) and write every change of state.",
    discussion: """
      Writes OUT/device_events.csv with the columns device,time,time_iso,event,value,battery_pct \
      (time in seconds from the start), then prints a per-day table. With --timeline or --replay \
      the device follows a script or a recorded trace instead of (part of) its random habits. \
      What a file would silently not do (timeline events after the last day, a plug or unplug that \
      finds the charger already so, a persona's sessions mostly cut at max_session) is a warning on standard error, and the command then exits 4.
      """
  )

  @Option(
    help:
      "Persona: a built-in name (typical, heavy-night-charger, light-opportunistic, commuter-poor-connectivity) or a YAML file."
  )
  var persona = "typical"

  @Option(help: "Simulated days (1…3650).")
  var days = 7

  @Option(help: "Simulated devices, each a different owner of the same persona (≥ 1).")
  var devices = 1

  @Option(help: "Master seed.")
  var seed: UInt64 = 42

  @Option(help: "Start date, YYYY-MM-DD (day 0 begins at its midnight).")
  var start = "2026-01-05"

  @Option(help: "Output folder for device_events.csv.")
  var out: String

  @Option(help: "A scripted timeline (YAML or time,event,value CSV) that takes over the aspects it touches.")
  var timeline: String?

  @Option(help: "A recorded trace CSV (time_s,battery_pct,plugged,screen,network) to replay.")
  var replay: String?

  @Flag(help: "No progress bar.")
  var quiet = false

  var request: TraceRequest {
    var r = TraceRequest()
    r.persona = persona
    r.days = days
    r.devices = devices
    r.seed = seed
    r.start = start
    r.out = out
    r.timeline = timeline
    r.replay = replay
    return r
  }

  func validate() throws {
    if let problem = request.problem() { throw ValidationError(problem) }
  }

  /// Exits 4 after a warning, as a run does (the figures it casts doubt on are not a
  /// clean answer).
  func run() throws {
    var warned = false
    let bar = ProgressBar(label: "trace", quiet: quiet)
    let report = try request.run(
      warning: {
        FileHandleOutput.standardError("bgsim: \($0)")
        warned = true
      },
      progress: { done, total in bar.update(done: done, total: total, unit: "devices") })
    print(report)
    if warned { throw ExitCode(4) }
  }
}
