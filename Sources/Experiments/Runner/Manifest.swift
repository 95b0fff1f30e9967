import FileFormats
import Foundation
import Results

/// `manifest.json`: the resolved configuration and the run's provenance. Written last,
/// so its presence marks a finished run.
enum Manifest {
  static func json(_ s: String) -> String { JSONText.string(s) }

  static func write(spec: ExperimentSpec, options: ExperimentRunner.Options, wallSeconds: Double, chunks: Int)
    throws(UserError)
  {
    let cells = spec.cells.map { cell in
      "{\"cell\": \(cell.index), \"overrides\": {"
        + cell.overrides.map { "\(json($0.path)): \(json($0.value))" }.joined(separator: ", ") + "}}"
    }
    let lines = [
      "\"name\": \(json(spec.name))",
      "\"bgsim_version\": \(json(BGSimVersion.text))",
      "\"git_commit\": \(json(BGSimVersion.commit))",
      "\"git_dirty\": \(BGSimVersion.treeWasDirty)",
      "\"seed\": \(spec.seed)",
      "\"days\": \(spec.days)",
      "\"warmup_days\": \(spec.warmupDays)",
      "\"devices\": \(spec.devices)",
      "\"replications\": \(spec.replications)",
      "\"start\": \(json(spec.startDate.description))",
      "\"arms\": [" + spec.arms.map { json($0.name) }.joined(separator: ", ") + "]",
      "\"cells\": [" + cells.joined(separator: ", ") + "]",
      "\"chunks\": \(chunks)",
      "\"intervals\": \(json(spec.posterior == nil ? "over owners" : "over replications"))",
      "\"posterior\": \(spec.posterior.map { json($0.file) } ?? "null")",
      "\"wall_time_s\": \(Format.fixed(wallSeconds, digits: 3))",
      "\"command_line\": [" + options.commandLine.map(json).joined(separator: ", ") + "]",
      "\"configuration\": \(json(ConfigDump.yaml(spec.tree)))",
    ]
    let writer = try AtomicFileWriter(
      path: URL(fileURLWithPath: options.outputDirectory).appendingPathComponent("manifest.json").path)
    writer.write("{\n  " + lines.joined(separator: ",\n  ") + "\n}\n")
    try writer.commit()
  }
}
