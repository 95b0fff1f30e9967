import Foundation

/// A small SVG chart: a plot area with axes, ticks and labels, and marks drawn in data
/// coordinates, in a figure with its caption and legend. Every mark carries
/// `class="mark"` and every legend entry `class="key"`, so that tests can tell an empty
/// plot from a drawn one and match each legend entry to the marks of its colour; text is
/// kept inside the view box by construction.
struct SVGChart {
  let width: Double
  let height: Double
  let left: Double
  let right = 16.0
  let top = 14.0
  let bottom = 44.0
  var xRange: ClosedRange<Double>
  var yRange: ClosedRange<Double>
  var body = ""
  /// The legend's entries (label, colour), shown under the chart.
  var legendItems: [(String, String)] = []

  /// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
  static let palette = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000",
  ]

  init(
    width: Double = 720, height: Double = 260, left: Double = 64, x: ClosedRange<Double>,
    y: ClosedRange<Double>
  ) {
    self.left = left
    self.width = width
    self.height = height
    xRange = x.lowerBound == x.upperBound ? x.lowerBound...(x.lowerBound + 1) : x
    yRange = y.lowerBound == y.upperBound ? y.lowerBound...(y.lowerBound + 1) : y
  }

  var plotWidth: Double { width - left - right }
  var plotHeight: Double { height - top - bottom }

  func x(_ v: Double) -> Double {
    left + (v - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth
  }

  func y(_ v: Double) -> Double {
    top + plotHeight - (v - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * plotHeight
  }

  static func f(_ v: Double) -> String { String(format: "%.1f", v) }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// Text no wider than `maxWidth` (about 0.6 em a character), shortened with "…".
  static func fit(_ s: String, maxWidth: Double, size: Double = 11) -> String {
    let maxChars = max(1, Int(maxWidth / (size * 0.6)))
    return s.count <= maxChars ? s : String(s.prefix(max(1, maxChars - 1))) + "…"
  }

  mutating func text(
    _ s: String, x: Double, y: Double, anchor: String = "middle", size: Double = 11, rotate: Bool = false
  ) {
    let room: Double
    switch anchor {
    case "start": room = width - x - 2
    case "end": room = x - 2
    default: room = 2 * min(x, width - x) - 4
    }
    guard !s.isEmpty else { return }
    // A text too long for its room is set smaller, down to 9 px (the least a label is
    // drawn at, the report at full size), before it is shortened.
    let maxWidth = rotate ? plotHeight : room
    var size = size
    while size > 9, Double(s.count) * size * 0.6 > maxWidth { size -= 1 }
    let shown = Self.escape(Self.fit(s, maxWidth: maxWidth, size: size))
    let transform = rotate ? " transform=\"rotate(-90 \(Self.f(x)) \(Self.f(y)))\"" : ""
    body +=
      "<text x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" font-size=\"\(Int(size))\" text-anchor=\"\(anchor)\"\(transform)>\(shown)</text>\n"
  }

  /// Axes with ticks, tick labels and axis titles (with units).
  mutating func axes(xTitle: String, yTitle: String, xTicks: [(Double, String)], yTicks: [(Double, String)]) {
    body +=
      "<line x1=\"\(Self.f(left))\" y1=\"\(Self.f(top + plotHeight))\" x2=\"\(Self.f(left + plotWidth))\" y2=\"\(Self.f(top + plotHeight))\" stroke=\"#333\"/>\n"
    body +=
      "<line x1=\"\(Self.f(left))\" y1=\"\(Self.f(top))\" x2=\"\(Self.f(left))\" y2=\"\(Self.f(top + plotHeight))\" stroke=\"#333\"/>\n"
    for (v, label) in xTicks where xRange.contains(v) {
      body +=
        "<line x1=\"\(Self.f(x(v)))\" y1=\"\(Self.f(top + plotHeight))\" x2=\"\(Self.f(x(v)))\" y2=\"\(Self.f(top + plotHeight + 4))\" stroke=\"#333\"/>\n"
      // A label too wide to be centred on a tick near an edge ends (or starts) at it
      // instead of being shortened.
      let centredRoom = 2 * min(x(v), width - x(v)) - 4
      let anchor =
        Double(label.count) * 9 * 0.6 <= centredRoom ? "middle" : x(v) > width / 2 ? "end" : "start"
      text(label, x: x(v), y: top + plotHeight + 16, anchor: anchor, size: 10)
    }
    for (v, label) in yTicks where yRange.contains(v) {
      body +=
        "<line x1=\"\(Self.f(left - 4))\" y1=\"\(Self.f(y(v)))\" x2=\"\(Self.f(left + plotWidth))\" y2=\"\(Self.f(y(v)))\" stroke=\"#ddd\"/>\n"
      text(label, x: left - 6, y: y(v) + 3, anchor: "end", size: 10)
    }
    text(xTitle, x: left + plotWidth / 2, y: height - 8)
    text(yTitle, x: 14, y: top + plotHeight / 2, rotate: true)
  }

  mutating func polyline(_ points: [(Double, Double)], color: String, width w: Double = 2) {
    guard !points.isEmpty else { return }
    let list = points.map { "\(Self.f(x($0.0))),\(Self.f(y($0.1)))" }.joined(separator: " ")
    body +=
      "<polyline class=\"mark\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(w)\" points=\"\(list)\"/>\n"
  }

  mutating func band(_ points: [(Double, Double, Double)], color: String) {
    guard points.count > 1 else { return }
    let upper = points.map { "\(Self.f(x($0.0))),\(Self.f(y($0.2)))" }
    let lower = points.reversed().map { "\(Self.f(x($0.0))),\(Self.f(y($0.1)))" }
    body +=
      "<polygon class=\"mark\" fill=\"\(color)\" fill-opacity=\"0.2\" points=\"\((upper + lower).joined(separator: " "))\"/>\n"
  }

  mutating func rect(x0: Double, x1: Double, y0: Double, y1: Double, color: String, title: String? = nil) {
    let px = x(min(x0, x1))
    let py = y(max(y0, y1))
    let w = max(1, abs(x(x1) - x(x0)))
    let h = max(1, abs(y(y1) - y(y0)))
    let tip = title.map { "<title>\(Self.escape($0))</title>" } ?? ""
    body +=
      "<rect class=\"mark\" x=\"\(Self.f(px))\" y=\"\(Self.f(py))\" width=\"\(Self.f(w))\" height=\"\(Self.f(h))\" fill=\"\(color)\">\(tip)</rect>\n"
  }

  /// The legend: one entry per meaning, each with the colour of its marks (shown in
  /// HTML under the chart, so that every entry fits, however many).
  mutating func legend(_ items: [(String, String)]) { legendItems = items }

  /// A legend in HTML: a swatch and a label per entry.
  static func legendHTML(_ entries: [(String, String)]) -> String {
    "<p class=\"legend\">"
      + entries.map {
        // An entry never wraps between its swatch and its label.
        "<span style=\"white-space:nowrap\"><span class=\"key\" data-label=\"\(escape($0.0))\" style=\"display:inline-block;width:10px;height:10px;background:\($0.1)\"></span> \(escape($0.0))</span>"
      }.joined(separator: " &nbsp; ") + "</p>\n"
  }

  func svg(id: String, title: String) -> String {
    "<figure><figcaption>\(Self.escape(title))</figcaption>\n<svg id=\"\(id)\" class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" font-family=\"sans-serif\">\n\(body)</svg>\n"
      + (legendItems.isEmpty ? "" : Self.legendHTML(legendItems)) + "</figure>\n"
  }
}
