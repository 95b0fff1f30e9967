/// A task request kept by the system or by a task, as its own type.
///
/// Apple's request types here are larger than an existential's three-word inline
/// buffer, so an `any BGTaskRequest` puts each one in a heap box: one allocation per
/// submission, freed with the task it launched. Kept as an enum of the request types
/// instead, a request is stored inline; ``request`` makes the existential only when the
/// app's code asks for one. Request types from elsewhere are kept boxed.
enum StoredRequest: Sendable {
  case refresh(BGAppRefreshTaskRequest)
  case processing(BGProcessingTaskRequest)
  case other(Other)

  /// Any other request type (continued processing, or one defined outside this module),
  /// in a box of one word, so that the enum stays small.
  final class Other: Sendable {
    let request: any BGTaskRequest
    init(_ request: any BGTaskRequest) { self.request = request }
  }

  /// Generic, so that the cast is decided when the caller's type is known.
  init<R: BGTaskRequest>(_ request: R) {
    if let r = request as? BGAppRefreshTaskRequest {
      self = .refresh(r)
    } else if let r = request as? BGProcessingTaskRequest {
      self = .processing(r)
    } else {
      self = .other(Other(request))
    }
  }

  /// The request, as the app's code sees it.
  var request: any BGTaskRequest {
    switch self {
    case .refresh(let r): r
    case .processing(let r): r
    case .other(let box): box.request
    }
  }

  var identifier: String {
    switch self {
    case .refresh(let r): r.identifier
    case .processing(let r): r.identifier
    case .other(let box): box.request.identifier
    }
  }
}
