// swift-tools-version:6.1
import PackageDescription

// Modules along the data flow (ARCHITECTURE.md). The command line (`wordbook`) links SQLite through
// the store, TurboJPEG and zlib for the photo in the terminal, hunspell for the gloss, and no image
// or OCR library, so that it starts in a few milliseconds; `run`, `ingest` and the Anki export execute
// `wordbook-worker`, which links Tesseract, Leptonica, libheif and libarchive the normal way.
let package = Package(
    name: "WordBook",
    products: [
        .executable(name: "wordbook", targets: ["wordbook"]),
        .executable(name: "wordbook-worker", targets: ["wordbook-worker"]),
        .executable(name: "wordbook-web", targets: ["wordbook-web"]),
        .library(name: "WordBookPipeline", targets: ["WordBookPipeline"]),
        // libwordbook-scenetext.so: the scene-text plugin, the one part that links OpenCV; the worker dlopens it.
        .library(name: "wordbook-scenetext", type: .dynamic, targets: ["CSceneText"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Up to the next minor version only: ParserMessages.swift rewrites the parser's English messages.
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Hummingbird's own dependencies, named for the types the web app uses from them (Channel, HTTPField).
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        // Deque, for the worker's queue of photos (Hummingbird resolves it too).
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    ],
    targets: [
        // Linked by name, not through pkg-config: Debian's tesseract.pc lists -lcurl, which no caller
        // of the C API needs and which loaded a second libcurl (libcurl.so is the NSS one) with NSS.
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
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // glibc's malloc_trim: an idle worker gives back the pages its allocator keeps.
        .systemLibrary(name: "CMalloc"),
        // PaddleOCR's text detector and recogniser on OpenCV's DNN module (Debian's libopencv-dnn406), behind a C API:
        // built as the plugin above alone. CSceneTextAPI is its header without the code, for the worker's loader.
        // Its headers' folder is named by hand: Debian ships OpenCV's pkg-config file (opencv4.pc) only in
        // libopencv-dev, which installs every module: 222 more packages beside these two (GDAL, FFmpeg, MariaDB's client),
        // where the target needs libopencv-dnn-dev and libopencv-imgproc-dev alone.
        .target(
            name: "CSceneText",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            // -nostartfiles: no Swift image registration (swiftrt.o) in a library without Swift code, so
            // that it uses nothing of the Swift run-time library its link still names (scripts/build-deb.sh drops that).
            linkerSettings: [
                .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                .unsafeFlags(["-nostartfiles"]),
            ]
        ),
        .systemLibrary(name: "CSceneTextAPI"),
        // The words every module shares: a language, a box in a photo, a gloss, the learner's calendar,
        // the stages a photo goes through. Foundation only.
        .target(name: "WordBookVocabulary"),
        // libjpeg-turbo's handles, for the pipeline's pictures and the terminal's alike.
        // A region of a JPEG decoded alone, through the classic libjpeg API, whose errors need setjmp.
        .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "WordBookJPEG", dependencies: ["CTurboJPEG", "CJPEGRegion"]),
        // A PNG read row by row and reduced as it is read, through libpng, whose errors need setjmp.
        .target(name: "CPNGRows", linkerSettings: [.linkedLibrary("png16")]),
        // SHA-256, SHA-1 and HMAC from the system's libcrypto.
        .target(name: "WordBookDigest", dependencies: ["CCrypto"]),
        // Records, migrations, queries, the review schedulers and backup, through GRDB.
        .target(
            name: "WordBookStore",
            dependencies: [
                "WordBookVocabulary", .product(name: "GRDB", package: "GRDB.swift"),
                "WordBookDigest",
            ]
        ),
        // What both executables read: the configuration, the data paths, the inbox's file rules and the
        // worker's lock, logging.
        .target(
            name: "WordBookSettings",
            dependencies: [
                "WordBookVocabulary", "WordBookDigest",
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Bytes to pixels to a proposal: decoding (libheif for HEIC), orientation, EXIF, recognition
        // (the scene-text detector and recogniser with Tesseract).
        .target(
            name: "WordBookPipeline",
            dependencies: [
                "CTesseract", "CHeif", "CWebP", "CPNGRows", "CSceneTextAPI", "WordBookJPEG", "WordBookVocabulary",
                "WordBookSettings", "WordBookDigest",
            ]
        ),
        // The worker: watching the inbox, filing photos through the pipeline into the store.
        .target(
            name: "WordBookCapture",
            dependencies: [
                "WordBookVocabulary", "WordBookPipeline", "WordBookStore", "WordBookSettings", "WordBookGloss",
                .product(name: "GRDB", package: "GRDB.swift"),
                "WordBookDigest", "CMalloc",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Anki packages, written with libarchive.
        .target(
            name: "WordBookAnki",
            dependencies: [
                "CArchive", "WordBookVocabulary", "WordBookStore", "WordBookSettings",
                "WordBookDigest", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // A stored photo drawn in the terminal: TurboJPEG to decode, zlib to compress kitty's pixels.
        .target(
            name: "WordBookThumbnail",
            dependencies: ["WordBookJPEG", "CZlib", "WordBookVocabulary"]
        ),
        // The options and output both executables share, and the hand-over to the worker.
        .target(
            name: "WordBookCommandLine",
            dependencies: [
                "WordBookVocabulary", "WordBookStore", "WordBookSettings", "WordBookGloss",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A word's short translation, from FreeDict's dictd dictionaries with hunspell stems.
        .target(
            name: "WordBookGloss",
            dependencies: ["CHunspell", "CZlib", "WordBookVocabulary", "WordBookSettings"]
        ),
        .executableTarget(
            name: "wordbook",
            dependencies: [
                "WordBookCommandLine", "WordBookVocabulary", "WordBookStore", "WordBookSettings", "WordBookThumbnail",
                "WordBookGloss",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "WordBookDigest",
            ]
        ),
        .executableTarget(
            name: "wordbook-worker",
            dependencies: [
                "WordBookCommandLine", "WordBookCapture", "WordBookAnki", "WordBookPipeline", "WordBookStore",
                "WordBookSettings", "WordBookVocabulary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The web app for the phone: Hummingbird's server, mustache pages, the same store methods as
        // the command line. Its own executable, so that `wordbook` never links NIO.
        .target(
            name: "WordBookWeb",
            dependencies: [
                "CQRencode", "WordBookVocabulary", "WordBookStore", "WordBookSettings", "WordBookCommandLine", "WordBookThumbnail", "WordBookGloss",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "WordBookDigest",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "wordbook-web",
            dependencies: [
                "WordBookCommandLine", "WordBookWeb", "WordBookStore", "WordBookSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Where the tests find ../shared/datasets, for both test targets.
        .target(name: "TestDatasets", path: "Tests/TestDatasets"),
        .testTarget(
            name: "WordBookKitTests",
            dependencies: [
                "TestDatasets", "WordBookVocabulary", "WordBookStore", "WordBookSettings", "WordBookPipeline", "WordBookCapture", "WordBookAnki",
                "WordBookThumbnail", "WordBookCommandLine", "WordBookGloss", "WordBookDigest", "CTesseract", "CWebP", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestDatasets", "WordBookVocabulary", "WordBookStore", "WordBookSettings", "WordBookPipeline", "WordBookCapture", "WordBookThumbnail",
                "CTesseract", "CTurboJPEG", "CZlib",
                "WordBookDigest", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Read by HelpSnapshotTests from the source tree, not resources of the test bundle.
            exclude: ["Snapshots"]
        ),
    ]
)

// Each file imports every module whose members it uses, not only whose types it names: the compiler
// checks the imports against what the code uses (SE-0444).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
