extension Int128 {
  /// This plus `other`, noting in `overflow` when the sum does not fit (it is then
  /// wrong, and the sums it joins are marked out of range).
  func adding(_ other: Int128, overflow: inout Bool) -> Int128 {
    let (sum, o) = addingReportingOverflow(other)
    if o { overflow = true }
    return sum
  }

  /// This times `other`, noting in `overflow` when the product does not fit.
  func multiplied(by other: Int128, overflow: inout Bool) -> Int128 {
    let (product, o) = multipliedReportingOverflow(by: other)
    if o { overflow = true }
    return product
  }
}
