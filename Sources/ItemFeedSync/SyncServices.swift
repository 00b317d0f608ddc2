import Foundation
import ItemFeed

/// One service ItemFeed syncs with: what it declares of itself, and how an
/// account of it is made with its secret and the HTTP client for its server.
public struct RegisteredSyncService: Sendable {
    public let description: SyncServiceDescription
    let make: @Sendable (SyncAccount, AccountCredentials, SyncHTTP) throws -> SyncService

    init(_ description: SyncServiceDescription, make: @escaping @Sendable (SyncAccount, AccountCredentials, SyncHTTP) throws -> SyncService) {
        (self.description, self.make) = (description, make)
    }
}

/// The services ItemFeed syncs with: adding one is its folder and its line here.
public enum SyncServices {
    /// In the order Add Account offers them.
    static let registered: [RegisteredSyncService] = [
        GoogleReaderService.registration,
        TinyTinyRSSService.registration,
        NextcloudNewsService.registration,
        FeverService.registration,
    ]

    public static let descriptions = registered.map(\.description)

    /// `stop`: the sync's Stop, which ends the wait for any answer.
    public static func make(for account: SyncAccount, credentials: AccountCredentials, client: HTTPClient, stop: SyncStop = SyncStop()) throws -> SyncService {
        guard let service = registered.first(where: { $0.description.kind == account.service }) else {
            throw SyncError.unknownService(account.service.rawValue)
        }
        return try service.make(account, credentials, SyncHTTP(client: client, server: account.address, stop: stop))
    }
}
