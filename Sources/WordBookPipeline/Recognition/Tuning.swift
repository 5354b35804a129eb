/// Settings chosen by measurement with bench/accuracy.py (iiit5k-train, photos-dev, TestImages).
enum Tuning {
    /// Share of a word crop's height that the letters fill.
    static let cropTextFraction = 0.7
    /// Letter heights to read at: 48 px suits the line finder; 64 px adds a second opinion.
    static let textHeights: [Double] = [48, 64]
    /// Margin around the text, in letter heights: more makes PSM 8 and 13 shrink the text.
    static let margin = 0.1
    /// Pieces of a line closer than this many heights are one word Tesseract split ("GREE N").
    static let joinGap = 0.6
    /// In a photo, where the word stands among others, only pieces this close join: Tesseract's own
    /// word spacing decides the rest.
    static let photoJoinGap = 0.15
    /// Words this many letter heights from the aim point may be the one aimed at: candidates early.
    static let nearbyHeights = 3.0
    /// How far, in squared letter heights, a word's centre may stray from the aim point and still be
    /// the aimed one: a word is several heights wide, and framing is loose.
    static let aimSpread = 4.0
    /// A single character counts this much in ranking the words around the aim: a learner rarely aims at one.
    static let loneAimFactor = 0.3
    /// What a proposal's confidence keeps when it is a single letter, runs digits into letters, or
    /// mixes case inside the word (`WordShape.plausibility`).
    static let lonePenalty = 0.5, digitsInWordPenalty = 0.7, mixedCaseFactor = 0.7
    /// Confidence added to a reading for each other attempt that reads the same.
    static let voteBonus = 5.0
    /// A sharp region read at least this confidently is taken without a sparse search of the photo.
    static let regionAccept = 60.0
    /// Long edge of the copy searched for sharp regions, and the scale the next three refer to.
    static let regionEdge = 800.0
    /// Sobel strength (0-255) that counts as in focus: blurred background stays under it.
    static let edgeThreshold = 25
    /// Closing that joins letters into words.
    static let closeWidth = 15.0, closeHeight = 5.0
    /// Regions smaller than this are specks.
    static let minimumRegion = 10.0
    /// Sharp regions on one line closer than this many heights are one (widely spaced letters).
    static let mergeGap = 1.2
    /// Share of the width and height, around the aim point, searched for words when no sharp region
    /// reads well: the word a learner frames sits well inside it, with its neighbours.
    static let aimWindow = 0.4
    /// A word farther than this many letter heights from the aim point is not what the learner aimed
    /// at: the photo's middle holds something else, and the words found become candidates only.
    static let aimMissHeights = 4.0
    /// Long edge of the copy searched for words when the middle of the photo holds none.
    static let sparseEdge = 1600.0
    /// Confidence a candidate loses for letters in mixed case ("FREEaEDOM"; not "Straße", "STRAßE" or "BAÑO"),
    /// for punctuation inside it ("FREE‘AEDOM"), and per character of length it differs from the best
    /// reading by (an attempt that lost or doubled a letter).
    static let mixedCasePenalty = 20.0, innerPunctuationPenalty = 10.0, lengthPenalty = 5.0
    /// Detected lines nearest the aim point that the recogniser reads. Reading the two next ones as well
    /// changed no proposal on realscenes-dev and cost 0.05 s a photo.
    static let linesRead = 1
    /// The detector sees the middle of the photo with its longer side at most `detectorMaxSide`: its
    /// time grows with the area, 0.28 s at 640 x 480 on one core. At 640 px every dev set read the
    /// same photos right as at 512, for 0.1 s more on a 12-MP photo; RapidOCR's own size (shorter side
    /// 736) read 2 more of realscenes-dev's 172 right, at 0.69 s a photo. A small photo's middle is
    /// enlarged to `detectorSide` on its shorter side, as DB finds text of some pixels' height: on
    /// realscenes-dev shrunk to 320 px and blurred, 95 photos right against 92 at its own size.
    static let detectorSide = 320, detectorMaxSide = 512
    /// The first, coarse look at the middle (`Recognizer.detect`) sees it with its longer side at most
    /// `coarseDetectorSide`, the size a small photo is brought up to; its lines are taken when the line
    /// nearest the aim is at least `coarseLineHeight` of its pixels tall there: four cells of the finest
    /// map DB's backbone gives (a quarter of its input), so that the line's ends and edges are placed as
    /// at the full size.
    static let coarseDetectorSide = detectorSide, coarseLineHeight = 16.0
    /// The detector's map, read as PaddleOCR's DB post-processing reads it, with its settings: a pixel
    /// is text above `detectorThreshold`; a region is kept when its mean probability reaches
    /// `detectorBoxThreshold`; DB's training shrank each text region, so its core grows back by
    /// `detectorUnclipRatio` times its area over its perimeter.
    static let detectorThreshold = 0.3, detectorBoxThreshold = 0.5, detectorUnclipRatio = 1.6
    /// A line of a paragraph (`DetectedLines.isRunningText`) has at least two others of about its
    /// height (at most `paragraphHeightRatio` taller or shorter) within `paragraphReach` of its heights
    /// above or below, overlapping at least `paragraphOverlap` of the narrower one's width: running
    /// text is set in one size, line under line; a sign's lines differ in size or stand apart.
    static let paragraphHeightRatio = 1.5, paragraphReach = 3.0, paragraphOverlap = 0.5
    /// The text fills the picture, as in a cropped word (`DetectedLines.fillsPicture`), when the line
    /// nearest the middle is `croppedWordHeight` of the picture's height: a cropped word's letters fill
    /// its height. A line that only spans the width (a sign's band in a small photo, a cropped line)
    /// holds words side by side, of which the learner aimed at one: it is read as a photo's line is.
    static let croppedWordHeight = 0.4
    /// Share of a detected line's box that its letters fill (the detector's box has a margin).
    static let detectedTextFraction = 0.6
    /// Share of the width and height, around the aim point, that the text detector sees.
    static let detectionWindow = 0.75
    /// Share of a small picture, around the aim point, that the detector sees again enlarged (to
    /// `detectorSide` on its shorter side) when it found no line in the whole: twice as large.
    static let enlargedWindow = 0.5
    /// How far from the aim, in letter heights, the word found may lie before the middle is looked at
    /// again, closer: the aim falls on the word the learner framed.
    static let aimOnNoWord = 1.0
    /// A candidate of this many letters or fewer stays only when the language's dictionary knows it.
    static let shortCandidateLetters = 3
    /// A reading below this confidence does not win over a better one for being a dictionary word.
    static let lexiconFloor = 30.0
    /// Margin, in the line's heights, on either side of Tesseract's word when the recogniser reads it alone.
    static let splitMargin = 0.25
    /// A line turned less than this from level (radians, 2°) is read as it is: Tesseract's own skew
    /// correction covers it, and a detector's box on a short word is not more exact than that.
    static let levelSlant = 2 * Double.pi / 180
    /// A line turned more than this (30°) is not a level line photographed at a slant but text set at an
    /// angle or down a spine: it is read as it is.
    static let steepestSlant = 30 * Double.pi / 180
}
