import DeviceModel
import FileFormats
import Foundation

extension ExperimentSpec {
  /// The files the experiment names, as the run reads them: persona files (by path, or
  /// by a name found in `experiments/personas/`) and a timeline file. Their bytes are
  /// part of the run's fingerprint, so that editing one invalidates `--resume`.
  func namedFiles() -> [String] {
    guard let root = try? ConfigSection(tree, keys: Self.keys) else { return [] }
    func persona(_ text: String) -> String? {
      if case .file(let path)? = try? PersonaCatalog.source(text, resolve: resolve) { return path }
      return nil
    }
    var files: [String] = []
    if let p = root.value("persona") {
      if let name = p.scalar {
        files += [persona(name)].compactMap { $0 }
      } else if case .mapping(let entries) = p.value {
        for e in entries {
          if e.key == "name", let name = e.value.scalar { files += [persona(name)].compactMap { $0 } }
          if e.key == "mixture", case .mapping(let mix) = e.value.value {
            files += mix.compactMap { persona($0.key) }
          }
        }
      }
    }
    for key in ["timeline", "trace"] {
      if let t = root.value(key), let path = t.scalar { files.append(resolve(path)) }
    }
    return files
  }
}
