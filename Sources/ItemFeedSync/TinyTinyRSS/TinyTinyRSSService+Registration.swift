import ItemFeed

extension SyncServiceKind {
    public static let tinyTinyRSS = SyncServiceKind(rawValue: "ttrss")
}

extension TinyTinyRSSService {
    /// How Add Account and the menus know it, and how an account of it is made.
    public static let registration = RegisteredSyncService(
        SyncServiceDescription(
            kind: .tinyTinyRSS,
            title: tr("Tiny Tiny RSS"),
            signInHint: tr("Tiny Tiny RSS: its own address, with “Enable API” on in its preferences."),
            feedChanges: [.subscribe],
            limitation: tr("Feeds are renamed and moved on the server: Tiny Tiny RSS's API cannot")
        )
    ) { account, credentials, http in
        try TinyTinyRSSService(address: account.address, userName: account.userName, credentials: credentials, http: http)
    }
}
