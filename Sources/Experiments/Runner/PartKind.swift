import FileFormats
import Results

/// The files a chunk leaves in the parts folder, `chunk-NNNNNN.<kind>`: one per
/// per-owner CSV it writes, and its seal, written last. A new per-owner CSV is a new
/// case here; the seal, resume and merge then know it.
enum PartKind: String, CaseIterable, Sendable {
  case launches, days, timelines
  case otherApps = "other-apps"
  case otherAppDays = "other-app-days"
  case seal

  /// The kinds that hold rows, in the order a chunk finishes them (the seal after all).
  static let rows: [PartKind] = [.launches, .timelines, .days, .otherApps, .otherAppDays]

  /// The output file the parts of this kind are concatenated into; nil for the seal.
  var schema: CSVSchema? {
    switch self {
    case .launches: .launches
    case .days: .days
    case .timelines: .timelines
    case .otherApps: .otherApps
    case .otherAppDays: .otherAppDays
    case .seal: nil
    }
  }

  /// Whether every chunk writes this kind: a timelines part is written only by a chunk
  /// with an owner whose day is kept, an other-apps part only by a chunk of a cell with
  /// other apps (an other-app-days part only when the experiment asks for one).
  var isInEveryChunk: Bool { self == .launches || self == .days }
}
