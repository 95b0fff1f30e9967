import Foundation
import TestScratch
import Testing

/// Kill -9 at seeded random moments, the merge included, then `--resume`: the bytes of
/// a clean run. A full disk: one line, exit 2, no partial files left.
@Suite struct KillAndDiskFaultTests {
  static let args = ["run", "--days", "6", "--warmup-days", "1", "--devices", "80", "--quiet", "--jobs", "2"]
  static let outputs = ["launches.csv", "days.csv", "timelines.csv", "summary.csv", "hour_of_day.csv"]

  @Test func killedAtRandomMomentsAndResumedGivesTheSameBytes() throws {
    let clean = scratchFolder("kill")
    let start = Date()
    #expect([0, 1, 3, 4].contains(try BGSimBinary.run(Self.args + ["--out", clean.path]).status))
    let wall = Date().timeIntervalSince(start)
    let broken = scratchFolder("kill")
    // Fixed moments: fractions of a clean run's wall time, the last ones near its end,
    // where the parts are merged and the summary written.
    let fractions = [0.15, 0.45, 0.8, 0.93, 0.98]
    for f in fractions {
      let process = Process()
      process.executableURL = BGSimBinary.productsDirectory.appendingPathComponent("bgsim")
      process.arguments = Self.args + ["--out", broken.path, "--resume"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(wall * f * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let resumed = try BGSimBinary.run(Self.args + ["--out", broken.path, "--resume"])
    #expect([0, 1, 3, 4].contains(resumed.status), "\(resumed.standardError)")
    for f in Self.outputs {
      #expect(
        try Data(contentsOf: clean.appendingPathComponent(f))
          == Data(contentsOf: broken.appendingPathComponent(f)),
        "\(f)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: broken.path).filter {
      $0.contains(".partial-")
    }
    #expect(left.isEmpty, "\(left)")
  }

  /// Whether this process may mount a small tmpfs (root in a privileged container).
  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    let probe = scratchFolder("tmpfs-probe")
    let ok = mount(tmpfs: probe, megabytes: 1)
    if ok { _ = umount(probe.path) }
    return ok
  }()

  static func mount(tmpfs at: URL, megabytes: Int) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/mount")
    p.arguments = ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", at.path]
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
  }

  @Test(.enabled(if: canMount, "needs root and the right to mount a 1 MB tmpfs"))
  func aFullDiskGivesOneLineAndLeavesNoPartialFiles() throws {
    let disk = scratchFolder("full-disk")
    #expect(Self.mount(tmpfs: disk, megabytes: 1))
    defer { _ = umount(disk.path) }
    let r = try BGSimBinary.run(Self.args + ["--out", disk.path])
    #expect(r.status == 2)
    #expect(r.standardError.split(separator: "\n").count == 1, "\(r.standardError)")
    #expect(
      r.standardError.contains("No space left") || r.standardError.contains("full"), "\(r.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: disk.path)
    #expect(!names.contains { $0.contains(".partial-") }, "\(names)")
    #expect(!names.contains("manifest.json"))
  }
}
