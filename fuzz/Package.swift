// swift-tools-version:6.1
// The libFuzzer target over the bytes-to-pixels path. Built and run by `make fuzz`, never by `make test`.
import PackageDescription

let package = Package(
    name: "WordBookFuzz",
    dependencies: [.package(name: "WordBook", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "ImageFuzzer",
            dependencies: ["FuzzDriver", .product(name: "WordBookPipeline", package: "WordBook")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
