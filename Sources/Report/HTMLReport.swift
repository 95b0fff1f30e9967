import FileFormats
import Foundation
import Results

/// `bgsim report DIR`: one self-contained `report.html` (inline SVG, no scripts, no
/// network) that shows an experiment's output: the headline comparison, a day in the
/// life, launches by hour, distributions, the sweep, and the provenance (a fit's output:
/// ``FitReport``). Marks are
/// aggregated before drawing, so the page stays small for any number of launches.
public enum HTMLReport {
  /// Small CSV files as rows of fields (header first), read by the one CSV reader. Every
  /// row has as many fields as the header, or the file is refused in one line.
  static func rows(_ path: String) throws(UserError) -> [[String]] {
    let rows = try CSVReader.rows(path: path)
    for (i, row) in rows.enumerated().dropFirst() where row.count != rows[0].count {
      throw UserError(
        "\(path) line \(i + 1): \(row.count) fields where the header has \(rows[0].count); the file is damaged, run the command again"
      )
    }
    return rows
  }

  /// A file of a known schema: as ``rows(_:)``, and its header must be the schema's
  /// (with any swept keys).
  static func rows(_ path: String, _ schema: CSVSchema) throws(UserError) -> [[String]] {
    let rows = try rows(path)
    guard let header = rows.first, schema.reading(header: header) != nil else {
      _ = try schema.layout(ofFile: path)
      throw UserError("\(path): no header; this file was not written by this bgsim, run the experiment again")
    }
    return rows
  }

  /// Checks that `directory` holds a bgsim run with every file and column the report reads.
  static func check(_ directory: String) throws(UserError) {
    let dir = URL(fileURLWithPath: directory)
    let manifest = try OutputFileNames.requireRunFolder(directory)
    for schema in CSVSchema.experimentOutputs {
      let path = dir.appendingPathComponent(schema.file).path
      guard FileManager.default.fileExists(atPath: path) else {
        throw UserError("\(path): missing; run bgsim run again")
      }
    }
    try OutputFileNames.verifyRunFiles(directory, manifest: manifest)
  }

  /// Writes the report and returns its path; `cell` is `--cell` (a number or `all`;
  /// nil: ``ReportCells/automatic``).
  public static func write(directory: String, to output: String? = nil, cell: String? = nil)
    throws(UserError) -> String
  {
    let fit = FitReport.isFit(directory)
    if !fit { try check(directory) }
    var cells = ReportCells.automatic
    if let cell {
      guard !fit else {
        throw UserError("--cell: \(directory) is the output of bgsim fit, which has no cells")
      }
      let count = max(1, RunManifest.read(directory: directory)?.cells?.count ?? 1)
      cells = try ReportCells(parsing: cell, cells: count)
    }
    let html =
      fit ? try FitReport.render(directory: directory) : try render(directory: directory, cells: cells)
    let path = output ?? URL(fileURLWithPath: directory).appendingPathComponent(OutputFileNames.report).path
    let writer = try AtomicFileWriter(path: path)
    writer.write(html)
    try writer.commit()
    return path
  }

  static func render(directory: String, cells: ReportCells = .automatic) throws(UserError) -> String {
    let dir = URL(fileURLWithPath: directory)
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
    let manifest = RunManifest.read(directory: directory) ?? RunManifest()
    let name = manifest.name ?? "experiment"
    let arms = manifest.arms ?? []
    let summary = try rows(file(CSVSchema.summary.file), .summary)
    let hours = try rows(file(CSVSchema.hourOfDay.file), .hourOfDay)
    // The chart indexes by hour: a damaged file is refused, not drawn.
    let hourColumns = CSVSchema.hourOfDay.reading(header: hours.first ?? []) ?? .hourOfDay
    let h = hourColumns.index
    for (i, r) in hours.enumerated().dropFirst() where r.count >= hourColumns.columns.count {
      guard let hour = Int(r[h("hour")]), (0..<24).contains(hour),
        let n = Double(r[h("launches")]), (0...1e12).contains(n)
      else {
        throw UserError(
          "\(file(CSVSchema.hourOfDay.file)) line \(i + 1): hour '\(r[h("hour")])' or launches '\(r[h("launches")])' is out of range; the file is damaged, run the experiment again"
        )
      }
    }
    let hypotheses = try rows(file(CSVSchema.hypotheses.file), .hypotheses)
    var sections: [String] = []
    sections.append(ReportSections.headline(summary: summary, hypotheses: hypotheses, arms: arms))
    let advice = (try? String(contentsOfFile: file(OutputFileNames.advice), encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let cellCount = max(1, manifest.cells?.count ?? 1)
    let shown = cells.chosen(of: cellCount).map { n in
      ReportCell(
        number: n,
        name: cellCount > 1 ? ReportSections.cellName(String(n), summary: summary).lowercasedFirst : "")
    }
    if cellCount > 1, shown.count == 1, cells == .automatic {
      sections.append(
        "<p>The sections below detail cell 0 of \(cellCount); <code>bgsim report --cell N</code> details another, <code>--cell all</code> every one side by side.</p>"
      )
    }
    sections += try details(
      of: shown, in: dir, hours: hours, arms: arms, start: manifest.start, advice: advice)
    if let cells = manifest.cells, cells.count > 1 {
      sections.append(ReportSections.sweep(summary: summary, cells: cells, arms: arms))
    }
    sections.append(ReportSections.provenance(manifest))
    let style = """
      body{font-family:sans-serif;max-width:960px;margin:24px auto;padding:0 12px;color:#222}
      h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
      table{border-collapse:collapse;font-size:13px;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}
      th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}figure{margin:12px 0}
      figcaption{font-size:13px;font-weight:bold;margin-bottom:4px}.legend{font-size:12px;margin:2px 0}.pass{color:#009E73;font-weight:bold}
      .fail{color:#D55E00;font-weight:bold}.inconclusive{color:#0072B2;font-weight:bold}pre{font-size:12px;background:#f8f8f8;padding:8px;overflow-x:auto;white-space:pre-wrap}
      svg{max-width:100%;height:auto}.cells{display:grid;grid-template-columns:repeat(auto-fit,minmax(800px,1fr));gap:12px}
      .cells h3{font-size:14px;margin:8px 0}.cell{min-width:0}td{overflow-wrap:anywhere}
      """
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>bgsim report: \(SVGChart.escape(name))</title>
      <style>\(style)</style></head><body>
      <h1>bgsim report: \(SVGChart.escape(name))</h1>
      \(sections.joined(separator: "\n"))
      </body></html>

      """
  }

  /// The sections that detail one cell, in the page's order (the other apps' only when
  /// the run has them).
  enum DetailSection: CaseIterable {
    case dayInTheLife, hours, answers, owners, distributions, otherApps
  }

  /// The sections that detail the cells `shown` (``DetailSection``), each cell's side by
  /// side.
  static func details(
    of shown: [ReportCell], in dir: URL, hours: [[String]], arms: [String], start: String?, advice: String?
  ) throws(UserError) -> [String] {
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
    let (launches, days) = (file(CSVSchema.launches.file), file(CSVSchema.days.file))
    var sections: [String] = []
    let others = file(CSVSchema.otherAppSummary.file)
    let otherRows =
      FileManager.default.fileExists(atPath: others) ? try HTMLReport.rows(others, .otherAppSummary) : nil
    let kinds = DetailSection.allCases.filter { $0 != .otherApps || otherRows != nil }
    // Cells side by side share their charts' axes: measured on a first drawing.
    let scales = shown.count > 1 ? SharedScales() : nil
    for section in kinds {
      var parts: [(ReportCell, String)] = []
      for pass in (scales == nil || ![.hours, .distributions, .owners].contains(section) ? [1] : [0, 1]) {
        scales?.begin(measuring: pass == 0)
        parts = []
        for cell in shown {
          let c = cell.number
          let html: String
          switch section {
          case .dayInTheLife:
            html = try ReportSections.dayInTheLife(
              file(CSVSchema.timelines.file), arms: arms, start: start, cell: c)
          case .hours: html = ReportSections.hourOfDay(hours, arms: arms, cell: c, scales: scales)
          case .answers:
            html = try ReportAnswers.section(
              launches: launches, days: days, arms: arms, advice: c == shown[0].number ? advice : nil, cell: c
            )
          case .owners:
            html = try ReportSections.owners(
              launches: launches, days: days, arms: arms, cell: c, scales: scales)
          case .distributions:
            html = try ReportSections.distributions(
              launches: launches, days: days, arms: arms, cell: c, scales: scales)
          case .otherApps:
            html = try ReportSections.otherApps(otherRows ?? [], file: others, arms: arms, cell: c)
          }
          parts.append((cell, html))
        }
      }
      sections.append(sideBySide(parts))
    }
    return sections
  }

  /// One section for the cells shown: a cell's alone (its charts named by the cell in a
  /// sweep), or the header once and each cell's charts side by side under its name.
  static func sideBySide(_ parts: [(ReportCell, String)]) -> String {
    guard parts.count > 1 else { return parts.first.map { $0.0.marking($0.1) } ?? "" }
    let header = ReportCell.split(parts[0].1).header
    let columns = parts.map { cell, html in
      "<div class=\"cell\"><h3>\(SVGChart.escape(cell.name.capitalizedFirst))</h3>\n\(cell.marking(ReportCell.split(html).body))</div>\n"
    }
    return header + "<div class=\"cells\">\n" + columns.joined() + "</div>\n"
  }
}
