import DeviceModel
import IOSModel

/// A phone's device changes and its app's events, read as one log in time order: the
/// order in which they happened, a device change first when both come at the same time
/// (the app reacts to a change of the device, never before it). The timelines and the
/// launch log read the two logs through it; the run's accounting reads them in the same
/// order with a loop of its own (`OwnerSimulation.merge`, on the hot path).
package enum PhoneLogOrder {
  /// Calls `onDevice` with the index of each change and `onApp` with the index of each
  /// event, in time order.
  @inline(__always)
  package static func visit(
    _ device: [DeviceChange], _ app: [AppEvent], device onDevice: (Int) -> Void, app onApp: (Int) -> Void
  ) {
    var i = 0
    var j = 0
    while i < device.count || j < app.count {
      if j >= app.count || (i < device.count && device[i].time <= app[j].time) {
        onDevice(i)
        i += 1
      } else {
        onApp(j)
        j += 1
      }
    }
  }
}
