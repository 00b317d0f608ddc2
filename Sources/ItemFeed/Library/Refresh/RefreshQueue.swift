import Foundation

/// The feeds of a refresh (or the pages of full articles) still to ask,
/// handed out so that hosts take turns and none has more than `perHost`
/// loads at once.
///
/// A library lists its feeds by address, so one host's feeds come
/// together: taken in that order, every load under way would be one
/// host's, waiting on its connections while the other hosts sat idle.
struct RefreshQueue<Element> {
    let perHost: Int
    private let address: (Element) -> URL
    /// Each host's feeds, first to ask last (taken with `popLast`).
    private var waiting: [String: [Element]] = [:]
    /// Hosts with feeds waiting, in the order they take turns.
    private var turns: [String] = []
    private var nextTurn = 0
    private var loading: [String: Int] = [:]

    init(_ feeds: [Element], perHost: Int, address: @escaping (Element) -> URL) {
        self.perHost = max(1, perHost)
        self.address = address
        for feed in feeds {
            let host = Self.host(of: address(feed))
            if waiting[host] == nil { turns.append(host) }
            waiting[host, default: []].append(feed)
        }
        for host in turns { waiting[host]?.reverse() }
    }

    var isEmpty: Bool { turns.isEmpty }

    /// The next feed whose host has a free connection, hosts in turn; nil
    /// when every host with feeds left is busy (or none is left). Marks
    /// its host one load busier until `finished`.
    mutating func next() -> Element? {
        for step in 0..<turns.count {
            let index = (nextTurn + step) % turns.count
            let host = turns[index]
            guard loading[host, default: 0] < perHost, let feed = waiting[host]?.popLast() else { continue }
            loading[host, default: 0] += 1
            if waiting[host]?.isEmpty == true {
                waiting[host] = nil
                turns.remove(at: index)
                nextTurn = turns.isEmpty ? 0 : index % turns.count
            } else {
                nextTurn = (index + 1) % turns.count
            }
            return feed
        }
        return nil
    }

    /// A load of `address` ended: its host has a connection free again.
    mutating func finished(_ address: URL) {
        let host = Self.host(of: address)
        guard let count = loading[host] else { return }
        loading[host] = count > 1 ? count - 1 : nil
    }

    /// The host of `address` asked to be left alone (a 429, a 503, no
    /// answer): what it still had waiting is dropped, for a later turn.
    mutating func dropWaiting(onHostOf address: URL) {
        let host = Self.host(of: address)
        guard let index = turns.firstIndex(of: host) else { return }
        waiting[host] = nil
        turns.remove(at: index)
        if nextTurn > index { nextTurn -= 1 }
        if turns.isEmpty || nextTurn >= turns.count { nextTurn = 0 }
    }

    /// What a connection is kept to: scheme, host and port (as libcurl's).
    static func host(of address: URL) -> String {
        "\(address.scheme ?? "")://\(address.host?.lowercased() ?? ""):\(address.port.map(String.init) ?? "")"
    }
}

extension RefreshQueue where Element == Subscription {
    init(_ feeds: [Subscription] = [], perHost: Int) {
        self.init(feeds, perHost: perHost, address: \.address)
    }
}
