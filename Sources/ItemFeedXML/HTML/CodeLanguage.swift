import Foundation

enum CodeLanguage {
    /// The language a page names for its code (`language-swift`,
    /// `lang-js`, `highlight-source-python`, `brush: ruby`): a short word,
    /// never a path.
    static func named(byClasses classes: String?) -> String? {
        guard let classes else { return nil }
        for word in classes.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == ";" }) {
            for prefix in ["language-", "lang-", "highlight-source-", "highlight-", "brush:"] where word.hasPrefix(prefix) {
                let name = word.dropFirst(prefix.count)
                guard !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+#-_".contains($0)) }) else { continue }
                return String(name)
            }
        }
        return nil
    }
}
