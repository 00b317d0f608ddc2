import Foundation

/// How much room the pictures of read articles may take on disk, so an
/// article opened once reads the same offline (SPEC 19); the oldest go
/// first past it. Kept with the library, set in Preferences.
public enum ArticlePictureStorage: String, LibraryPreference {
    case megabytes100 = "100", megabytes250 = "250", megabytes500 = "500", gigabyte1 = "1000", gigabytes2 = "2000"

    public static let settingName = "article-picture-storage"
    public static let standard = ArticlePictureStorage.megabytes250

    public var bytes: Int { (Int(rawValue) ?? 250) * 1_000_000 }

    public var title: String {
        let megabytes = Int(rawValue) ?? 250
        return megabytes < 1_000 ? tr("{size} MB", ["size": rawValue]) : tr("{size} GB", ["size": String(megabytes / 1_000)])
    }
}
