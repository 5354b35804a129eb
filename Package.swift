// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WordBook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "wordbook", targets: ["wordbook"]),
        .library(name: "WordBookKit", targets: ["WordBookKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Declarations only: Sources/CLoader defines the functions WordBook calls and loads the
        // libraries on first use (scripts/make-loader.py), so commands that never recognise a
        // photo or write a zip do not load them and the ~50 libraries they need.
        .systemLibrary(
            name: "CTesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .target(name: "CLoader"),
        .target(
            name: "WordBookKit",
            dependencies: [
                "CTesseract",
                "CTurboJPEG",
                "CArchive",
                "CLoader",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .executableTarget(
            name: "wordbook",
            dependencies: [
                "WordBookKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WordBookKitTests",
            dependencies: ["WordBookKit", "CTesseract"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["WordBookKit", .product(name: "Crypto", package: "swift-crypto")]
        ),
    ]
)
