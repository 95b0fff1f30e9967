import FileFormats
import Foundation

/// A chunk's seal, `chunk-NNNNNN.seal` beside its parts and committed after them: the
/// run's fingerprint and the checksum of each part file. A chunk counts as done only
/// when its seal is there, names this run's fingerprint, and every part it lists reads
/// back with the same checksum; otherwise `--resume` runs it again.
struct ChunkSeal: Equatable, Sendable {
  var fingerprint: String
  /// Each row part's checksum.
  var parts: [PartKind: String]

  static let header = "bgsim chunk seal 1"

  var text: String {
    ([Self.header, "fingerprint \(fingerprint)"]
      + parts.keys.map(\.rawValue).sorted().map { "\($0) \(parts[PartKind(rawValue: $0)!]!)" })
      .joined(separator: "\n") + "\n"
  }

  init(fingerprint: String, parts: [PartKind: String]) {
    self.fingerprint = fingerprint
    self.parts = parts
  }

  /// Parses a seal's text; nil if it is not one.
  init?(text: String) {
    var lines = text.split(separator: "\n").map(String.init)
    guard lines.first == Self.header else { return nil }
    lines.removeFirst()
    var fingerprint: String?
    var parts: [PartKind: String] = [:]
    for line in lines {
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count == 2 else { return nil }
      if fields[0] == "fingerprint" {
        fingerprint = fields[1]
      } else if let kind = PartKind(rawValue: fields[0]), kind.schema != nil, fields[1].count == 16 {
        parts[kind] = fields[1]
      } else {
        return nil
      }
    }
    guard let fingerprint, PartKind.rows.allSatisfy({ !$0.isInEveryChunk || parts[$0] != nil }) else {
      return nil
    }
    self.fingerprint = fingerprint
    self.parts = parts
  }

  /// Why the chunk whose seal is at `sealPath`, with parts at `part(kind)`, cannot be
  /// reused by a run with `fingerprint`; nil when it can.
  static func problem(sealPath: String, fingerprint: String, part: (PartKind) -> String) -> String? {
    guard let data = FileManager.default.contents(atPath: sealPath) else { return "not finished" }
    guard let seal = ChunkSeal(text: String(decoding: data, as: UTF8.self)) else {
      return "its seal is damaged"
    }
    guard seal.fingerprint == fingerprint else { return "it belongs to another configuration" }
    for (kind, sum) in seal.parts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      guard let actual = FileChecksum.of(file: part(kind)) else { return "its \(kind) part is missing" }
      if actual != sum { return "its \(kind) part is damaged" }
    }
    return nil
  }
}
