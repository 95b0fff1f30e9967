import ArgumentParser
import Benchmarks
import FileFormats
import Foundation
import Results

/// `bgsim bench …`: speed measurements.
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure simulation speed (build with whole-program LTO for published figures).",
    discussion: """
      The figures in Sources/Benchmarks/PERFORMANCE.md come from a build with \
      whole-program LTO, about 8 % faster than the quick start's release build:

        swift build -c release --experimental-lto-mode=full \\
          --scratch-path .build-lto --product bgsim
        .build-lto/release/bgsim bench devices
      """,
    subcommands: [Hold.self, Decisions.self, Devices.self, Phone.self]
  )

  struct Hold: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hold",
      abstract: "The hold model: N entities, each rescheduling itself at now + Exp(1 s).",
      discussion: """
        Runs the real kernel and a real GSL random stream. Prints a summary, then a last \
        line `events_per_second=<integer>` for scripts.
        """
    )

    @Option(help: "Number of entities, which is also the queue size (≥ 1).")
    var entities: Int = 1000

    @Option(help: "Number of events to process (≥ 1).")
    var events: Int64 = 10_000_000

    @Option(help: "Master seed of the random stream.")
    var seed: UInt64 = 1

    func validate() throws {
      guard entities >= 1 else { throw ValidationError("--entities must be at least 1 (got \(entities))") }
      guard events >= 1 else { throw ValidationError("--events must be at least 1 (got \(events))") }
    }

    func run() throws {
      let result = HoldBenchmark(entities: entities, events: events, seed: seed).run()
      print("hold model: \(entities) entities, \(result.events) events, seed \(seed)")
      print("wall time: \(Format.fixed(result.wallSeconds, digits: 3)) s")
      print("simulated time: \(Format.fixed(result.simulatedSeconds, digits: 1)) s")
      print("queue size at end: \(result.finalQueueSize)")
      print("peak memory: \(Format.fixed(ProcessMemory.peakResidentMebibytes(), digits: 1)) MiB")
      print("events_per_second=\(Int64(result.eventsPerSecond.rounded()))")
    }
  }

  struct Decisions: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "decisions",
      abstract: "The cost of one scheduling decision: every policy of the ios model judging one activity.",
      discussion: "Prints a summary, then a last line `nanoseconds_per_decision=<integer>`."
    )

    @Option(help: "Number of decisions (≥ 1).")
    var decisions = 2_000_000

    @Option(help: "Seed of the prepared device states.")
    var seed: UInt64 = 1

    func validate() throws {
      guard decisions >= 1 else { throw ValidationError("--decisions must be at least 1 (got \(decisions))") }
    }

    func run() throws {
      let result = DecisionBenchmark(decisions: decisions, seed: seed).run()
      print("decisions: \(result.decisions), launches: \(result.launches)")
      print("wall time: \(Format.fixed(result.wallSeconds, digits: 3)) s")
      print("nanoseconds_per_decision=\(Int(result.nanosecondsPerDecision.rounded()))")
    }
  }

  struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "devices",
      abstract: "Device-days per second for the default experiment (typical owners, both arms), one core.",
      discussion: "Prints a summary, then a last line `device_days_per_second=<integer>`."
    )

    @Option(help: "Device-days to simulate (≥ 60; rounded up to whole owners of 30 days × 2 arms).")
    var deviceDays = 6000

    @Option(help: "Master seed.")
    var seed: UInt64 = 42

    func validate() throws {
      guard deviceDays >= 1 else {
        throw ValidationError("--device-days must be at least 1 (got \(deviceDays))")
      }
    }

    func run() throws {
      let r = try DeviceBenchmark(deviceDays: deviceDays, seed: seed).run()
      print(
        "device-days: \(r.deviceDays) (30 days × 2 arms), wall time \(Format.fixed(r.wallSeconds, digits: 2)) s"
      )
      print("kernel events per device-day: \(Format.fixed(r.eventsPerDeviceDay, digits: 0))")
      print(
        "device model alone: \(Format.fixed(r.deviceEventsPerDeviceDay, digits: 0)) events per device-day, "
          + "\(Format.fixed(100 * r.deviceShare, digits: 0)) % of the wall time; "
          + "app, scheduler and output files: \(Format.fixed(100 * (1 - r.deviceShare), digits: 0)) %")
      print(
        "merging the parts and the summary statistics: \(Format.fixed(100 * r.summaryShare, digits: 0)) % of the wall time"
      )
      print("peak resident memory: \(Format.fixed(r.peakResidentMebibytes, digits: 0)) MiB")
      print("device_days_per_second=\(Int(r.perSecond.rounded()))")
    }
  }

  struct Phone: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "phone",
      abstract: "Phone-days per second of the default experiment with N other apps on every phone, one core.",
      discussion: """
        The other apps are the built-in archetype mix (other_apps in an experiment), judged \
        by the same system scheduler as the app under study. Prints a summary, then a last \
        line `phone_days_per_second=<integer>`.
        """
    )

    @Option(help: "Other apps with background work on each phone (0…\(PhoneBenchmark.maximumApps)).")
    var apps = 40

    @Option(help: "Phone-days to simulate (≥ 1; rounded up to whole owners of 30 days × 2 arms).")
    var phoneDays = 3000

    @Option(help: "Master seed.")
    var seed: UInt64 = 42

    func validate() throws {
      guard (0...PhoneBenchmark.maximumApps).contains(apps) else {
        throw ValidationError("--apps must be in 0…\(PhoneBenchmark.maximumApps) (got \(apps))")
      }
      guard phoneDays >= 1 else {
        throw ValidationError("--phone-days must be at least 1 (got \(phoneDays))")
      }
    }

    func run() throws {
      let r = try PhoneBenchmark(phoneDays: phoneDays, apps: apps, seed: seed).run()
      print(
        "phone-days: \(r.phoneDays) (30 days × 2 arms) with \(apps) other apps each, wall time \(Format.fixed(r.wallSeconds, digits: 2)) s"
      )
      print("phone_days_per_second=\(Int(r.perSecond.rounded()))")
    }
  }
}
