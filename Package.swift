// swift-tools-version: 6.1
// bgsim: a discrete-event simulator of iOS background execution.
// Targets are listed in import order: a target never imports one listed after it.
import Foundation
import PackageDescription

// Release builds skip the run-time exclusivity checks of the simulation targets: they
// cost about a tenth of the instructions of a run (`bgsim bench devices`, callgrind).
// Debug builds, and so `swift test`, keep them, and would trap on a violation.
// Cross-module optimisation lets the simulation's generic code (the scheduler over any
// `DeviceConditions`, the kernel's loop) be specialised and inlined across targets:
// 2–3 % faster (`bgsim bench devices`, paired runs), outputs identical.
// On an x86-64 host with AVX2, BMI2 and FMA (Haswell or later, as these machines are),
// release builds are also compiled for those instructions: 2.6 % more device-days per
// second (bench, paired runs) and 3.7 % less user time, outputs byte for byte the same
// (Swift does not fuse multiply-adds, so every floating-point result is unchanged). The
// binary then needs such a processor: set BGSIM_PORTABLE_BUILD=1 to build one that runs
// on any x86-64 machine.
// Whole-program optimisation at link time (about 4 % faster, outputs identical) cannot
// be asked for here: with `-lto=llvm-full` the compiler writes bitcode where SwiftPM
// expects object files. The build scripts (`.ci/main-job`, …) pass SwiftPM's own
// `--experimental-lto-mode=full` instead.
let hostHasHaswellInstructions: Bool = {
  guard ProcessInfo.processInfo.environment["BGSIM_PORTABLE_BUILD"] == nil,
    let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
    let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
  else { return false }
  let present = Set(flags.split(separator: " ").map(String.init))
  return ["avx2", "bmi2", "fma", "movbe"].allSatisfy(present.contains)
}()
// Debug builds, and so `swift test`, optimise the library and tool targets too (the test
// targets stay unoptimised): the suite runs in 72 s instead of 346 s on 2 cores, for a
// clean debug build 61 s longer (171 s against 110 s). Run-time exclusivity checks,
// overflow traps and the debug-only checks (`#if DEBUG`, written as `precondition`, since
// `-O` drops `assert`) all stay. Set BGSIM_UNOPTIMISED_DEBUG=1 for a debug build to step
// through in a debugger.
let optimisesDebugBuilds = ProcessInfo.processInfo.environment["BGSIM_UNOPTIMISED_DEBUG"] == nil
let buildSpeed: [SwiftSetting] =
  [
    .unsafeFlags(
      ["-enforce-exclusivity=unchecked", "-cross-module-optimization"]
        + (hostHasHaswellInstructions ? ["-target-cpu", "haswell"] : []),
      .when(configuration: .release))
  ] + (optimisesDebugBuilds ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : [])

let package = Package(
  name: "bgsim",
  products: [
    .executable(name: "bgsim", targets: ["bgsim"]),
    .library(name: "SimKernel", targets: ["SimKernel"]),
    .library(name: "Randomness", targets: ["Randomness"]),
    .library(name: "DeviceModel", targets: ["DeviceModel"]),
    .library(name: "IOSModel", targets: ["IOSModel"]),
    .library(name: "PhoneAssembly", targets: ["PhoneAssembly"]),
    .library(name: "Results", targets: ["Results"]),
    .library(name: "Experiments", targets: ["Experiments"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // 1. The system-library shim over GNU GSL. Only Randomness imports it.
    .systemLibrary(
      name: "CGSL",
      pkgConfig: "gsl",
      providers: [.apt(["libgsl-dev", "pkg-config"])]
    ),
    // 2. Simulated time, the event queue and the run loop. No phone vocabulary.
    .target(name: "SimKernel", swiftSettings: buildSpeed),
    // 3. Named random streams, distributions and statistics, built on GSL.
    .target(name: "Randomness", dependencies: ["CGSL", "SimKernel"], swiftSettings: buildSpeed),
    // 4. File formats: the checked YAML reader every configuration file goes through,
    //    CSV writing and reading, and the rules for bytes on disk (atomic writes, the
    //    output lock, checksums, the one-line user error).
    .target(
      name: "FileFormats",
      dependencies: ["SimKernel", "Randomness", .product(name: "Yams", package: "Yams")],
      swiftSettings: buildSpeed,
      plugins: ["BuildCommit"]
    ),
    // 5. The simulated phone and its owner: battery, charging, network, usage, personas.
    .target(
      name: "DeviceModel", dependencies: ["SimKernel", "Randomness", "FileFormats"],
      swiftSettings: buildSpeed),
    // 6. The iOS model: the BGTaskScheduler mirror, the app lifecycle, background time.
    .target(
      name: "IOSModel", dependencies: ["SimKernel", "Randomness", "FileFormats", "DeviceModel"],
      swiftSettings: buildSpeed),
    // 7. The phone assembly: one phone's device, apps, system scheduler and push server
    //    wired together (the only place where the device model meets the iOS model), and
    //    run day by day.
    .target(
      name: "PhoneAssembly", dependencies: ["SimKernel", "Randomness", "DeviceModel", "IOSModel"],
      swiftSettings: buildSpeed),
    // 8. Results: every output file's columns, the metrics and hypotheses, and the summary
    //    statistics computed from rows. It never imports the simulation.
    .target(
      name: "Results", dependencies: ["SimKernel", "Randomness", "FileFormats"], swiftSettings: buildSpeed),
    // 9. The HTML report of an output folder, drawn from its files alone.
    .target(
      name: "Report", dependencies: ["SimKernel", "Randomness", "FileFormats", "Results"],
      swiftSettings: buildSpeed),
    // 10. Experiments: define, run and write. Experiment files, the chunked runner
    //     (resume, shards, merge), the rows each owner writes, and each command's library half.
    .target(
      name: "Experiments",
      dependencies: [
        "SimKernel", "Randomness", "FileFormats", "DeviceModel", "IOSModel", "PhoneAssembly", "Results",
      ],
      swiftSettings: buildSpeed),
    // 11. Calibration: the validation cases and scorecard, the ABC fit, persona fits and
    //     launch logs: how the model is held against real phones.
    .target(
      name: "Calibration",
      dependencies: [
        "SimKernel", "Randomness", "FileFormats", "DeviceModel", "IOSModel", "PhoneAssembly", "Results",
        "Experiments",
      ],
      swiftSettings: buildSpeed),
    // 12. `bgsim bench`: the kernel's hold model, one decision, whole device-days.
    .target(
      name: "Benchmarks",
      dependencies: ["SimKernel", "Randomness", "FileFormats", "DeviceModel", "IOSModel", "Experiments"],
      exclude: ["PERFORMANCE.md"],
      swiftSettings: buildSpeed),
    // 13. The command line. It parses arguments and calls the library targets.
    .executableTarget(
      name: "bgsim",
      dependencies: [
        "FileFormats", "Randomness", "Results", "Report", "Experiments", "Calibration", "Benchmarks",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Records the commit of the sources (and whether the tree was dirty) in FileFormats at
    // build time, for every run's manifest.
    .plugin(name: "BuildCommit", capability: .buildTool(), path: "Plugins/BuildCommit"),
    // Scratch folders for the tests, removed when the test process exits.
    .target(name: "TestScratch", path: "Tests/TestScratch"),
    .testTarget(name: "SimKernelTests", dependencies: ["SimKernel"]),
    .testTarget(name: "RandomnessTests", dependencies: ["Randomness", "SimKernel"]),
    .testTarget(name: "FileFormatsTests", dependencies: ["FileFormats", "SimKernel", "TestScratch"]),
    .testTarget(
      name: "DeviceModelTests",
      dependencies: [
        "DeviceModel", "FileFormats", "Randomness", "SimKernel", "TestScratch",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "IOSModelTests",
      dependencies: ["IOSModel", "DeviceModel", "FileFormats", "Randomness", "SimKernel"]),
    // Whole phones: the device, the app and the system scheduler assembled as every run
    // assembles them (`PhoneAssembly`), on scripted days.
    .testTarget(
      name: "PhoneSimulationTests",
      dependencies: [
        "IOSModel", "DeviceModel", "Randomness", "SimKernel", "PhoneAssembly", "TestScratch",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    // The summary's statistics from rows and files alone: no phone is simulated.
    .testTarget(
      name: "ResultsTests",
      dependencies: ["Results", "FileFormats", "Randomness", "SimKernel", "TestScratch"]),
    // The report drawn from files written by hand.
    .testTarget(name: "ReportTests", dependencies: ["Report", "Results", "FileFormats", "TestScratch"]),
    .testTarget(
      name: "ExperimentsTests",
      dependencies: [
        "Experiments", "Report", "Results", "PhoneAssembly", "FileFormats", "DeviceModel", "IOSModel",
        "Randomness",
        "TestScratch",
      ]),
    .testTarget(
      name: "CalibrationTests",
      dependencies: [
        "Calibration", "Experiments", "Report", "Results", "PhoneAssembly", "FileFormats", "DeviceModel",
        "IOSModel",
        "Randomness", "SimKernel", "TestScratch",
      ]),
    // End-to-end checks of the built `bgsim` binary: output, exit codes, messages.
    .testTarget(name: "CLITests", dependencies: ["bgsim", "TestScratch"], exclude: ["Snapshots"]),
    // Faults and hostile input against the built binary: damaged resumes, two writers,
    // planted links, forged records, numbers past every limit, and a seeded fuzzer.
    .testTarget(
      name: "FaultTests",
      dependencies: [
        "bgsim", "Experiments", "Calibration", "Results", "Report", "PhoneAssembly", "IOSModel",
        "DeviceModel",
        "FileFormats", "SimKernel", "TestScratch",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
  ]
)
