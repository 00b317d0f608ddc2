import Foundation

/// Fever's `api_key`: the MD5 of "user:password", in lowercase hex (the API
/// defines it so; it is a shared secret, not a protection of the password).
/// RFC 1321, written here as Foundation on Linux has no MD5.
enum FeverKey {
    static func of(user: String, password: String) -> String {
        md5(Array("\(user):\(password)".utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    static func md5(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        let bitLength = UInt64(message.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var (a0, b0, c0, d0): (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            let words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { word, byte in word | UInt32(bytes[chunk + index * 4 + byte]) << UInt32(byte * 8) }
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for step in 0..<64 {
                var f: UInt32
                let g: Int
                switch step {
                case 0..<16: (f, g) = ((b & c) | (~b & d), step)
                case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * step + 1) % 16)
                case 32..<48: (f, g) = (b ^ c ^ d, (3 * step + 5) % 16)
                default: (f, g) = (c ^ (b | ~d), (7 * step) % 16)
                }
                f = f &+ a &+ constants[step] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (f << shifts[step] | f >> (32 - shifts[step]))
            }
            (a0, b0, c0, d0) = (a0 &+ a, b0 &+ b, c0 &+ c, d0 &+ d)
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) } }
    }
}
