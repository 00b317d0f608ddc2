import Foundation

/// Reads the dates feeds write: RFC 3339 (JSON Feed, Atom, Qiita) and
/// RFC 822 (RSS), with the variants publishers get wrong — no seconds, no
/// zone (taken as UTC), a two-digit year, a missing or wrong day name, zone
/// names, a space instead of `T`, lower case. A date that cannot be read
/// is `nil`: a bad date never costs the user the item.
///
/// Hand-written rather than `DateFormatter`, which on Linux costs more per
/// date than a whole item's mapping may and needs one pattern per variant.
/// This reads digits and names in one pass and turns them into a date with
/// the civil-calendar formula.
public enum InternetDate {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { utf8 in
            var scanner = DateScanner(UnsafeBufferPointer(rebasing: utf8.prefix(64)))
            scanner.skipSpaces()
            guard let first = scanner.peek else { return nil }
            return DateScanner.isDigit(first) && scanner.looksLikeISO ? scanner.rfc3339() : scanner.rfc822()
        }
    }
}

/// Reads bytes, not `Character`s: comparing and making `Character`s, and an
/// array of the text's bytes, would be most of a date's cost.
private struct DateScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & ~0x20) }
    /// `2026-01-31…`: four digits then a dash.
    var looksLikeISO: Bool { bytes.count >= index + 5 && bytes[index + 4] == UInt8(ascii: "-") }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x2C { index += 1 }
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Up to `maxDigits` digits; `nil` when there are none.
    mutating func number(maxDigits: Int = 4) -> (value: Int, digits: Int)? {
        var value = 0
        var digits = 0
        while digits < maxDigits, index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        return digits == 0 ? nil : (value, digits)
    }

    mutating func word() -> String {
        let start = index
        while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).lowercased()
    }

    // MARK: RFC 3339 / ISO 8601

    mutating func rfc3339() -> Date? {
        guard let year = number(), year.digits == 4, skip("-"),
              let month = number(maxDigits: 2), skip("-"),
              let day = number(maxDigits: 2)
        else { return nil }
        var time = (hour: 0, minute: 0, second: 0.0)
        if skip("T") || skip("t") || skip(" ") {
            guard let clock = clock() else { return nil }
            time = clock
        }
        let offset = isoZone() ?? 0
        return makeDate(year: year.value, month: month.value, day: day.value, time: time, offsetSeconds: offset)
    }

    /// `+09:00`, `+0900`, `Z`; `nil` (UTC) when absent.
    private mutating func isoZone() -> Int? {
        skipSpaces()
        if skip("Z") || skip("z") { return 0 }
        return numericZone()
    }

    // MARK: RFC 822 / 2822

    mutating func rfc822() -> Date? {
        // An optional day name, which publishers often get wrong: ignored.
        if let first = peek, Self.isLetter(first) { _ = word(); skipSpaces() }
        guard let day = number(maxDigits: 2) else { return nil }
        skipSpaces(); _ = skip("-")
        guard let month = Self.months[String(word().prefix(3))] else { return nil }
        skipSpaces(); _ = skip("-")
        guard let rawYear = number() else { return nil }
        // RFC 2822 §4.3: two-digit years below 50 are 20xx.
        let year = rawYear.digits == 2 ? rawYear.value + (rawYear.value < 50 ? 2000 : 1900) : rawYear.value
        skipSpaces()
        var time = (hour: 0, minute: 0, second: 0.0)
        if let peek, Self.isDigit(peek) {
            guard let clock = clock() else { return nil }
            time = clock
        }
        skipSpaces()
        let offset = numericZone() ?? Self.zones[word()] ?? 0
        return makeDate(year: year, month: month, day: day.value, time: time, offsetSeconds: offset)
    }

    private static let months = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
        "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    /// RFC 822's zone names; military letters and unknown names are UTC,
    /// as RFC 2822 §4.3 advises.
    private static let zones = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0,
        "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
        "mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
        "jst": 9 * 3600, "cet": 3600, "cest": 2 * 3600, "bst": 3600,
    ]

    // MARK: Shared parts

    /// `HH:MM`, `HH:MM:SS`, `HH:MM:SS.fff`.
    private mutating func clock() -> (hour: Int, minute: Int, second: Double)? {
        guard let hour = number(maxDigits: 2), skip(":"), let minute = number(maxDigits: 2) else { return nil }
        var second = 0.0
        if skip(":") {
            guard let whole = number(maxDigits: 2) else { return nil }
            second = Double(whole.value)
            if skip(".") || skip(","), let fraction = number(maxDigits: 9) {
                second += Double(fraction.value) / pow(10, Double(fraction.digits))
                while let peek, Self.isDigit(peek) { index += 1 }
            }
        }
        return (hour.value, minute.value, second)
    }

    private mutating func numericZone() -> Int? {
        guard let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        index += 1
        guard let hours = number(maxDigits: 2) else { return nil }
        _ = skip(":")
        let minutes = number(maxDigits: 2)?.value ?? 0
        let seconds = hours.value * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    private func makeDate(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Double), offsetSeconds: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(time.hour),
              (0...59).contains(time.minute), time.second < 61
        else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar
        // (H. Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + time.hour * 3600 + time.minute * 60 - offsetSeconds) + time.second
        return Date(timeIntervalSince1970: seconds)
    }
}
