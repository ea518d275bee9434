// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "storygraph",
    products: [
        .library(name: "StoryGraph", targets: ["StoryGraph"]),
        .library(name: "StoryMap", targets: ["StoryMap"]),
        .library(name: "StoryRender", targets: ["StoryRender"]),
        .executable(name: "storygraph", targets: ["storygraph"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "StoryGraph", dependencies: ["CLibXML2"]),
        .target(name: "StoryMap", dependencies: ["StoryGraph"]),
        .target(name: "StoryRender", dependencies: ["CGraphviz"]),
        .target(name: "StoryCLI", dependencies: ["StoryGraph", "StoryMap", "StoryRender"]),
        .executableTarget(name: "storygraph", dependencies: ["StoryCLI"]),
        .executableTarget(name: "storygraph-bench", dependencies: ["StoryGraph", "StoryMap", "StoryRender", "StoryCLI"]),
        .testTarget(name: "StoryGraphTests", dependencies: ["StoryGraph"]),
        .testTarget(name: "StoryMapTests", dependencies: ["StoryMap", "StoryGraph"]),
        .testTarget(name: "StoryRenderTests", dependencies: ["StoryRender", "StoryGraph", "StoryMap"]),
        .testTarget(
            name: "StoryCLITests",
            dependencies: ["StoryCLI", "StoryGraph", "StoryMap"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
