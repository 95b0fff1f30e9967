import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a
/// terminal and the user did not ask for quiet.
final class ProgressBar {
  let label: String
  let enabled: Bool
  let started = Date()
  var lastDraw = Date.distantPast

  init(label: String, quiet: Bool) {
    self.label = label
    enabled = !quiet && isatty(STDERR_FILENO) != 0
  }

  func update(done: Int, total: Int, unit: String, detail: String = "") {
    guard enabled, total > 0 else { return }
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = now
    let fraction = Double(done) / Double(total)
    let width = 30
    let filled = Int(fraction * Double(width))
    let elapsed = now.timeIntervalSince(started)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let eta = rate > 0 ? Double(total - done) / rate : 0
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    let line = String(
      format: "\r%@ %@ %d/%d %@  %.1f %@/s  %@ETA %.0fs ", label, bar, done, total, unit, rate, unit,
      detail.isEmpty ? "" : detail + "  ", eta)
    FileHandle.standardError.write(Data(line.utf8))
    if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}

/// A progress bar that worker threads may update.
final class SharedProgress: @unchecked Sendable {
  let bar: ProgressBar
  let lock = NSLock()

  init(label: String, quiet: Bool) { bar = ProgressBar(label: label, quiet: quiet) }

  func update(done: Int, total: Int, unit: String, detail: String = "") {
    lock.lock()
    defer { lock.unlock() }
    bar.update(done: done, total: total, unit: unit, detail: detail)
  }
}
