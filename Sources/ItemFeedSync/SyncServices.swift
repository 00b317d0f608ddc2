import Foundation
import ItemFeed

/// The service an account speaks, made with its secret and the HTTP client
/// for its server.
public enum SyncServices {
    /// The kinds ItemFeed can sync with today.
    public static let supported: [SyncServiceKind] = [.googleReader, .tinyTinyRSS, .nextcloudNews, .fever]

    /// `stop`: the sync's Stop, which ends the wait for any answer.
    public static func make(for account: SyncAccount, credentials: AccountCredentials, client: HTTPClient, stop: SyncStop = SyncStop()) throws -> SyncService {
        let http = SyncHTTP(client: client, server: account.address, stop: stop)
        switch account.service {
        case .googleReader:
            return try GoogleReaderService(address: account.address, userName: account.userName, credentials: credentials, http: http)
        case .tinyTinyRSS:
            return try TinyTinyRSSService(address: account.address, userName: account.userName, credentials: credentials, http: http)
        case .fever:
            return try FeverService(address: account.address, userName: account.userName, credentials: credentials, http: http)
        case .nextcloudNews:
            return try NextcloudNewsService(address: account.address, userName: account.userName, credentials: credentials, http: http)
        }
    }
}
