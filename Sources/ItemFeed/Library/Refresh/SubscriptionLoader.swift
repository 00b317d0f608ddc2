import Foundation

/// Asks a subscription's server for its feed as a good citizen of the web
/// does (SPEC 12), and says what the answer means for the library: a
/// conditional GET with the validators it gave last time; a 304 is
/// `unchanged`; `max-age`, `ttl` and `sy:updatePeriod` set when to ask
/// next; a 429 or 503 with `Retry-After` defers it; 410 is `gone`; a
/// failure backs off; a move for good (301, 308) is kept.
public final class SubscriptionLoader {
    private let client: HTTPClient
    private let formats: [any FeedFormat]
    private let links: FeedLinkReader?
    private let map: RemoteFeedLoader.Map
    private let now: () -> Date

    /// `map` runs the mapping (in the app, on a worker) and completes on
    /// the caller's thread, as `RemoteFeedLoader`'s does. With `links`, a
    /// feed never loaded before whose address is a web page is followed to
    /// the first feed the page names (`movedTo` says which): people
    /// subscribe to a blog's address far more often than to its feed's.
    public init(
        client: HTTPClient, formats: [any FeedFormat] = .json, links: FeedLinkReader? = nil,
        map: @escaping RemoteFeedLoader.Map = RemoteFeedLoader.mapInPlace, now: @escaping () -> Date = Date.init
    ) {
        self.client = client
        self.formats = formats
        self.links = links
        self.map = map
        self.now = now
    }

    /// Cancelling stops the transfer; `completion` is then never called.
    /// The load holds this loader until it answers or is cancelled.
    @discardableResult
    public func refresh(_ subscription: Subscription, completion: @escaping (FeedRefresh) -> Void) -> FeedLoadTask {
        let task = LoadTask<FeedRefresh> { result in
            if case let .success(refresh) = result { completion(refresh) }
        }
        ask(subscription.address, for: subscription, task: task)
        return task
    }

    /// `url`: the subscription's own address, or the feed its page names.
    private func ask(_ url: URL, for subscription: Subscription, task: LoadTask<FeedRefresh>) {
        let headers = url == subscription.address ? subscription.validators.requestHeaders : [:]
        let transfer = LoadStep.start({ client.get(from: url, headers: headers, completion: $0) }) { result in
            guard !task.isFinished else { return }
            task.stopCurrentStep = nil
            switch result {
            case let .failure(error): task.finish(with: .success(self.failed(subscription, RemoteLoadError(error))))
            case let .success(response): self.answer(response, from: url, for: subscription, task: task)
            }
        }
        if let transfer { task.stopCurrentStep = transfer.cancel }
    }

    private func answer(_ response: HTTPResponse, from url: URL, for subscription: Subscription, task: LoadTask<FeedRefresh>) {
        let date = now()
        let address = subscription.address
        let followed = url == address ? nil : url
        let maxAge = RefreshPoliteness.maxAge(response.headers["cache-control"])
        let validators = HTTPValidators(entityTag: response.headers["etag"], lastModified: response.headers["last-modified"])
        switch response.statusCode {
        case 304:
            let sent = validators.entityTag != nil || validators.lastModified != nil ? validators : nil
            return task.finish(with: .success(FeedRefresh(
                address: address, outcome: .unchanged, date: date, validators: sent,
                nextDue: RefreshPoliteness.nextDue(maxAge: maxAge, feedInterval: nil, now: date), movedTo: response.permanentAddress
            )))
        case 410:
            return task.finish(with: .success(FeedRefresh(address: address, outcome: .gone, date: date)))
        case 429, 503:
            if let until = RefreshPoliteness.retryAfter(response.headers["retry-after"], now: date) {
                return task.finish(with: .success(FeedRefresh(address: address, outcome: .deferred(until: until), date: date)))
            }
        default:
            break
        }
        let format = formats.format(for: response, from: url)
        if let error = format?.error(for: response) ?? RemoteLoadError.check(response) {
            return task.finish(with: .success(failed(subscription, error)))
        }
        guard let format else {
            let error = links?.failure(for: response, from: url) ?? RemoteLoadError.invalidData
            if case let .pageNamesFeeds(named) = error, followed == nil, subscription.state == .new, let first = named.first {
                return ask(first.url, for: subscription, task: task)
            }
            return task.finish(with: .success(failed(subscription, error)))
        }
        map({ try format.map(response, from: url, batches: $0) }, nil) { mapped in
            guard !task.isFinished else { return }
            switch mapped {
            case let .success(feed):
                task.finish(with: .success(FeedRefresh(
                    address: address, outcome: .loaded(title: feed.title, siteLink: nil, items: feed.items, articles: feed.articles, enclosures: feed.enclosures), date: date,
                    validators: validators, nextDue: RefreshPoliteness.nextDue(maxAge: maxAge, feedInterval: feed.refreshInterval, now: date),
                    movedTo: response.permanentAddress ?? followed, icon: feed.iconAddress.flatMap(URL.init(string:))
                )))
            case let .failure(error):
                task.finish(with: .success(self.failed(subscription, error)))
            }
        }
    }

    /// Kept with its reason; not asked again before the backoff has passed.
    private func failed(_ subscription: Subscription, _ error: Error) -> FeedRefresh {
        let date = now()
        let reason = error.explanation
        let wait = RefreshPoliteness.backoff(afterFailures: subscription.failures + 1)
        return FeedRefresh(address: subscription.address, outcome: .failed(reason: reason), date: date, nextDue: date.addingTimeInterval(wait))
    }
}
