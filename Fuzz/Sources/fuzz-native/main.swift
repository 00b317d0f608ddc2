import FeedPromises
import ItemFeed

FuzzDriver.run { input in
    FeedPromises.check(input, format: NativeFeedFormat())
}
