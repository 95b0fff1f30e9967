import FileFormats
import Results

/// The files a chunk leaves in the parts folder, `chunk-NNNNNN.<kind>`: one per
/// per-owner CSV it writes, and its seal, written last. A new per-owner CSV is a new
/// case here (its schema, whether a chunk writes it, its buffer's first size) and a row
/// type that writes into ``RowBuffers``; the runner, the seal, resume, merge and the
/// output listing loop over the cases.
enum PartKind: String, CaseIterable, Sendable {
  case launches, days, timelines
  case otherApps = "other-apps"
  case otherAppDays = "other-app-days"
  case seal

  /// The kinds that hold rows, in the order a chunk finishes them and a merge
  /// concatenates them (the seal after all).
  static let rows: [PartKind] = allCases.filter { $0 != .seal }

  /// The position of a kind that holds rows in ``rows``.
  var rowIndex: Int {
    switch self {
    case .launches: 0
    case .days: 1
    case .timelines: 2
    case .otherApps: 3
    case .otherAppDays: 4
    case .seal: preconditionFailure("the seal holds no rows")
    }
  }

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

  /// Whether the run's output always has this file (with a header alone when no chunk
  /// wrote a row); the other apps' files come only with other apps.
  var isAlwaysOutput: Bool {
    switch self {
    case .launches, .days, .timelines: true
    case .otherApps, .otherAppDays, .seal: false
    }
  }

  /// Whether a chunk of a cell configured as `spec` writes this kind; `keepsDay`: the
  /// chunk holds an owner whose whole day is kept.
  func isWritten(by spec: ExperimentSpec, keepsDay: Bool) -> Bool {
    switch self {
    case .launches, .days, .seal: true
    case .timelines: keepsDay
    case .otherApps: !spec.otherApps.isEmpty
    case .otherAppDays: !spec.otherApps.isEmpty && spec.otherAppDays
    }
  }

  /// A buffer's first size [B]: most owners write many launch and day rows, few of the
  /// others.
  var initialCapacity: Int { isInEveryChunk ? 1 << 16 : 1 << 10 }
}
