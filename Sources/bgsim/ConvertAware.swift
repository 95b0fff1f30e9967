import ArgumentParser
import Experiments
import Results

/// `bgsim convert-aware`: AWARE/niimpy battery and screen tables to a replayable trace.
struct ConvertAware: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert-aware",
    abstract:
      "Convert AWARE battery and screen CSV (as niimpy ships them; .gz is fine) into a trace for --replay."
  )

  @Option(help: "AWARE battery CSV: time,battery_level,battery_status,battery_health,battery_adaptor.")
  var battery: String

  @Option(help: "AWARE screen CSV: time,screen_status.")
  var screen: String

  @Option(help: "Where to write the trace CSV.")
  var out: String

  func run() throws {
    print(try AwareConversion.run(battery: battery, screen: screen, out: out))
  }
}
