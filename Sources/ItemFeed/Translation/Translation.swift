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

    /// Makes gettext look messages up again after `LANGUAGE` changed in a
    /// running process (the tests switch to Japanese and back). glibc keeps
    /// each translation it found keyed by the locale, not by `LANGUAGE`, and
    /// any `textdomain` call is what empties that cache.
    public static func languageChanged() {
        textdomain(textdomain(nil))
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

private func filling(_ text: String, with values: KeyValuePairs<String, String>) -> String {
    values.reduce(text) { text, value in text.replacingOccurrences(of: "{\(value.key)}", with: value.value) }
}
