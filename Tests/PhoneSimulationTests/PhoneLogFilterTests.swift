import DeviceModel
import IOSModel
import Testing

@testable import PhoneAssembly

/// The log filter keeps each kind as the bit of its position in the declaration.
@Suite struct PhoneLogFilterTests {
  @Test func eachKindsBitIsItsPositionInAllCases() {
    #expect(AppEvent.Kind.allCases.count < 64)
    #expect(DeviceChange.Kind.allCases.count < 64)
    for (i, kind) in AppEvent.Kind.allCases.enumerated() {
      #expect(PhoneLogFilter.ordinal(kind) == UInt64(i))
    }
    for (i, kind) in DeviceChange.Kind.allCases.enumerated() {
      #expect(PhoneLogFilter.ordinal(kind) == UInt64(i))
    }
  }

  @Test func aFilterKeepsExactlyWhatItNames() {
    let filter = PhoneLogFilter(appEvents: [.launch, .transfer], deviceChanges: [.network])
    for kind in AppEvent.Kind.allCases { #expect(filter.keeps(kind) == [.launch, .transfer].contains(kind)) }
    for kind in DeviceChange.Kind.allCases { #expect(filter.keeps(kind) == (kind == .network)) }
    #expect(AppEvent.Kind.allCases.allSatisfy(PhoneLogFilter.everything.keeps))
  }
}
