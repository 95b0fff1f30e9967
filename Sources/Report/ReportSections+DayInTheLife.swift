import FileFormats
import Foundation

/// The report's day in the life of two owners.
extension ReportSections {
  /// A day in the life's colours, one meaning each: the device's lanes take the
  /// Okabe–Ito colours, the task runs' outcomes colours of Paul Tol's palettes that none
  /// of the lanes uses.
  static let laneColors: [(label: String, color: String)] =
    [
      ("screen on", "#999999"), ("app open", SVGChart.palette[4]), ("charger", SVGChart.palette[2]),
      ("battery %", SVGChart.palette[0]), ("Wi-Fi", SVGChart.palette[5]), ("cellular", SVGChart.palette[1]),
      ("no network", "#DDDDDD"), ("Low Power Mode", SVGChart.palette[6]), ("submit", "#555555"),
    ] + otherAppColors

  /// The other apps' runs by archetype (the built-in mix's bundles name theirs), Apple's
  /// maintenance, and the apps an experiment lists: colours of Paul Tol's palettes that
  /// no lane uses.
  static let otherAppColors: [(label: String, color: String)] = [
    ("messenger", "#AA4499"), ("news", "#117733"), ("fitness", "#999933"), ("weather", "#88CCEE"),
    ("photo backup", "#661100"), ("podcast", "#6699CC"), ("Apple maintenance", "#DDCC77"),
    ("listed app", "#44AA99"),
  ]

  /// The legend label of an other app's runs: its archetype for an app of the built-in
  /// mix (`com.other.ARCHETYPE-N`), Apple's maintenance (`com.apple.…`), else a listed app.
  static func otherAppGroup(_ bundle: String) -> String {
    if bundle.hasPrefix("com.apple.") { return "Apple maintenance" }
    guard bundle.hasPrefix("com.other."), let dash = bundle.lastIndex(of: "-") else { return "listed app" }
    let archetype = bundle[bundle.index(bundle.startIndex, offsetBy: 10)..<dash].replacingOccurrences(
      of: "_", with: " ")
    return otherAppColors.contains { $0.label == archetype } ? archetype : "listed app"
  }
  static let outcomeColors = [
    "completed": "#332288", "failed": "#CC6677", "expired": "#D55E00", "killed": "#000000",
    "running": "#882255",
  ]

  // MARK: 2. A day in the life

  static func dayInTheLife(_ path: String, arms: [String], start: String?, cell: Int = 0) throws(UserError)
    -> String
  {
    let rows = try TimelineDay.read(path, cell: cell)
    var html =
      "<h2>A day in the life</h2>\n<p>Each lane shows one owner's day: when the screen was on and the app open, the charger and the battery level, the network, Low Power Mode, the owner's other apps' runs (when the experiment puts other apps on the phone), and for each arm the task runs (coloured by outcome) and submissions (ticks).</p>\n"
    let hasOthers = rows.contains { $0.source == "other_app" }
    let owners = Array(Set(rows.map { "\($0.device)|\($0.day)" })).sorted()
    for (n, key) in owners.enumerated() {
      let parts = key.split(separator: "|").compactMap { Int($0) }
      var chart = TimelineDay(
        device: parts[0], day: parts[1], rows: rows.filter { $0.device == parts[0] && $0.day == parts[1] },
        arms: arms, hasOthers: hasOthers)
      chart.drawDevice()
      if hasOthers { chart.drawOtherApps() }
      chart.drawArms()
      html += chart.svg(id: "day-in-the-life-\(n)", start: start)
    }
    if owners.isEmpty { html += "<p>No day was recorded.</p>\n" }
    return html
  }
}
