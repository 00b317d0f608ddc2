import Foundation

/// Preferences and facts the library keeps by name, so a copied library
/// keeps them (`ReadRetention`, `RefreshSettings`).
public protocol SettingStore: AnyObject {
    func setting(_ name: String) throws -> String?
    /// `nil` removes it.
    func setSetting(_ name: String, to value: String?) throws
}
