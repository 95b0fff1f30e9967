import FileFormats
import Foundation
import Results

/// Writes `manifest.json` (``RunManifest``) for a finished run.
enum Manifest {
  /// `checksums`: those of the CSV files already known by name (the merged row files,
  /// summed as they were written); the other CSV files of the folder are read for theirs.
  static func write(
    spec: ExperimentSpec, options: ExperimentRunner.Options, wallSeconds: Double, chunks: Int,
    transient: StartupTransient?, checksums: [String: String] = [:]
  )
    throws(UserError)
  {
    var m = RunManifest()
    m.name = spec.name
    m.bgsimVersion = BGSimVersion.text
    m.gitCommit = BGSimVersion.commit
    m.gitDirty = BGSimVersion.treeWasDirty
    m.seed = spec.seed
    (m.days, m.warmupDays, m.devices, m.replications) = (
      spec.days, spec.warmupDays, spec.devices, spec.replications
    )
    m.warmupRule = spec.warmupIsAuto ? "auto" : "fixed"
    m.transientDays = transient?.days
    m.start = spec.startDate.description
    m.arms = spec.arms.map(\.name)
    m.cells = spec.cells.map {
      RunManifest.Cell(cell: $0.index, overrides: $0.overrides.map { ($0.path, $0.value) })
    }
    m.chunks = chunks
    m.intervals = spec.posterior == nil ? "over owners" : "over replications"
    m.posterior = spec.posterior?.file
    m.wallTimeSeconds = wallSeconds
    m.commandLine = options.commandLine
    m.configuration = ConfigDump.yaml(spec.tree)
    var files: [String: String] = [:]
    let dir = URL(fileURLWithPath: options.outputDirectory)
    for schema in CSVSchema.runOutputs {
      let path = dir.appendingPathComponent(schema.file).path
      guard FileManager.default.fileExists(atPath: path) else { continue }
      guard let sum = checksums[schema.file] ?? FileChecksum.of(file: path) else {
        throw UserError("cannot read \(path) back to record its checksum; check the folder's permissions")
      }
      files[schema.file] = sum
    }
    m.files = files
    let writer = try AtomicFileWriter(
      path: URL(fileURLWithPath: options.outputDirectory).appendingPathComponent(OutputFileNames.manifest)
        .path)
    writer.write(m.text)
    try writer.commit()
  }
}
