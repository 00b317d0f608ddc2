import ItemFeed

extension SyncServiceKind {
    public static let googleReader = SyncServiceKind(rawValue: "greader")
}

extension GoogleReaderService {
    /// How Add Account and the menus know it, and how an account of it is made.
    public static let registration = RegisteredSyncService(
        SyncServiceDescription(
            kind: .googleReader,
            title: tr("Google Reader API (FreshRSS, Miniflux…)"),
            signInHint: tr("FreshRSS and Miniflux speak the Google Reader API: give the address of their API (FreshRSS: …/api/greader.php) and its API password."),
            feedChanges: [.rename, .subscribe]
        )
    ) { account, credentials, http in
        try GoogleReaderService(address: account.address, userName: account.userName, credentials: credentials, http: http)
    }
}
