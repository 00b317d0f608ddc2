import ItemFeed

extension SyncServiceKind {
    public static let fever = SyncServiceKind(rawValue: "fever")
}

extension FeverService {
    /// How Add Account and the menus know it, and how an account of it is made.
    public static let registration = RegisteredSyncService(
        SyncServiceDescription(
            kind: .fever,
            title: tr("Fever"),
            signInHint: tr("Fever: the address of its API (FreshRSS: …/api/fever.php, Miniflux: …/fever/) and the password set for it."),
            feedChanges: [],
            limitation: tr("Feeds are added, removed, renamed and moved on the server: the Fever API cannot")
        )
    ) { account, credentials, http in
        try FeverService(address: account.address, userName: account.userName, credentials: credentials, http: http)
    }
}
