import ArgumentParser
import Calibration
import Foundation
import Results

/// `bgsim fit-persona`: a persona estimated from a device trace.
struct FitPersona: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit-persona",
    abstract: "Estimate a persona from AWARE battery and screen tables (.gz is fine).",
    discussion: """
      Fits the persona's screen sessions, charging habits and battery drain by maximum likelihood, \
      writes a persona YAML that bgsim run accepts, and prints the trace's figures beside those of the \
      fitted persona simulated for the same days.
      """
  )

  @Option(help: "AWARE battery CSV: time,battery_level,battery_status,battery_health,battery_adaptor.")
  var battery: String
  @Option(help: "AWARE screen CSV: time,screen_status.") var screen: String
  @Option(help: "Where to write the persona YAML.") var out = "notebooks-data/fitted-persona.yaml"
  @Option(help: "The persona's name.") var name = "fitted"
  @Option(help: "Hours to add to the trace's times of day (AWARE's are UTC).") var utcOffset = 0.0
  @Option(help: "Owners simulated to compare with the trace.") var owners = 20

  func validate() throws {
    guard (-14...14).contains(utcOffset) else { throw ValidationError("--utc-offset must be -14…14 hours") }
    guard (1...1000).contains(owners) else { throw ValidationError("--owners must be 1…1000") }
    guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name must be a plain name") }
  }

  func run() throws {
    var fit = PersonaFit()
    fit.name = name
    fit.utcOffsetHours = utcOffset
    fit.owners = owners
    let result = try fit.run(battery: battery, screen: screen)
    try result.write(to: out)
    print(result.yaml, terminator: "")
    if result.figures.isEmpty {
      print("not compared: the trace has no whole day between its first and last (it needs 3 days)")
    } else {
      print("figure                        trace     fitted persona (\(owners) owners × \(result.days) days)")
    }
    for f in result.figures {
      let name = f.name.padding(toLength: 30, withPad: " ", startingAt: 0)
      print(name + String(format: "%-10.2f%.2f", f.trace, f.fitted))
    }
    for note in [result.shortChargesNote, result.longSessionsNote].compactMap(\.self) { print(note) }
    print("wrote \(out)")
  }
}
