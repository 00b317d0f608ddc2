import Foundation

/// A choice kept with the library (so a copied library keeps it): one of
/// its cases, stored by its raw value under `settingName`, `standard` until
/// the user chooses; `title` is what Preferences shows for it.
public protocol LibraryPreference: RawRepresentable, CaseIterable, Equatable, Sendable where RawValue == String {
    static var settingName: String { get }
    static var standard: Self { get }
    var title: String { get }
}

extension LibraryStore {
    public func preference<Preference: LibraryPreference>(_: Preference.Type) throws -> Preference {
        try setting(Preference.settingName).flatMap(Preference.init(rawValue:)) ?? .standard
    }

    public func setPreference<Preference: LibraryPreference>(_ value: Preference) throws {
        try setSetting(Preference.settingName, to: value.rawValue)
    }
}
