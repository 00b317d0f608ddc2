import FeedPromises
import ItemFeedXML

FuzzDriver.run { input in
    FeedPromises.check(input, format: AtomFormat())
}
