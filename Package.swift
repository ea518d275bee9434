// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "storygraph",
    products: [
        .library(name: "StoryGraph", targets: ["StoryGraph"]),
        .library(name: "StoryFormats", targets: ["StoryFormats"]),
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
        .target(name: "StoryGraph"),
        .target(name: "StoryFormats", dependencies: ["StoryGraph", "CLibXML2"]),
        .target(name: "StoryRender", dependencies: ["StoryGraph", "CGraphviz"]),
        .target(name: "StoryCLI", dependencies: ["StoryGraph", "StoryFormats", "StoryRender"]),
        .executableTarget(name: "storygraph", dependencies: ["StoryCLI"]),
        .executableTarget(name: "storygraph-bench", dependencies: ["StoryGraph", "StoryFormats", "StoryRender"]),
        .testTarget(name: "StoryGraphTests", dependencies: ["StoryGraph", "StoryFormats"]),
        .testTarget(name: "StoryFormatsTests", dependencies: ["StoryFormats", "StoryGraph"]),
        .testTarget(name: "StoryRenderTests", dependencies: ["StoryRender", "StoryGraph", "StoryFormats"]),
        .testTarget(
            name: "StoryCLITests",
            dependencies: ["StoryCLI", "StoryGraph", "StoryFormats"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
