import DeviceModel
import Foundation
import SimKernel
import TestScratch

/// Paths in the checkout, found from this file's location.
enum Repo {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static func persona(_ name: String) throws -> Persona {
    try Persona.load(file: root.appendingPathComponent("experiments/personas/\(name).yaml").path)
  }
  /// `../shared/data/aware-1month` beside the checkout, when present.
  static let awareFolder = root.deletingLastPathComponent().appendingPathComponent("shared/data/aware-1month")
  static var hasAwareData: Bool {
    FileManager.default.fileExists(
      atPath: awareFolder.appendingPathComponent("AwareBattery_1month.csv.gz").path)
  }
}

let monday = CivilDate(iso: "2026-01-05")!

/// Writes text to a fresh temporary file and returns its path.
func temporaryFile(_ name: String, _ text: String) -> String {
  let dir = scratchFolder("device")
  let path = dir.appendingPathComponent(name).path
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  return path
}

/// Mean over devices of a per-device statistic, with the standard error of that mean.
/// Devices are the independent units (days of one device share its battery and habits).
func meanOverDevices(_ devices: [[DeviceDayStats]], _ perDevice: ([DeviceDayStats]) -> Double) -> (
  mean: Double, se: Double
) {
  let values = devices.map(perDevice)
  let n = Double(values.count)
  let mean = values.reduce(0, +) / n
  let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
  return (mean, (variance / n).squareRoot())
}

func average(_ days: [DeviceDayStats], _ f: (DeviceDayStats) -> Double) -> Double {
  days.map(f).reduce(0, +) / Double(days.count)
}
