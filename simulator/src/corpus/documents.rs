//! SAMPLE DATA — `sample: true`.
//!
//! The simulator's corpus: short documents written for this simulator in plain words. They are
//! not quotations of any magisterial text; titles, authors (all marked `[sample]`), references
//! (`SC n` = "Sample Catechism", `SL n` = "Sample Letter", `SH n` = "Sample Homily") and URLs
//! (example.org) are invented so that clients have realistic shapes to decode.

use super::document::{Document, Paragraph};

const CATECHISM: &str = "[sample] Simulated Catechism Committee";
const LETTERS: &str = "[sample] Sample Pastoral Letters";
const HOMILIES: &str = "[sample] Sample Homilies for the Year";

/// The sample documents; ids are unique five-digit strings.
pub(super) static DOCUMENTS: &[Document] = &[
    Document {
        id: "10001",
        title: "Grace and Justification (sample)",
        author: CATECHISM,
        reference: "SC 1996",
        year: 1994,
        topic: "grace",
        paragraphs: &[
            Paragraph {
                heading: "What grace is",
                text: "Grace is the free and undeserved help that God gives us so that we can respond to his call to become his children. It is a share in the divine life: God does not only forgive, he gives himself. Grace comes first; every good desire to turn towards God is already its fruit.",
            },
            Paragraph {
                heading: "Sanctifying and actual grace",
                text: "Sanctifying grace is a stable gift that heals the soul and makes it holy and pleasing to God; it is first received in Baptism. Actual graces are God's interventions at particular moments, at the beginning of conversion or in the course of sanctification, moving the will to choose the good.",
            },
            Paragraph {
                heading: "Grace and freedom",
                text: "Grace does not compete with human freedom. God's initiative awakens our free response, and our cooperation is itself a gift. Justification, the passage from sin to friendship with God, is the most excellent work of grace, and merit before God only ever follows from his grace.",
            },
        ],
    },
    Document {
        id: "10002",
        title: "The Sacrament of Baptism (sample)",
        author: CATECHISM,
        reference: "SC 1213",
        year: 1994,
        topic: "baptism",
        paragraphs: &[
            Paragraph {
                heading: "The gateway to the sacraments",
                text: "Baptism is the foundation of the whole Christian life and the door to the other sacraments. Through water and the word we are freed from sin, reborn as children of God, made members of Christ and incorporated into the Church.",
            },
            Paragraph {
                heading: "The rite",
                text: "The essential rite of Baptism consists in immersing the candidate in water or pouring water on the head while invoking the Father, the Son and the Holy Spirit. The white garment and the lighted candle show that the newly baptized has put on Christ and is called to walk as a child of the light.",
            },
            Paragraph {
                heading: "Infant baptism",
                text: "Because it is a gift of grace and not a reward, Baptism is given to infants as well as adults. Parents and godparents promise to help the child grow in the faith into which it is baptized.",
            },
        ],
    },
    Document {
        id: "10003",
        title: "The Eucharist, Source and Summit (sample)",
        author: CATECHISM,
        reference: "SC 1324",
        year: 1994,
        topic: "the Eucharist",
        paragraphs: &[
            Paragraph {
                heading: "Source and summit",
                text: "The Eucharist is the source and summit of the Christian life. In it the sacrifice of Christ on the cross is made present, the Church offers herself with her Lord, and the faithful are nourished by his Body and Blood.",
            },
            Paragraph {
                heading: "Real presence",
                text: "The Church believes that by the consecration the bread and wine become the Body and Blood of Christ, a change she calls transubstantiation. Christ is present whole and entire under each of the species, which is why the Eucharist is adored in the tabernacle.",
            },
            Paragraph {
                heading: "Holy Communion",
                text: "Receiving Holy Communion deepens our union with Christ, separates us from sin and builds up the unity of the Church. The faithful prepare by fasting for an hour and by confessing any grave sin beforehand.",
            },
        ],
    },
    Document {
        id: "10004",
        title: "Christian Prayer (sample)",
        author: CATECHISM,
        reference: "SC 2559",
        year: 1994,
        topic: "prayer",
        paragraphs: &[
            Paragraph {
                heading: "What prayer is",
                text: "Prayer is the raising of the mind and heart to God. It is a living relationship of the children of God with their Father, through the Son, in the Holy Spirit; before it is our search for God it is God's thirst for us.",
            },
            Paragraph {
                heading: "Forms of prayer",
                text: "Christian prayer takes the forms of blessing and adoration, petition, intercession, thanksgiving and praise. It is expressed vocally, in meditation on the Scriptures, and in contemplative prayer, a silent gaze of faith fixed on Jesus.",
            },
            Paragraph {
                heading: "The Lord's Prayer",
                text: "The Our Father, taught by Jesus to his disciples, is the summary of the whole Gospel and the model of all prayer. Its seven petitions first turn us towards the glory of the Father and then present our needs to him.",
            },
        ],
    },
    Document {
        id: "10005",
        title: "The Mystery of the Most Holy Trinity (sample)",
        author: CATECHISM,
        reference: "SC 253",
        year: 1994,
        topic: "the Trinity",
        paragraphs: &[
            Paragraph {
                heading: "One God in three Persons",
                text: "The Trinity is the central mystery of Christian faith: one God in three Persons, the Father, the Son and the Holy Spirit. The Persons do not share the divinity among themselves; each of them is God whole and entire.",
            },
            Paragraph {
                heading: "Distinct in their relations",
                text: "The divine Persons are really distinct from one another by their relations of origin: the Father begets, the Son is begotten, and the Holy Spirit proceeds. Because they are one God, they act inseparably in creation, redemption and sanctification.",
            },
        ],
    },
    Document {
        id: "10006",
        title: "Mary, Mother of God and of the Church (sample)",
        author: CATECHISM,
        reference: "SC 963",
        year: 1994,
        topic: "Mary",
        paragraphs: &[
            Paragraph {
                heading: "Mother of God",
                text: "Mary is truly the Mother of God because she is the mother of the eternal Son made man. Preserved from original sin from the first moment of her conception, she remained free of personal sin all her life.",
            },
            Paragraph {
                heading: "Mother of the Church",
                text: "At the foot of the cross Mary was given to the beloved disciple as his mother. The Church honours her as the first of the disciples and as mother in the order of grace, and asks her intercession, above all in the Rosary.",
            },
            Paragraph {
                heading: "The Assumption",
                text: "At the end of her earthly life Mary was taken up body and soul into heavenly glory. Her Assumption is a singular participation in her Son's Resurrection and an anticipation of the resurrection of all Christians.",
            },
        ],
    },
    Document {
        id: "10007",
        title: "The Communion of Saints (sample)",
        author: CATECHISM,
        reference: "SC 946",
        year: 1994,
        topic: "the saints",
        paragraphs: &[
            Paragraph {
                heading: "One family",
                text: "The communion of saints is the Church itself: the pilgrims on earth, the dead who are being purified, and the blessed in heaven form one family. What is good in one member helps the others.",
            },
            Paragraph {
                heading: "Veneration of the saints",
                text: "The Church proposes the saints as models and intercessors. Honouring the saints does not take anything from the worship due to God alone; it praises the work of his grace in them, and their feasts mark the calendar of the year.",
            },
        ],
    },
    Document {
        id: "10008",
        title: "The Resurrection and the Easter Feast (sample)",
        author: HOMILIES,
        reference: "SH 12",
        year: 2001,
        topic: "Easter",
        paragraphs: &[
            Paragraph {
                heading: "He is risen",
                text: "The Resurrection of Jesus is the crowning truth of our faith. The empty tomb and the appearances to the disciples bear witness that the one who was crucified now lives with a glorified body, no longer subject to death.",
            },
            Paragraph {
                heading: "The feast of feasts",
                text: "Easter is the feast of feasts, celebrated on the Sunday after the first full moon of spring, and prolonged for fifty days until Pentecost. Every Sunday is a little Easter on which the Church gathers to celebrate the risen Lord.",
            },
            Paragraph {
                heading: "The Easter Vigil",
                text: "The Easter Vigil begins in darkness with the blessing of the new fire and the Easter candle. The readings recall the history of salvation, and the night is crowned by the Baptism of new Christians and the Eucharist.",
            },
        ],
    },
    Document {
        id: "10009",
        title: "Advent: Waiting for the Lord (sample)",
        author: HOMILIES,
        reference: "SH 1",
        year: 2001,
        topic: "Advent",
        paragraphs: &[
            Paragraph {
                heading: "A season of expectation",
                text: "Advent opens the liturgical year with four Sundays of joyful expectation. It prepares for Christmas, the memory of the first coming of the Son of God, and turns our hearts to his second coming at the end of time.",
            },
            Paragraph {
                heading: "Figures of Advent",
                text: "The prophet Isaiah, John the Baptist and the Virgin Mary accompany the Church in Advent. The Advent wreath with its growing light, and the violet vestments, express vigilance, conversion and hope.",
            },
        ],
    },
    Document {
        id: "10010",
        title: "Lent: Forty Days of Conversion (sample)",
        author: HOMILIES,
        reference: "SH 7",
        year: 2001,
        topic: "Lent",
        paragraphs: &[
            Paragraph {
                heading: "Ashes and forty days",
                text: "Lent begins on Ash Wednesday, when ashes are placed on the forehead with a call to repent and believe in the Gospel. Its forty days recall the forty days Jesus spent fasting in the desert.",
            },
            Paragraph {
                heading: "Prayer, fasting and almsgiving",
                text: "The three traditional practices of Lent are prayer, fasting and almsgiving. They express conversion towards God, towards oneself and towards others, and prepare the Church to celebrate the paschal mystery at Easter.",
            },
            Paragraph {
                heading: "Days of penance",
                text: "Ash Wednesday and Good Friday are days of fasting and abstinence. Fridays of Lent are days of abstinence from meat, kept as a small sign of union with the suffering of Christ.",
            },
        ],
    },
    Document {
        id: "10011",
        title: "Charity, the Greatest of the Virtues (sample)",
        author: CATECHISM,
        reference: "SC 1822",
        year: 1994,
        topic: "charity",
        paragraphs: &[
            Paragraph {
                heading: "Love of God and neighbour",
                text: "Charity is the theological virtue by which we love God above all things for his own sake, and our neighbour as ourselves for the love of God. Jesus made it the new commandment: love one another as I have loved you.",
            },
            Paragraph {
                heading: "The form of the virtues",
                text: "Charity is the greatest of the virtues; it animates and inspires all the others. Its fruits are joy, peace and mercy, and it shows itself in the works of mercy for the body and for the soul.",
            },
        ],
    },
    Document {
        id: "10012",
        title: "Moral Conscience (sample)",
        author: CATECHISM,
        reference: "SC 1776",
        year: 1994,
        topic: "conscience",
        paragraphs: &[
            Paragraph {
                heading: "The voice within",
                text: "Conscience is a judgement of reason by which a person recognizes the moral quality of an act to be done or already done. Deep within, each person discovers a law he did not give himself, calling him to love the good and avoid evil.",
            },
            Paragraph {
                heading: "Forming conscience",
                text: "A well-formed conscience is upright and truthful. Its formation is a lifelong task, guided by the word of God, prayer, the advice of others and the teaching of the Church. A person must always obey the certain judgement of his conscience, and must also take care to inform it.",
            },
        ],
    },
    Document {
        id: "10013",
        title: "The Sacrament of Matrimony (sample)",
        author: CATECHISM,
        reference: "SC 1601",
        year: 1994,
        topic: "marriage",
        paragraphs: &[
            Paragraph {
                heading: "A covenant",
                text: "Marriage is the covenant by which a man and a woman establish a partnership of the whole of life, ordered to the good of the spouses and to the procreation and education of children. Between the baptized Christ raised it to the dignity of a sacrament.",
            },
            Paragraph {
                heading: "Unity and indissolubility",
                text: "The consent the spouses give each other makes the marriage. Their bond is one and indissoluble, and their love is called to be faithful and open to life, a sign of Christ's love for the Church.",
            },
        ],
    },
    Document {
        id: "10014",
        title: "God the Creator (sample)",
        author: CATECHISM,
        reference: "SC 279",
        year: 1994,
        topic: "creation",
        paragraphs: &[
            Paragraph {
                heading: "In the beginning",
                text: "God created the world freely, out of nothing, by his wisdom and love. Creation is the work of the whole Trinity and the first step towards the covenant; the world is good and was made for the glory of God.",
            },
            Paragraph {
                heading: "The human person",
                text: "Man and woman are created in the image of God, with a spiritual soul and a body, and are called to be stewards of creation. Care for creation is part of the vocation given to the human family.",
            },
        ],
    },
    Document {
        id: "10015",
        title: "The Church, People of God (sample)",
        author: LETTERS,
        reference: "SL 1",
        year: 1965,
        topic: "the Church",
        paragraphs: &[
            Paragraph {
                heading: "Mystery and sacrament",
                text: "The Church is in Christ like a sacrament, a sign and instrument of communion with God and of unity among all people. She is the People of God, the Body of Christ and the Temple of the Holy Spirit.",
            },
            Paragraph {
                heading: "One, holy, catholic and apostolic",
                text: "The Church is one, holy, catholic and apostolic. These marks, professed in the Creed, are gifts of Christ and also tasks: the Church is always called to unity, holiness, universality and fidelity to the apostles.",
            },
            Paragraph {
                heading: "The laity",
                text: "All the baptized share in the priestly, prophetic and kingly office of Christ. Lay people seek the kingdom of God by engaging in temporal affairs and ordering them according to the plan of God.",
            },
        ],
    },
    Document {
        id: "10016",
        title: "The Pope and the College of Bishops (sample)",
        author: LETTERS,
        reference: "SL 2",
        year: 1965,
        topic: "the Pope",
        paragraphs: &[
            Paragraph {
                heading: "Successor of Peter",
                text: "The Pope, Bishop of Rome and successor of Saint Peter, is the perpetual and visible source and foundation of the unity of the bishops and of the faithful. Jesus entrusted to Peter the keys of the kingdom and the care of his flock.",
            },
            Paragraph {
                heading: "Collegiality and infallibility",
                text: "The bishops, successors of the apostles, form a college together with the Pope and never without him. When the Pope defines a doctrine of faith or morals for the whole Church ex cathedra, he enjoys the infallibility promised to the Church.",
            },
        ],
    },
    Document {
        id: "10017",
        title: "The Sacrament of Penance and Reconciliation (sample)",
        author: CATECHISM,
        reference: "SC 1422",
        year: 1994,
        topic: "confession",
        paragraphs: &[
            Paragraph {
                heading: "Confession and forgiveness",
                text: "In the sacrament of Penance, also called confession or reconciliation, those who sin after Baptism obtain pardon from the mercy of God and are reconciled with the Church. The priest's absolution is the sign of God's forgiveness.",
            },
            Paragraph {
                heading: "The acts of the penitent",
                text: "The penitent's acts are contrition, the confession of sins to a priest, and satisfaction, the penance that repairs the harm of sin. Each of the faithful should confess grave sins at least once a year, and frequent confession of venial sins is recommended.",
            },
            Paragraph {
                heading: "The seal",
                text: "The priest who hears confessions is bound by the sacramental seal: he may never reveal what a penitent has told him. This absolute secrecy protects the freedom and trust of those who seek God's mercy.",
            },
        ],
    },
    Document {
        id: "10018",
        title: "Confirmation and the Gifts of the Spirit (sample)",
        author: CATECHISM,
        reference: "SC 1285",
        year: 1994,
        topic: "confirmation",
        paragraphs: &[
            Paragraph {
                heading: "Completing Baptism",
                text: "Confirmation completes the grace of Baptism. By the anointing with chrism and the laying on of hands, the confirmed receive the Holy Spirit in fullness, to bear witness to Christ in word and deed.",
            },
            Paragraph {
                heading: "The seven gifts",
                text: "The seven gifts of the Holy Spirit are wisdom, understanding, counsel, fortitude, knowledge, piety and fear of the Lord. They make the faithful docile in following the promptings of the Spirit.",
            },
        ],
    },
    Document {
        id: "10019",
        title: "The Anointing of the Sick (sample)",
        author: CATECHISM,
        reference: "SC 1499",
        year: 1994,
        topic: "the anointing of the sick",
        paragraphs: &[
            Paragraph {
                heading: "Christ the physician",
                text: "By the sacred anointing of the sick and the prayer of the priest, the whole Church commends the sick to the suffering and glorified Lord. The sacrament gives strength, peace and courage, and unites the sick person's suffering to the passion of Christ.",
            },
            Paragraph {
                heading: "Who may receive it",
                text: "Any of the faithful who begins to be in danger because of sickness or old age may receive the anointing, and it may be repeated when the illness worsens. Together with confession and the Eucharist given as viaticum, it prepares for the final passage.",
            },
        ],
    },
    Document {
        id: "10020",
        title: "Holy Orders and the Ministerial Priesthood (sample)",
        author: CATECHISM,
        reference: "SC 1536",
        year: 1994,
        topic: "holy orders",
        paragraphs: &[
            Paragraph {
                heading: "Three degrees",
                text: "Holy Orders is the sacrament through which the mission entrusted by Christ to his apostles continues in the Church. It has three degrees: the episcopate, the presbyterate and the diaconate.",
            },
            Paragraph {
                heading: "In the person of Christ",
                text: "Through ordination the priest acts in the person of Christ the head, above all when he celebrates the Eucharist and forgives sins. The ministerial priesthood serves the common priesthood of all the baptized.",
            },
        ],
    },
    Document {
        id: "10021",
        title: "Sacred Scripture (sample)",
        author: LETTERS,
        reference: "SL 3",
        year: 1965,
        topic: "Scripture",
        paragraphs: &[
            Paragraph {
                heading: "The word of God in human words",
                text: "Sacred Scripture is the speech of God put down in writing under the inspiration of the Holy Spirit. God is its author, and he chose human authors who used their own powers and ways of writing.",
            },
            Paragraph {
                heading: "Reading the Bible",
                text: "To interpret Scripture rightly, one must attend to what the human authors wanted to say, to the unity of the whole Bible, to the living Tradition of the Church and to the harmony of the truths of faith. Ignorance of the Scriptures is ignorance of Christ.",
            },
        ],
    },
    Document {
        id: "10022",
        title: "Tradition and the Deposit of Faith (sample)",
        author: LETTERS,
        reference: "SL 4",
        year: 1965,
        topic: "Tradition",
        paragraphs: &[
            Paragraph {
                heading: "One source, two modes",
                text: "Sacred Tradition and Sacred Scripture flow from the same divine wellspring and form one sacred deposit of the word of God. Tradition hands on the word entrusted by Christ to the apostles, in the teaching, life and worship of the Church.",
            },
            Paragraph {
                heading: "The Magisterium",
                text: "The task of authentically interpreting the word of God has been entrusted to the living teaching office of the Church, the Magisterium, exercised by the bishops in communion with the Pope. The Magisterium is not above the word of God but serves it.",
            },
        ],
    },
    Document {
        id: "10023",
        title: "Faith, Hope and the Theological Virtues (sample)",
        author: CATECHISM,
        reference: "SC 1812",
        year: 1994,
        topic: "faith and hope",
        paragraphs: &[
            Paragraph {
                heading: "Faith",
                text: "Faith is the theological virtue by which we believe in God and all that he has revealed, because he is truth itself. It is a gift of God and a free human act, by which a person entrusts his whole self to God.",
            },
            Paragraph {
                heading: "Hope",
                text: "Hope is the theological virtue by which we desire the kingdom of heaven and eternal life as our happiness, relying on the promises of Christ and the help of the Holy Spirit. It keeps us from discouragement and sustains us in times of trial.",
            },
        ],
    },
    Document {
        id: "10024",
        title: "The Ten Commandments (sample)",
        author: CATECHISM,
        reference: "SC 2052",
        year: 1994,
        topic: "the Ten Commandments",
        paragraphs: &[
            Paragraph {
                heading: "The words of the covenant",
                text: "The Ten Commandments, given to Moses on Mount Sinai, express the covenant between God and his people. The first three concern love of God, the other seven love of neighbour; together they state fundamental duties of the human person.",
            },
            Paragraph {
                heading: "Keeping the Lord's Day",
                text: "The third commandment calls us to keep holy the Lord's Day. For Christians Sunday, the day of the Resurrection, is kept by taking part in Mass and by rest from work that hinders worship, joy and works of mercy.",
            },
        ],
    },
    Document {
        id: "10025",
        title: "The Beatitudes (sample)",
        author: HOMILIES,
        reference: "SH 30",
        year: 2001,
        topic: "the Beatitudes",
        paragraphs: &[
            Paragraph {
                heading: "The heart of Jesus' preaching",
                text: "The Beatitudes, proclaimed in the Sermon on the Mount, are at the heart of Jesus' preaching. Blessed are the poor in spirit, the meek, those who mourn, those who hunger for righteousness, the merciful, the pure in heart, the peacemakers and the persecuted.",
            },
            Paragraph {
                heading: "A call to happiness",
                text: "The Beatitudes respond to the natural desire for happiness that God has placed in every heart. They describe the face of Jesus and the attitudes of his disciples, and they promise the kingdom of heaven.",
            },
        ],
    },
    Document {
        id: "10026",
        title: "Human Dignity and the Social Teaching of the Church (sample)",
        author: LETTERS,
        reference: "SL 5",
        year: 1991,
        topic: "social teaching",
        paragraphs: &[
            Paragraph {
                heading: "The dignity of the person",
                text: "Every human being, created in the image of God, has an inviolable dignity from conception to natural death. Society exists for the person, and the common good is the sum of conditions that allow people to reach their fulfilment.",
            },
            Paragraph {
                heading: "Work, solidarity and the poor",
                text: "Work is for the person and not the person for work; workers have a right to a just wage. Solidarity and subsidiarity guide the life of society, and the Church shows a preferential love for the poor.",
            },
        ],
    },
    Document {
        id: "10027",
        title: "The Last Things (sample)",
        author: CATECHISM,
        reference: "SC 1020",
        year: 1994,
        topic: "the last things",
        paragraphs: &[
            Paragraph {
                heading: "Death and judgement",
                text: "Death is the end of earthly pilgrimage. Each person receives his eternal retribution in a particular judgement at death, and at the end of time Christ will come in glory to judge the living and the dead.",
            },
            Paragraph {
                heading: "Heaven and purgatory",
                text: "Heaven is the perfect life with the Holy Trinity, the fulfilment of the deepest human longings. Those who die in God's grace but still imperfectly purified undergo purgatory, a purification that the prayers of the living can help.",
            },
        ],
    },
    Document {
        id: "10028",
        title: "The Angels (sample)",
        author: CATECHISM,
        reference: "SC 328",
        year: 1994,
        topic: "the angels",
        paragraphs: &[
            Paragraph {
                heading: "Servants and messengers",
                text: "The angels are spiritual, personal and immortal creatures who glorify God without ceasing and serve his saving plan as messengers. Scripture names the archangels Michael, Gabriel and Raphael.",
            },
            Paragraph {
                heading: "Guardian angels",
                text: "From its beginning to death human life is surrounded by the watchful care and intercession of the angels. The Church teaches that each of the faithful has an angel as protector and guide.",
            },
        ],
    },
    Document {
        id: "10029",
        title: "The Incarnation and the Christmas Season (sample)",
        author: HOMILIES,
        reference: "SH 4",
        year: 2001,
        topic: "Christmas",
        paragraphs: &[
            Paragraph {
                heading: "The Word became flesh",
                text: "In the Incarnation the eternal Son of God became man without ceasing to be God. Jesus Christ is true God and true man, one divine Person with two natures, born of the Virgin Mary for our salvation.",
            },
            Paragraph {
                heading: "Christmas",
                text: "At Christmas the Church celebrates the birth of the Saviour in Bethlehem. The Christmas season continues through the Epiphany, when the Magi adore the child, and ends with the feast of the Baptism of the Lord.",
            },
        ],
    },
    Document {
        id: "10030",
        title: "The Holy Spirit and Pentecost (sample)",
        author: HOMILIES,
        reference: "SH 20",
        year: 2001,
        topic: "the Holy Spirit",
        paragraphs: &[
            Paragraph {
                heading: "The Lord, the giver of life",
                text: "The Holy Spirit is the third Person of the Trinity, the Lord and giver of life, who spoke through the prophets. He is the Paraclete promised by Jesus, who teaches the Church and reminds her of all that Christ said.",
            },
            Paragraph {
                heading: "Pentecost",
                text: "Fifty days after Easter, at Pentecost, the Holy Spirit came down upon the apostles gathered with Mary, as tongues of fire. The Church was manifested to the world and the apostles began to proclaim the Gospel in every language.",
            },
        ],
    },
    Document {
        id: "10031",
        title: "The Liturgy and the Order of Mass (sample)",
        author: LETTERS,
        reference: "SL 6",
        year: 1963,
        topic: "the Mass",
        paragraphs: &[
            Paragraph {
                heading: "The work of the people of God",
                text: "The liturgy is the public worship of the Church, the work of Christ the priest and of his Body. Through it Christ continues the work of our redemption, and the faithful are called to full, conscious and active participation.",
            },
            Paragraph {
                heading: "The two tables",
                text: "The Mass has two main parts that form one act of worship: the Liturgy of the Word, with readings from Scripture, the homily and the prayers of the faithful, and the Liturgy of the Eucharist, with the offering of gifts, the Eucharistic Prayer and Communion.",
            },
        ],
    },
    Document {
        id: "10032",
        title: "The Rosary (sample)",
        author: LETTERS,
        reference: "SL 7",
        year: 2002,
        topic: "the Rosary",
        paragraphs: &[
            Paragraph {
                heading: "A Gospel prayer",
                text: "The Rosary is a prayer centred on Christ, in which we contemplate with Mary the mysteries of his life. Each decade joins the Our Father, ten Hail Marys and the Glory Be to the meditation of one mystery.",
            },
            Paragraph {
                heading: "The mysteries",
                text: "The mysteries of the Rosary are grouped as joyful, luminous, sorrowful and glorious. Praying them slowly, a person walks through the Gospel from the Annunciation to the Assumption and Coronation of Mary.",
            },
        ],
    },
    Document {
        id: "10033",
        title: "Mercy and Forgiveness (sample)",
        author: HOMILIES,
        reference: "SH 41",
        year: 2016,
        topic: "mercy",
        paragraphs: &[
            Paragraph {
                heading: "The face of the Father",
                text: "Mercy is the name of God's love when it meets our misery. Jesus reveals it in the parables of the lost sheep, the lost coin and the prodigal son, in which the Father runs to embrace the child who returns.",
            },
            Paragraph {
                heading: "Forgiving others",
                text: "Those who receive mercy are called to show it. In the Our Father we ask to be forgiven as we forgive those who trespass against us; forgiveness does not deny the wrong done, but refuses to let it have the last word.",
            },
        ],
    },
    Document {
        id: "10034",
        title: "Holy Week and the Paschal Triduum (sample)",
        author: HOMILIES,
        reference: "SH 11",
        year: 2001,
        topic: "Holy Week",
        paragraphs: &[
            Paragraph {
                heading: "Palm Sunday",
                text: "Holy Week opens on Palm Sunday with the Lord's entry into Jerusalem, when the faithful carry palms and hear the account of the Passion. The week leads to the three holiest days of the year.",
            },
            Paragraph {
                heading: "The Triduum",
                text: "The Paschal Triduum begins with the Mass of the Lord's Supper on Holy Thursday, continues with the celebration of the Passion on Good Friday, and reaches its summit in the Easter Vigil. It is one celebration of the death and Resurrection of Christ.",
            },
        ],
    },
];
