// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "storygraph",
    products: [
        .library(name: "StoryGraph", targets: ["StoryGraph"]),
        .library(name: "StoryFormats", targets: ["StoryFormats"]),
        .library(name: "StoryMap", targets: ["StoryMap"]),
        .library(name: "StoryRender", targets: ["StoryRender"]),
        .library(name: "StoryHTML", targets: ["StoryHTML"]),
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
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Which characters the installed fonts cover (labels PNG and PDF would draw as boxes).
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .target(name: "StoryGraph"),
        .target(name: "StoryFormats", dependencies: ["StoryGraph", "CLibXML2", "CYAML"]),
        .target(name: "StoryMap", dependencies: ["StoryGraph"]),
        // Graphviz in-process; StoryGraph only for the one number formatter (NumberText).
        .target(name: "StoryRender", dependencies: ["StoryGraph", "CGraphviz", "CFontconfig"]),
        // The one map call (MapDrawing: overlays → plan → estimate → DOT → Graphviz) and the
        // interactive HTML report, one of its formats: needs StoryMap + StoryRender.
        .target(name: "StoryHTML", dependencies: ["StoryGraph", "StoryMap", "StoryRender"]),
        .target(
            name: "StoryCLI", dependencies: ["StoryGraph", "StoryFormats", "StoryMap", "StoryRender", "StoryHTML"]),
        .executableTarget(name: "storygraph", dependencies: ["StoryCLI"]),
        .executableTarget(
            name: "storygraph-bench", dependencies: ["StoryGraph", "StoryFormats", "StoryMap", "StoryHTML", "StoryCLI"]),
        // libFuzzer targets (Fuzz/README.md): plain reproducers in a normal build; `Fuzz/build`
        // compiles them with -sanitize=fuzzer,address into .build/fuzz.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(
            name: "FuzzSupport", dependencies: ["StoryGraph", "StoryFormats", "StoryMap", "StoryHTML", "CLibFuzzer"],
            path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-twine", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-twine"),
        .executableTarget(name: "fuzz-source", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-source"),
        .executableTarget(name: "fuzz-ink", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-ink"),
        .executableTarget(name: "fuzz-ink-json", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-ink-json"),
        .executableTarget(name: "fuzz-yarn", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-yarn"),
        .executableTarget(name: "fuzz-choicescript", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-choicescript"),
        .executableTarget(name: "fuzz-gamebook", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-gamebook"),
        .executableTarget(name: "fuzz-state", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-state"),
        .executableTarget(name: "fuzz-map", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-map"),
        // What every test target shares (story builders, one writer per format, loading,
        // snapshots, the binary runner); a library for the tests only.
        .target(name: "TestSupport", dependencies: ["StoryGraph", "StoryFormats"], path: "Tests/TestSupport"),
        // The core's tests build their stories in code: no loader.
        .testTarget(name: "StoryGraphTests", dependencies: ["StoryGraph", "TestSupport"]),
        .testTarget(name: "StoryFormatsTests", dependencies: ["StoryFormats", "StoryGraph", "TestSupport"]),
        .testTarget(name: "StoryMapTests", dependencies: ["StoryMap", "StoryGraph", "StoryFormats", "TestSupport"]),
        .testTarget(
            name: "StoryRenderTests",
            dependencies: ["StoryRender", "StoryGraph", "StoryMap", "StoryFormats", "TestSupport"]),
        .testTarget(
            name: "StoryHTMLTests",
            dependencies: ["StoryHTML", "StoryGraph", "StoryMap", "StoryFormats", "TestSupport"]),
        .testTarget(
            name: "StoryCLITests",
            dependencies: ["StoryCLI", "StoryGraph", "StoryFormats", "StoryMap", "FuzzSupport", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
