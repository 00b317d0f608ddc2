import ItemFeed

/// Builds the list screen from its collaborators. The app and the tests
/// both build it here, so the tests exercise the wiring users get.
@MainActor
public enum ItemListComposer {
    public static func compose<Decoder: ItemImageDecoder>(
        itemLoader: ItemLoader,
        pageLoader: ItemPageLoader? = nil,
        searchLoader: ItemSearchLoader? = nil,
        rangeLoader: ItemRangeLoader? = nil,
        schedule: ScheduleWork? = nil,
        imageLoader: ItemImageLoader,
        imageDecoder: Decoder,
        imageStore: ItemImageDataStore? = nil,
        decodedThumbnails: DecodedThumbnails<Decoder.Image>? = nil,
        coordinator: ItemListCoordinator? = nil,
        rowDescription: ItemRowDescription = ItemRowDescription(),
        marks: ItemMarks? = nil,
        reloader: ListReloader = ImmediateListReloader(),
        refreshControl: RefreshControl = RefreshControl()
    ) -> ItemListController<Decoder.Image> {
        let thumbnails = ItemThumbnailLoader(
            imageLoader: imageLoader, decoder: imageDecoder, store: imageStore, decoded: decodedThumbnails
        )
        return ItemListController(
            itemLoader: itemLoader,
            pageLoader: pageLoader,
            searchLoader: searchLoader,
            rangeLoader: rangeLoader,
            schedule: schedule,
            loadThumbnail: thumbnails.loadThumbnail,
            rowDescription: rowDescription,
            marks: marks,
            coordinator: coordinator,
            reloader: reloader,
            refreshControl: refreshControl
        )
    }
}
