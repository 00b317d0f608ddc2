import Foundation
import ItemFeed
import ItemFeedSync
import XCTest

/// The services as they declare themselves: what the sidebar's menus, the
/// Accounts page and `--add-account` know of them, and nothing else.
final class SyncServicesTests: XCTestCase {
    private let address = URL(string: "https://rss.example/api")!
    private let credentials = AccountCredentials(password: "secret", session: nil) { _ in }

    func test_eachServiceDeclaresItsOwnName_andWhatItsAPICanDoToAFeed() {
        let declared = Dictionary(uniqueKeysWithValues: SyncServices.descriptions.map { ($0.kind.rawValue, $0.feedChanges) })

        XCTAssertEqual(declared, ["greader": [.rename, .subscribe], "ttrss": [.subscribe], "nextcloud": [.rename, .subscribe], "fever": []],
                       "the names --add-account takes, each once")
        XCTAssertNotNil(SyncServices.descriptions.first(.fever)?.limitation, "an API that cannot change feeds says so")
        XCTAssertNil(SyncServices.descriptions.first(.googleReader)?.limitation)
    }

    func test_anAccountIsMadeTheServiceItsKindNames() throws {
        for kind in [SyncServiceKind.googleReader, .tinyTinyRSS, .nextcloudNews, .fever] {
            let account = SyncAccount(id: 2, service: kind, address: address, userName: "ann")
            let service = try SyncServices.make(for: account, credentials: credentials, client: RecordedServer([]))
            let expected: Any.Type = switch kind {
            case .googleReader: GoogleReaderService.self
            case .tinyTinyRSS: TinyTinyRSSService.self
            case .nextcloudNews: NextcloudNewsService.self
            default: FeverService.self
            }
            XCTAssertTrue(type(of: service) == expected, "\(kind.rawValue) made \(type(of: service))")
        }
    }

    func test_anAccountOfAServiceThisBuildLacks_saysSo() {
        let account = SyncAccount(id: 2, service: SyncServiceKind(rawValue: "a-newer-service"), address: address, userName: "ann")

        XCTAssertThrowsError(try SyncServices.make(for: account, credentials: credentials, client: RecordedServer([]))) { error in
            XCTAssertEqual(error as? SyncError, .unknownService("a-newer-service"))
            XCTAssertEqual(error.localizedDescription, "This version of ItemFeed cannot sync with “a-newer-service” accounts")
        }
    }
}
