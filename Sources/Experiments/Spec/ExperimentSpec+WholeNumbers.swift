extension ExperimentSpec {
  /// Whether sweep key `key` takes whole numbers only: a cell that sets it to 0.5 is
  /// refused as "not a whole number" (a count, bytes).
  func takesWholeNumbers(_ key: String) -> Bool {
    do {
      _ = try spec(for: Cell(index: 0, overrides: [(key, "0.5")]))
      return false
    } catch {
      return error.message.contains("is not a whole number")
    }
  }
}
