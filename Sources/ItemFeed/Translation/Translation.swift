import CLibc
import Foundation

/// ItemFeed's messages through gettext, the catalogues GNOME's translators
/// work in (`po/`). Every user-visible string goes through `tr` or
/// `trPlural`; `scripts/check-translations.sh` fails when one is missing
/// from the template or untranslated in a language ItemFeed ships.
public enum Translation {
    public static let domain = "item-feed"

    /// Where the compiled catalogues are (`share/locale` when installed).
    /// Until this is called, every message is its English original.
    public static func use(catalogueDirectory: URL) {
        bindtextdomain(domain, catalogueDirectory.path)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The language the messages are shown in, for what gettext does not
    /// translate: dates. gettext takes `LANGUAGE` before the locale
    /// (`LANGUAGE=ja item-feed` under `LANG=C.UTF-8` shows Japanese), and
    /// Foundation's `Locale.current` reads only the locale, so the first
    /// language listed there wins here too.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        if let languages = environment["LANGUAGE"],
           let first = languages.split(separator: ":").first, !first.isEmpty {
            return Locale(identifier: String(first))
        }
        return .current
    }
}

/// `message` in the user's language. Values go in by name (`{status}`), so
/// a translation may put them where its grammar needs them.
public func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    filling(message.withCString { String(cString: dgettext(Translation.domain, $0)) }, with: values)
}

/// The singular or plural form `count` needs in the user's language
/// (Japanese has one form; English two).
public func trPlural(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let translated = singular.withCString { one in
        plural.withCString { many in
            String(cString: dngettext(Translation.domain, one, many, UInt(max(0, count))))
        }
    }
    return filling(translated, with: values)
}

/// Each `{name}` replaced by its value, in one pass: a value is never read
/// again, so a feed titled "{count}" stays as it is. Foundation's
/// `replacingOccurrences` made the sidebar's 1,000 row labels a visible
/// share of each reload.
private func filling(_ text: String, with values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty else { return text }
    var filled = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        filled += rest[..<open]
        let name = rest[rest.index(after: open)..<close]
        guard let value = values.first(where: { $0.key == name })?.value else {
            filled += "{"
            rest = rest[rest.index(after: open)...]
            continue
        }
        filled += value
        rest = rest[rest.index(after: close)...]
    }
    filled += rest
    return filled
}
