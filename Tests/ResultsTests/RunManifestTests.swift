import Foundation
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// `manifest.json` is written and read through one type.
@Suite struct RunManifestTests {
  func sample() -> RunManifest {
    var m = RunManifest()
    m.name = "sweep \"quoted\""
    m.bgsimVersion = "3.0"
    m.gitCommit = "abc"
    m.gitDirty = false
    m.seed = UInt64.max
    (m.days, m.warmupDays, m.devices, m.replications) = (30, 2, 200, 1)
    m.start = "2026-01-05"
    m.arms = ["refresh", "processing"]
    m.cells = [
      RunManifest.Cell(cell: 0, overrides: [("b.key", "1"), ("a.key", "x y")]),
      RunManifest.Cell(cell: 1, overrides: [("b.key", "2"), ("a.key", "z")]),
    ]
    m.chunks = 4
    (m.warmupRule, m.transientDays) = ("auto", 5)
    m.intervals = "over owners"
    m.wallTimeSeconds = 1.25
    m.commandLine = ["bgsim", "run"]
    m.configuration = "name: x\n"
    m.files = ["summary.csv": "00000000000000ff", "days.csv": "0123456789abcdef"]
    return m
  }

  @Test func whatTheWriterWritesTheReadersReadBack() throws {
    let dir = scratchFolder("manifest")
    try sample().text.write(
      to: dir.appendingPathComponent(OutputFileNames.manifest), atomically: true, encoding: .utf8)
    let read = try #require(RunManifest.read(directory: dir.path))
    #expect(read.name == "sweep \"quoted\"" && read.seed == UInt64.max && read.warmupDays == 2)
    #expect(read.arms == ["refresh", "processing"] && read.posterior == nil && read.wallTimeSeconds == 1.25)
    #expect(read.cells?.count == 2 && read.cells?[1].value(of: "a.key") == "z")
    #expect(read.warmupRule == "auto" && read.transientDays == 5)
    #expect(read.files == ["days.csv": "0123456789abcdef", "summary.csv": "00000000000000ff"])
    // By name, so that the text does not depend on the dictionary's order.
    #expect(sample().text.contains("\"files\": {\"days.csv\": \"0123456789abcdef\", \"summary.csv\""))
    // The overrides keep the sweep's order when written; read back, they are by key.
    #expect(sample().text.contains("\"overrides\": {\"b.key\": \"1\", \"a.key\": \"x y\"}"))
    #expect(read.cells?[0].overrides.map(\.path) == ["a.key", "b.key"])
  }

  @Test func aManifestWrittenBeforeTheChecksumsHasNone() throws {
    let dir = scratchFolder("manifest-old")
    var old = sample()
    old.files = nil
    let text = old.text.replacingOccurrences(of: ",\n  \"files\": {}", with: "")
    #expect(!text.contains("files"))
    try text.write(
      to: dir.appendingPathComponent(OutputFileNames.manifest), atomically: true, encoding: .utf8)
    let read = try #require(RunManifest.read(directory: dir.path))
    #expect(read.files == nil && read.seed == UInt64.max)
  }

  @Test func aDamagedManifestReadsAsNone() throws {
    let dir = scratchFolder("manifest-damaged")
    let path = dir.appendingPathComponent(OutputFileNames.manifest)
    #expect(RunManifest.read(directory: dir.path) == nil)
    for text in ["{", "[]", "{\"seed\": \"x\"}", "{\"cells\": [{\"cell\": 0}]}"] {
      try text.write(to: path, atomically: true, encoding: .utf8)
      #expect(RunManifest.read(directory: dir.path) == nil, "\(text)")
    }
  }
}
