extension Duration {
  /// The duration in seconds, as a floating-point number [s].
  package var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
