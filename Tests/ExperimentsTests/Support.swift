import DeviceModel
import Experiments
import Foundation
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// Runs the experiment `text` into `out` (a fresh scratch folder when not given) and
/// returns the folder.
@discardableResult
func runExperiment(
  _ text: String = smallExperiment, out: URL = scratch(), jobs: Int = 2, resume: Bool = false
)
  throws -> URL
{
  var r = RunRequest()
  r.file = write(text)
  r.out = out.path
  r.jobs = jobs
  r.resume = resume
  _ = try r.run { _, _ in }
  return out
}

/// A small experiment: 3 days, 4 owners, the default arms, a fixed one-day warm-up.
let smallExperiment = DefaultExperiment.text
  .replacingOccurrences(of: "days: 30", with: "days: 3")
  .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 1")
  .replacingOccurrences(of: "devices: 200", with: "devices: 4")

func csvRows(_ path: String) throws -> [[String]] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  return text.split(separator: "\n").map { line in
    var cells: [String] = []
    var current = ""
    var quoted = false
    for ch in line {
      if ch == "\"" {
        quoted.toggle()
      } else if ch == ",", !quoted {
        cells.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    cells.append(current)
    return cells
  }
}

/// The rows of a bgsim output file (header dropped) and its layout, read off the
/// header: in a sweep, columns sit after the swept keys.
func csvTable(_ directory: URL, _ schema: CSVSchema) throws -> (column: (String) -> Int, rows: [[String]]) {
  let all = try csvRows(directory.appendingPathComponent(schema.file).path)
  let layout = try #require(schema.reading(header: all.first ?? []), "\(schema.file) header")
  return (layout.index, Array(all.dropFirst()))
}

/// Expects `load` to refuse its input in one line that begins with `file:` and says
/// `message`.
func expectOneLineRefusal(
  file: String, message: String, sourceLocation: SourceLocation = #_sourceLocation, _ load: () throws -> Void
) {
  do {
    try load()
    Issue.record("accepted; expected \"\(message)\"", sourceLocation: sourceLocation)
  } catch {
    let line = "\(error)"
    #expect(line.hasPrefix(file + ":"), "\(line)", sourceLocation: sourceLocation)
    #expect(line.contains(message), "\(line)", sourceLocation: sourceLocation)
    #expect(!line.contains("\n"), sourceLocation: sourceLocation)
  }
}
