import ArgumentParser
import Report
import Results

/// `bgsim report`: an experiment's output as one self-contained HTML page.
struct Report: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Turn an experiment's output folder into one self-contained report.html (inline SVG, no scripts).",
    discussion:
      "Shows the headline comparison, a day in the life, launches by hour, distributions, the sweep and the provenance; "
      + "a sweep's cells side by side, each chart named by its cell. "
      + "Given the output folder of bgsim fit, shows each parameter's prior against its posterior and the "
      + "observed figures against those simulated on the fitted values."
  )

  @Argument(help: "The output folder of bgsim run.") var directory: String
  @Option(help: "Where to write the page (default: DIRECTORY/report.html).") var out: String?
  @Option(
    help: ArgumentHelp(
      "The sweep cell to detail: a number, or all for every cell side by side (default: a sweep's cells side by side when there are at most \(ReportCells.sideBySideLimit), else cell 0).",
      valueName: "N|all"))
  var cell: String?

  func run() throws { print("wrote \(try HTMLReport.write(directory: directory, to: out, cell: cell))") }
}
