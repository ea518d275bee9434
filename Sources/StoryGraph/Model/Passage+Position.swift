extension Passage {
    /// Where the author placed a passage on an editor's board (Twine's story map, the Yarn
    /// editor), in the editor's pixels: the top-left corner of the passage's card, and the
    /// card's size when the format gives it. Read by the map's pinned layout.
    public struct Position: Sendable, Hashable, Codable {
        /// A card's width and height.
        public struct Size: Sendable, Hashable, Codable {
            public var width: Double
            public var height: Double
            public init(width: Double, height: Double) {
                self.width = width
                self.height = height
            }
        }

        public var x: Double
        public var y: Double
        /// The card's size, when the format gives one (Twine's `size`).
        public var size: Size?

        public init(x: Double, y: Double, size: Size? = nil) {
            self.x = x
            self.y = y
            self.size = size
        }
    }
}
