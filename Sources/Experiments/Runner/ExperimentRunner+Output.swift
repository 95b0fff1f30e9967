import FileFormats
import Foundation
import Results

extension ExperimentRunner {
  /// The output folder, held for this run: its lock, the run's fingerprint, and whether
  /// finished chunks in it may be kept.
  struct PreparedOutput {
    let lock: OutputLock
    let fingerprint: String
    let resume: Bool
  }

  /// Creates and locks the output folder, clears what a crash or the last run left, and
  /// records the run's fingerprint in the parts folder. With `--resume`, parts of the
  /// same configuration are kept; of another, refused.
  func prepareOutput() throws(UserError) -> PreparedOutput {
    try OutputFolder.prepare(directory: options.outputDirectory)
    let lock = try OutputLock(directory: options.outputDirectory)
    AtomicFileWriter.removeStale(in: options.outputDirectory)
    AtomicFileWriter.removeStale(in: partsDirectory)
    // A run's files replace the last run's as a whole: the old ones go first (the
    // manifest, which marks a finished run, before the rest), so that no failure leaves
    // files of two runs side by side.
    if options.shard == nil { Self.removeOutputs(in: options.outputDirectory) }
    let fm = FileManager.default
    // Computed once: it reads every file the experiment names.
    let fingerprint = self.fingerprint
    let fingerprintFile = URL(fileURLWithPath: partsDirectory).appendingPathComponent("fingerprint").path
    var resume = options.resume
    if resume, fm.fileExists(atPath: partsDirectory) {
      if let old = fm.contents(atPath: fingerprintFile).map({ String(decoding: $0, as: UTF8.self) }) {
        if old != fingerprint {
          throw UserError(
            "--resume: \(options.outputDirectory) holds a run of a different configuration, seed or input files; use another --out or drop --resume"
          )
        }
      } else {
        // Parts without a fingerprint cannot be trusted: start again.
        note("resume: \(partsDirectory) has no fingerprint; starting the run again")
        resume = false
      }
    }
    if !resume { try? fm.removeItem(atPath: partsDirectory) }
    do {
      try fm.createDirectory(atPath: partsDirectory, withIntermediateDirectories: true)
      try Data(fingerprint.utf8).write(to: URL(fileURLWithPath: fingerprintFile), options: .atomic)
    } catch { throw UserError("cannot write to \(partsDirectory): \(error.localizedDescription)") }
    return PreparedOutput(lock: lock, fingerprint: fingerprint, resume: resume)
  }

  /// Removes a finished run's outputs from `directory`, the manifest first.
  static func removeOutputs(in directory: String) {
    let dir = URL(fileURLWithPath: directory)
    let names =
      [OutputFileNames.manifest] + CSVSchema.runOutputs.map(\.file)
      + [OutputFileNames.report, OutputFileNames.advice]
    for name in names { _ = unlink(dir.appendingPathComponent(name).path) }
  }
}
