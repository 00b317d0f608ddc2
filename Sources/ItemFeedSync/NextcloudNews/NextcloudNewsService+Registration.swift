import ItemFeed

extension SyncServiceKind {
    public static let nextcloudNews = SyncServiceKind(rawValue: "nextcloud")
}

extension NextcloudNewsService {
    /// How Add Account and the menus know it, and how an account of it is made.
    public static let registration = RegisteredSyncService(
        SyncServiceDescription(
            kind: .nextcloudNews,
            title: tr("Nextcloud News"),
            signInHint: tr("Nextcloud News: the Nextcloud server's address, and an app password made in its Security settings."),
            feedChanges: [.rename, .subscribe]
        )
    ) { account, credentials, http in
        try NextcloudNewsService(address: account.address, userName: account.userName, credentials: credentials, http: http)
    }
}
