//! SAMPLE DATA — `sample: true`.
//!
//! Reading citations for a few major celebrations (after the Roman lectionary's usual choices
//! for the Mass of the day, as far as a sample goes) and small seasonal pools used for every
//! other day. The pools are NOT the lectionary of the day; the generated text says so.

use crate::calendar::Season;

/// The readings of one Mass.
#[derive(Debug)]
pub(super) struct Readings {
    pub(super) first: &'static str,
    pub(super) psalm: &'static str,
    pub(super) second: Option<&'static str>,
    pub(super) gospel: &'static str,
}

/// When a celebration falls.
#[derive(Debug)]
pub(super) enum Rule {
    /// A fixed month and day.
    Fixed(u32, u32),
    /// Days after (or before, if negative) Easter Sunday.
    Easter(i64),
    /// Days after (or before) the First Sunday of Advent of the same civil year.
    Advent(i64),
}

/// The readings of a celebration: the same every year, or one set per Sunday cycle A, B, C.
#[derive(Debug)]
pub(super) enum Proper {
    Always(Readings),
    ByCycle([Readings; 3]),
}

/// A celebration with proper readings.
#[derive(Debug)]
pub(super) struct Celebration {
    pub(super) name: &'static str,
    pub(super) rule: Rule,
    pub(super) proper: Proper,
}

const fn r(first: &'static str, psalm: &'static str, second: Option<&'static str>, gospel: &'static str) -> Readings {
    Readings { first, psalm, second, gospel }
}

/// Celebrations in order of precedence (the first that matches a date wins).
pub(super) static CELEBRATIONS: &[Celebration] = &[
    Celebration {
        name: "Easter Sunday of the Resurrection of the Lord",
        rule: Rule::Easter(0),
        proper: Proper::Always(r(
            "Acts 10:34a, 37-43",
            "Psalm 118:1-2, 16-17, 22-23",
            Some("Colossians 3:1-4"),
            "John 20:1-9",
        )),
    },
    Celebration {
        name: "Friday of the Passion of the Lord (Good Friday)",
        rule: Rule::Easter(-2),
        proper: Proper::Always(r(
            "Isaiah 52:13–53:12",
            "Psalm 31:2, 6, 12-13, 15-16, 17, 25",
            Some("Hebrews 4:14-16; 5:7-9"),
            "John 18:1–19:42",
        )),
    },
    Celebration {
        name: "Thursday of the Lord's Supper (Holy Thursday)",
        rule: Rule::Easter(-3),
        proper: Proper::Always(r(
            "Exodus 12:1-8, 11-14",
            "Psalm 116:12-13, 15-16bc, 17-18",
            Some("1 Corinthians 11:23-26"),
            "John 13:1-15",
        )),
    },
    Celebration {
        name: "Palm Sunday of the Passion of the Lord",
        rule: Rule::Easter(-7),
        proper: Proper::ByCycle([
            r("Isaiah 50:4-7", "Psalm 22:8-9, 17-18, 19-20, 23-24", Some("Philippians 2:6-11"), "Matthew 26:14–27:66"),
            r("Isaiah 50:4-7", "Psalm 22:8-9, 17-18, 19-20, 23-24", Some("Philippians 2:6-11"), "Mark 14:1–15:47"),
            r("Isaiah 50:4-7", "Psalm 22:8-9, 17-18, 19-20, 23-24", Some("Philippians 2:6-11"), "Luke 22:14–23:56"),
        ]),
    },
    Celebration {
        name: "Ash Wednesday",
        rule: Rule::Easter(-46),
        proper: Proper::Always(r(
            "Joel 2:12-18",
            "Psalm 51:3-4, 5-6ab, 12-13, 14 and 17",
            Some("2 Corinthians 5:20–6:2"),
            "Matthew 6:1-6, 16-18",
        )),
    },
    Celebration {
        name: "The Ascension of the Lord",
        rule: Rule::Easter(39),
        proper: Proper::ByCycle([
            r("Acts 1:1-11", "Psalm 47:2-3, 6-7, 8-9", Some("Ephesians 1:17-23"), "Matthew 28:16-20"),
            r("Acts 1:1-11", "Psalm 47:2-3, 6-7, 8-9", Some("Ephesians 1:17-23"), "Mark 16:15-20"),
            r("Acts 1:1-11", "Psalm 47:2-3, 6-7, 8-9", Some("Ephesians 1:17-23"), "Luke 24:46-53"),
        ]),
    },
    Celebration {
        name: "Pentecost Sunday",
        rule: Rule::Easter(49),
        proper: Proper::Always(r(
            "Acts 2:1-11",
            "Psalm 104:1, 24, 29-30, 31, 34",
            Some("1 Corinthians 12:3b-7, 12-13"),
            "John 20:19-23",
        )),
    },
    Celebration {
        name: "The Most Holy Trinity",
        rule: Rule::Easter(56),
        proper: Proper::ByCycle([
            r("Exodus 34:4b-6, 8-9", "Daniel 3:52, 53, 54, 55, 56", Some("2 Corinthians 13:11-13"), "John 3:16-18"),
            r(
                "Deuteronomy 4:32-34, 39-40",
                "Psalm 33:4-5, 6, 9, 18-19, 20, 22",
                Some("Romans 8:14-17"),
                "Matthew 28:16-20",
            ),
            r("Proverbs 8:22-31", "Psalm 8:4-5, 6-7, 8-9", Some("Romans 5:1-5"), "John 16:12-15"),
        ]),
    },
    Celebration {
        name: "Our Lord Jesus Christ, King of the Universe",
        rule: Rule::Advent(-7),
        proper: Proper::ByCycle([
            r(
                "Ezekiel 34:11-12, 15-17",
                "Psalm 23:1-2, 2-3, 5-6",
                Some("1 Corinthians 15:20-26, 28"),
                "Matthew 25:31-46",
            ),
            r("Daniel 7:13-14", "Psalm 93:1, 1-2, 5", Some("Revelation 1:5-8"), "John 18:33b-37"),
            r("2 Samuel 5:1-3", "Psalm 122:1-2, 3-4, 4-5", Some("Colossians 1:12-20"), "Luke 23:35-43"),
        ]),
    },
    Celebration {
        name: "The Nativity of the Lord (Christmas), Mass during the Day",
        rule: Rule::Fixed(12, 25),
        proper: Proper::Always(r("Isaiah 52:7-10", "Psalm 98:1, 2-3, 3-4, 5-6", Some("Hebrews 1:1-6"), "John 1:1-18")),
    },
    Celebration {
        name: "Solemnity of Mary, the Holy Mother of God",
        rule: Rule::Fixed(1, 1),
        proper: Proper::Always(r("Numbers 6:22-27", "Psalm 67:2-3, 5, 6, 8", Some("Galatians 4:4-7"), "Luke 2:16-21")),
    },
    Celebration {
        name: "The Epiphany of the Lord",
        rule: Rule::Fixed(1, 6),
        proper: Proper::Always(r(
            "Isaiah 60:1-6",
            "Psalm 72:1-2, 7-8, 10-11, 12-13",
            Some("Ephesians 3:2-3a, 5-6"),
            "Matthew 2:1-12",
        )),
    },
    Celebration {
        name: "Saint Joseph, Spouse of the Blessed Virgin Mary",
        rule: Rule::Fixed(3, 19),
        proper: Proper::Always(r(
            "2 Samuel 7:4-5a, 12-14a, 16",
            "Psalm 89:2-3, 4-5, 27 and 29",
            Some("Romans 4:13, 16-18, 22"),
            "Matthew 1:16, 18-21, 24a",
        )),
    },
    Celebration {
        name: "The Annunciation of the Lord",
        rule: Rule::Fixed(3, 25),
        proper: Proper::Always(r(
            "Isaiah 7:10-14; 8:10",
            "Psalm 40:7-8a, 8b-9, 10, 11",
            Some("Hebrews 10:4-10"),
            "Luke 1:26-38",
        )),
    },
    Celebration {
        name: "The Nativity of Saint John the Baptist",
        rule: Rule::Fixed(6, 24),
        proper: Proper::Always(r(
            "Isaiah 49:1-6",
            "Psalm 139:1b-3, 13-14ab, 14c-15",
            Some("Acts 13:22-26"),
            "Luke 1:57-66, 80",
        )),
    },
    Celebration {
        name: "Saints Peter and Paul, Apostles",
        rule: Rule::Fixed(6, 29),
        proper: Proper::Always(r(
            "Acts 12:1-11",
            "Psalm 34:2-3, 4-5, 6-7, 8-9",
            Some("2 Timothy 4:6-8, 17-18"),
            "Matthew 16:13-19",
        )),
    },
    Celebration {
        name: "The Assumption of the Blessed Virgin Mary",
        rule: Rule::Fixed(8, 15),
        proper: Proper::Always(r(
            "Revelation 11:19a; 12:1-6a, 10ab",
            "Psalm 45:10, 11, 12, 16",
            Some("1 Corinthians 15:20-27"),
            "Luke 1:39-56",
        )),
    },
    Celebration {
        name: "The Exaltation of the Holy Cross",
        rule: Rule::Fixed(9, 14),
        proper: Proper::Always(r(
            "Numbers 21:4b-9",
            "Psalm 78:1bc-2, 34-35, 36-37, 38",
            Some("Philippians 2:6-11"),
            "John 3:13-17",
        )),
    },
    Celebration {
        name: "All Saints",
        rule: Rule::Fixed(11, 1),
        proper: Proper::Always(r(
            "Revelation 7:2-4, 9-14",
            "Psalm 24:1bc-2, 3-4ab, 5-6",
            Some("1 John 3:1-3"),
            "Matthew 5:1-12a",
        )),
    },
    Celebration {
        name: "The Commemoration of All the Faithful Departed (All Souls)",
        rule: Rule::Fixed(11, 2),
        proper: Proper::Always(r("Wisdom 3:1-9", "Psalm 23:1-3a, 3b-4, 5, 6", Some("Romans 5:5-11"), "John 6:37-40")),
    },
    Celebration {
        name: "The Immaculate Conception of the Blessed Virgin Mary",
        rule: Rule::Fixed(12, 8),
        proper: Proper::Always(r(
            "Genesis 3:9-15, 20",
            "Psalm 98:1, 2-3ab, 3cd-4",
            Some("Ephesians 1:3-6, 11-12"),
            "Luke 1:26-38",
        )),
    },
];

static ADVENT_POOL: &[Readings] = &[
    r("Isaiah 11:1-10", "Psalm 72:1-2, 7-8, 12-13, 17", None, "Luke 10:21-24"),
    r("Isaiah 40:1-11", "Psalm 96:1-2, 3 and 10ac, 11-12, 13", None, "Matthew 18:12-14"),
    r("Isaiah 35:1-10", "Psalm 85:9ab and 10, 11-12, 13-14", None, "Luke 5:17-26"),
];

static CHRISTMAS_POOL: &[Readings] = &[
    r("1 John 2:22-28", "Psalm 98:1, 2-3ab, 3cd-4", None, "John 1:19-28"),
    r("1 John 3:7-10", "Psalm 98:1, 7-8, 9", None, "John 1:35-42"),
    r("1 John 5:5-13", "Psalm 147:12-13, 14-15, 19-20", None, "Mark 1:7-11"),
];

static LENT_POOL: &[Readings] = &[
    r("Isaiah 58:1-9a", "Psalm 51:3-4, 5-6ab, 18-19", None, "Matthew 9:14-15"),
    r("Jonah 3:1-10", "Psalm 51:3-4, 12-13, 18-19", None, "Luke 11:29-32"),
    r("Ezekiel 18:21-28", "Psalm 130:1-2, 3-4, 5-7a, 7bc-8", None, "Matthew 5:20-26"),
    r("Jeremiah 18:18-20", "Psalm 31:5-6, 14, 15-16", None, "Matthew 20:17-28"),
];

static EASTER_POOL: &[Readings] = &[
    r("Acts 2:14, 22-33", "Psalm 16:1-2a and 5, 7-8, 9-10, 11", None, "Matthew 28:8-15"),
    r("Acts 4:1-12", "Psalm 118:1-2 and 4, 22-24, 25-27a", None, "John 21:1-14"),
    r("Acts 6:8-15", "Psalm 119:23-24, 26-27, 29-30", None, "John 6:22-29"),
    r("Acts 13:44-52", "Psalm 98:1, 2-3ab, 3cd-4", None, "John 14:7-14"),
];

static ORDINARY_POOL: &[Readings] = &[
    r("Hebrews 10:11-18", "Psalm 110:1, 2, 3, 4", None, "Mark 4:1-20"),
    r("1 Samuel 3:1-10, 19-20", "Psalm 40:2 and 5, 7-8a, 8b-9, 10", None, "Mark 1:29-39"),
    r("James 1:1-11", "Psalm 119:67, 68, 71, 72, 75, 76", None, "Mark 8:11-13"),
    r("Amos 7:10-17", "Psalm 19:8, 9, 10, 11", None, "Matthew 9:1-8"),
    r("1 Kings 17:1-6", "Psalm 121:1bc-2, 3-4, 5-6, 7-8", None, "Matthew 5:1-12"),
];

/// Sample readings for days without a proper in this table, by season (picked by day number).
pub(super) fn seasonal_pool(season: Season) -> &'static [Readings] {
    match season {
        Season::Advent => ADVENT_POOL,
        Season::Christmas => CHRISTMAS_POOL,
        Season::Lent | Season::HolyWeek => LENT_POOL,
        Season::Easter => EASTER_POOL,
        Season::OrdinaryTime => ORDINARY_POOL,
    }
}
