//! SAMPLE DATA — `sample: true`.
//!
//! Short Roman-Martyrology-style entries for every day of the year, written for this simulator
//! (not the text of the Martyrologium Romanum): the saints of the General Roman Calendar and
//! of some local calendars where the day has one, else a line marked "(sample text: no saint is
//! named for this day)". Two days have no data, so the empty answer stays testable:
//! March 20 and June 10 (`EMPTY_DAYS` in the tests below; docs/simulator.md).

/// `(month, day, entries)`, in calendar order (February 29 included).
#[rustfmt::skip]
pub(super) static ENTRIES: &[(u32, u32, &[&str])] = &[
    (1, 1, &[
        "The Octave Day of the Nativity of the Lord and Solemnity of Holy Mary, Mother of God.",
        "At Caesarea in Cappadocia, Saint Basil the Great, bishop and doctor of the Church, is also remembered in many places in these days.",
    ]),
    (1, 2, &[
        "The memorial of Saints Basil the Great and Gregory Nazianzen, bishops and doctors of the Church, friends from their youth, who defended the faith in the divinity of the Son.",
    ]),
    (1, 3, &[
        "The Most Holy Name of Jesus, the name above every other name, at which every knee should bend.",
    ]),
    (1, 4, &[
        "Saint Elizabeth Ann Seton, widow, who founded the Sisters of Charity in the United States and opened schools for the poor.",
    ]),
    (1, 5, &[
        "Saint John Neumann, bishop of Philadelphia, who built many parish schools and served the immigrants of his diocese.",
    ]),
    (1, 6, &[
        "The Solemnity of the Epiphany of the Lord, in which the Magi adore the Child, Christ is baptized in the Jordan, and the water is changed into wine at Cana.",
    ]),
    (1, 7, &[
        "Saint Raymond of Penyafort, priest of the Order of Preachers, learned in the law of the Church and a wise confessor.",
    ]),
    (1, 8, &[
        "In Noricum, Saint Severinus, abbot, who cared for the people of the Danube in a time of invasions.",
    ]),
    (1, 9, &[
        "At Canterbury, Saint Adrian, abbot, who taught the Scriptures and the learning of his day to the English.",
    ]),
    (1, 10, &[
        "At Nyssa in Cappadocia, Saint Gregory, bishop, brother of Saint Basil, who wrote deeply of the mystery of God.",
    ]),
    (1, 11, &[
        "In Palestine, Saint Theodosius the Cenobiarch, who gathered many monks into one community of prayer and service.",
    ]),
    (1, 12, &[
        "At Montreal, Saint Marguerite Bourgeoys, virgin, who founded the Congregation of Notre-Dame and taught the children of New France.",
    ]),
    (1, 13, &[
        "The memorial of Saint Hilary, bishop of Poitiers and doctor of the Church, a steadfast defender of the divinity of Christ.",
    ]),
    (1, 14, &[
        "At Nola in Campania, Saint Felix, priest, who suffered much for the faith and lived in poverty to the end.",
    ]),
    (1, 15, &[
        "At Steyl in the Netherlands, Saint Arnold Janssen, priest, who founded the Society of the Divine Word for the missions.",
    ]),
    (1, 16, &[
        "At Rome, Saint Marcellus I, pope, who suffered much for the Church in a time of persecution.",
    ]),
    (1, 17, &[
        "The memorial of Saint Anthony, abbot, father of monks, who left everything to live in the desert in prayer and penance.",
    ]),
    (1, 18, &[
        "In Hungary, Saint Margaret, virgin of the Order of Preachers, daughter of a king, who chose a life of humble service.",
    ]),
    (1, 19, &[
        "At Worcester, Saint Wulfstan, bishop, a zealous pastor who spoke out against the selling of slaves.",
    ]),
    (1, 20, &[
        "Saint Fabian, pope and martyr, and Saint Sebastian, martyr, both honoured at Rome from the earliest times.",
    ]),
    (1, 21, &[
        "The memorial of Saint Agnes, virgin and martyr at Rome, who while still a girl gave her life for Christ.",
    ]),
    (1, 22, &[
        "Saint Vincent, deacon of Saragossa and martyr at Valencia, who endured cruel torments with unshaken faith.",
    ]),
    (1, 23, &[
        "At Toledo, Saint Ildephonsus, bishop, who wrote with great love of the perpetual virginity of Mary.",
    ]),
    (1, 24, &[
        "The memorial of Saint Francis de Sales, bishop of Geneva and doctor of the Church, gentle guide of souls toward a devout life.",
    ]),
    (1, 25, &[
        "The Feast of the Conversion of Saint Paul the Apostle, when the Lord called him on the road to Damascus.",
    ]),
    (1, 26, &[
        "The memorial of Saints Timothy and Titus, bishops, disciples and companions of the Apostle Paul.",
    ]),
    (1, 27, &[
        "Saint Angela Merici, virgin, who founded the Company of Saint Ursula for the teaching of girls.",
    ]),
    (1, 28, &[
        "The memorial of Saint Thomas Aquinas, priest of the Order of Preachers and doctor of the Church, who joined holiness of life to a wonderful gift of teaching.",
    ]),
    (1, 29, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (1, 30, &[
        "At Rome, Saint Martina, virgin and martyr, honoured from ancient times with a church near the Forum.",
    ]),
    (1, 31, &[
        "The memorial of Saint John Bosco, priest, father and teacher of the young, who founded the Salesian Society.",
    ]),
    (2, 1, &[
        "In Ireland, Saint Brigid, abbess of Kildare, remembered for her hospitality and her care for the poor.",
    ]),
    (2, 2, &[
        "The Feast of the Presentation of the Lord, when the aged Simeon and the prophetess Anna met the Child in the Temple.",
    ]),
    (2, 3, &[
        "Saint Blaise, bishop of Sebaste and martyr; and Saint Ansgar, bishop of Hamburg, apostle of the North.",
    ]),
    (2, 4, &[
        "In England, Saint Gilbert of Sempringham, priest, who founded an order of canons and nuns.",
    ]),
    (2, 5, &[
        "The memorial of Saint Agatha, virgin and martyr at Catania in Sicily, who kept her faith and her purity to the end.",
    ]),
    (2, 6, &[
        "The memorial of Saints Paul Miki and companions, martyrs of Nagasaki, who forgave their persecutors from the cross.",
    ]),
    (2, 7, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (2, 8, &[
        "Saint Jerome Emiliani, who cared for orphans; and Saint Josephine Bakhita, virgin, once a slave, who found freedom in Christ.",
    ]),
    (2, 9, &[
        "At Alexandria, Saint Apollonia, virgin and martyr, who endured torments rather than deny Christ.",
    ]),
    (2, 10, &[
        "The memorial of Saint Scholastica, virgin, sister of Saint Benedict, who consecrated her life to God from childhood.",
    ]),
    (2, 11, &[
        "Our Lady of Lourdes, who appeared to Saint Bernadette at the grotto of Massabielle.",
    ]),
    (2, 12, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (2, 13, &[
        "At Prato in Tuscany, Saint Catherine de' Ricci, virgin of the Order of Preachers, given to prayer on the Passion of the Lord.",
    ]),
    (2, 14, &[
        "The memorial of Saints Cyril, monk, and Methodius, bishop, apostles of the Slavs and patrons of Europe.",
    ]),
    (2, 15, &[
        "At Paray-le-Monial, Saint Claude de la Colombière, priest of the Society of Jesus, who spread devotion to the Sacred Heart.",
    ]),
    (2, 16, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (2, 17, &[
        "The Seven Holy Founders of the Servite Order, who withdrew from Florence to serve the Virgin Mary in prayer and penance.",
    ]),
    (2, 18, &[
        "At Jerusalem, Saint Simeon, bishop and martyr, a kinsman of the Lord according to ancient tradition.",
    ]),
    (2, 19, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (2, 20, &[
        "At Fátima, Saints Francisco and Jacinta Marto, children, who saw the Virgin Mary and offered their sufferings for sinners.",
    ]),
    (2, 21, &[
        "Saint Peter Damian, bishop and doctor of the Church, monk, who worked for the renewal of the clergy.",
    ]),
    (2, 22, &[
        "The Feast of the Chair of Saint Peter the Apostle, a sign of the mission of unity entrusted to him.",
    ]),
    (2, 23, &[
        "The memorial of Saint Polycarp, bishop of Smyrna and martyr, disciple of the Apostle John.",
    ]),
    (2, 24, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (2, 25, &[
        "At Heidenheim, Saint Walburga, abbess, who came from England to help the mission in Germany.",
    ]),
    (2, 26, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (2, 27, &[
        "Saint Gregory of Narek, abbot and doctor of the Church, poet of prayer of the Armenian people.",
    ]),
    (2, 28, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (2, 29, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (3, 1, &[
        "In Wales, Saint David, bishop, who founded monasteries and taught his monks to do the little things well.",
    ]),
    (3, 2, &[
        "At Lichfield, Saint Chad, bishop, a humble pastor who travelled his diocese on foot.",
    ]),
    (3, 3, &[
        "Saint Katharine Drexel, virgin, who gave her inheritance to found schools for Native American and African American children.",
    ]),
    (3, 4, &[
        "Saint Casimir, son of the king of Poland, who lived a life of prayer and charity at court.",
    ]),
    (3, 5, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (3, 6, &[
        "At Ghent, Saint Colette, virgin, who renewed the life of the Poor Clares.",
    ]),
    (3, 7, &[
        "The memorial of Saints Perpetua and Felicity, martyrs at Carthage, a young mother and her servant who died together for Christ.",
    ]),
    (3, 8, &[
        "Saint John of God, religious, who founded the Brothers Hospitallers for the care of the sick.",
    ]),
    (3, 9, &[
        "Saint Frances of Rome, religious, wife and mother, who served the poor of her city.",
    ]),
    (3, 10, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (3, 11, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (3, 12, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (3, 13, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (3, 14, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (3, 15, &[
        "At Paris, Saint Louise de Marillac, widow, who with Saint Vincent de Paul founded the Daughters of Charity.",
    ]),
    (3, 16, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (3, 17, &[
        "In Ireland, Saint Patrick, bishop, who preached the Gospel to the Irish people and founded many churches.",
    ]),
    (3, 18, &[
        "Saint Cyril, bishop of Jerusalem and doctor of the Church, who taught the catechumens the mysteries of the faith.",
    ]),
    (3, 19, &[
        "The Solemnity of Saint Joseph, Spouse of the Blessed Virgin Mary, a just man of the house of David, who cared for the Son of God as a father.",
        "In many places the faithful honour him as patron of the universal Church and of workers.",
    ]),
    (3, 21, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (3, 22, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (3, 23, &[
        "Saint Turibius of Mogrovejo, bishop of Lima, who visited his vast diocese and defended the native peoples.",
    ]),
    (3, 24, &[
        "At San Salvador, Saint Óscar Romero, bishop and martyr, killed while celebrating Mass.",
    ]),
    (3, 25, &[
        "The Solemnity of the Annunciation of the Lord, when the angel Gabriel greeted the Virgin Mary at Nazareth and the Word was made flesh.",
    ]),
    (3, 26, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (3, 27, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (3, 28, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (3, 29, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (3, 30, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (3, 31, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (4, 1, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (4, 2, &[
        "Saint Francis of Paola, hermit, who founded the Order of Minims.",
    ]),
    (4, 3, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (4, 4, &[
        "Saint Isidore, bishop of Seville and doctor of the Church, who gathered the learning of his age.",
    ]),
    (4, 5, &[
        "Saint Vincent Ferrer, priest of the Order of Preachers, who preached penance throughout Europe.",
    ]),
    (4, 6, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (4, 7, &[
        "The memorial of Saint John Baptist de la Salle, priest, who founded the Brothers of the Christian Schools.",
    ]),
    (4, 8, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (4, 9, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (4, 10, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (4, 11, &[
        "The memorial of Saint Stanislaus, bishop of Kraków and martyr.",
    ]),
    (4, 12, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (4, 13, &[
        "Saint Martin I, pope and martyr, who died in exile for defending the faith.",
    ]),
    (4, 14, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (4, 15, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (4, 16, &[
        "At Nevers, Saint Bernadette Soubirous, virgin, to whom the Virgin Mary appeared at Lourdes.",
    ]),
    (4, 17, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (4, 18, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (4, 19, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (4, 20, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (4, 21, &[
        "Saint Anselm, bishop of Canterbury and doctor of the Church, who sought understanding through faith.",
    ]),
    (4, 22, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (4, 23, &[
        "Saint George, martyr, honoured in East and West; and Saint Adalbert, bishop of Prague and martyr.",
    ]),
    (4, 24, &[
        "Saint Fidelis of Sigmaringen, priest of the Capuchins and martyr.",
    ]),
    (4, 25, &[
        "The Feast of Saint Mark, Evangelist, disciple of the Apostle Peter.",
    ]),
    (4, 26, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (4, 27, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (4, 28, &[
        "Saint Peter Chanel, priest and martyr in Oceania; and Saint Louis Grignion de Montfort, priest.",
    ]),
    (4, 29, &[
        "The memorial of Saint Catherine of Siena, virgin and doctor of the Church, who worked tirelessly for the peace and unity of the Church.",
    ]),
    (4, 30, &[
        "Saint Pius V, pope, of the Order of Preachers, who carried out the renewal decreed by the Council of Trent.",
    ]),
    (5, 1, &[
        "Saint Joseph the Worker, who earned his bread by the work of his hands.",
    ]),
    (5, 2, &[
        "The memorial of Saint Athanasius, bishop of Alexandria and doctor of the Church, who suffered exile for the faith of Nicaea.",
    ]),
    (5, 3, &[
        "The Feast of Saints Philip and James, Apostles.",
    ]),
    (5, 4, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (5, 5, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (5, 6, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (5, 7, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (5, 8, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (5, 9, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (5, 10, &[
        "Saint John of Avila, priest and doctor of the Church; and Saint Damien de Veuster, priest, who served the lepers of Molokai.",
    ]),
    (5, 11, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (5, 12, &[
        "Saints Nereus and Achilleus, martyrs; and Saint Pancras, martyr at Rome.",
    ]),
    (5, 13, &[
        "Our Lady of Fátima, who appeared to three shepherd children in Portugal.",
    ]),
    (5, 14, &[
        "The Feast of Saint Matthias, Apostle, chosen to take the place of Judas.",
    ]),
    (5, 15, &[
        "Saint Isidore, farmer of Madrid, who joined prayer to the labour of the fields.",
    ]),
    (5, 16, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (5, 17, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (5, 18, &[
        "Saint John I, pope and martyr, who died in prison at Ravenna.",
    ]),
    (5, 19, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (5, 20, &[
        "Saint Bernardine of Siena, priest of the Friars Minor, who preached the holy name of Jesus.",
    ]),
    (5, 21, &[
        "Saint Christopher Magallanes, priest, and companions, martyrs in Mexico.",
    ]),
    (5, 22, &[
        "Saint Rita of Cascia, religious, wife and widow, who bore great sorrows with patience.",
    ]),
    (5, 23, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (5, 24, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (5, 25, &[
        "Saint Bede the Venerable, priest and doctor of the Church; Saint Gregory VII, pope; and Saint Mary Magdalene de' Pazzi, virgin.",
    ]),
    (5, 26, &[
        "The memorial of Saint Philip Neri, priest, who founded the Oratory and brought joy to the service of God.",
    ]),
    (5, 27, &[
        "Saint Augustine, first bishop of Canterbury, sent by Pope Gregory the Great to the English.",
    ]),
    (5, 28, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (5, 29, &[
        "Saint Paul VI, pope, who brought the Second Vatican Council to its close.",
    ]),
    (5, 30, &[
        "At Rouen, Saint Joan of Arc, virgin, who was burned at the stake.",
    ]),
    (5, 31, &[
        "The Feast of the Visitation of the Blessed Virgin Mary to her kinswoman Elizabeth.",
    ]),
    (6, 1, &[
        "The memorial of Saint Justin, martyr, philosopher, who defended the Christian faith in his writings.",
    ]),
    (6, 2, &[
        "Saints Marcellinus, priest, and Peter, exorcist, martyrs at Rome.",
    ]),
    (6, 3, &[
        "The memorial of Saints Charles Lwanga and companions, martyrs of Uganda.",
    ]),
    (6, 4, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (6, 5, &[
        "The memorial of Saint Boniface, bishop and martyr, apostle of Germany.",
    ]),
    (6, 6, &[
        "Saint Norbert, bishop of Magdeburg, who founded the Premonstratensian canons.",
    ]),
    (6, 7, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (6, 8, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (6, 9, &[
        "Saint Ephrem, deacon and doctor of the Church, who sang the mysteries of the faith in hymns.",
    ]),
    (6, 11, &[
        "The memorial of Saint Barnabas, Apostle, a good man, full of the Holy Spirit and of faith.",
    ]),
    (6, 12, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (6, 13, &[
        "The memorial of Saint Anthony of Padua, priest of the Friars Minor and doctor of the Church.",
    ]),
    (6, 14, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (6, 15, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (6, 16, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (6, 17, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (6, 18, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (6, 19, &[
        "Saint Romuald, abbot, who founded the Camaldolese monks.",
    ]),
    (6, 20, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (6, 21, &[
        "The memorial of Saint Aloysius Gonzaga, religious of the Society of Jesus, who died caring for the sick of the plague.",
    ]),
    (6, 22, &[
        "Saint Paulinus, bishop of Nola; and Saints John Fisher, bishop, and Thomas More, martyrs.",
    ]),
    (6, 23, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (6, 24, &[
        "The Solemnity of the Nativity of Saint John the Baptist, forerunner of the Lord, who leapt for joy in his mother's womb.",
    ]),
    (6, 25, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (6, 26, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (6, 27, &[
        "Saint Cyril, bishop of Alexandria and doctor of the Church, who defended the divine motherhood of Mary.",
    ]),
    (6, 28, &[
        "The memorial of Saint Irenaeus, bishop of Lyons and doctor of the Church.",
    ]),
    (6, 29, &[
        "The Solemnity of Saints Peter and Paul, Apostles, who by their preaching and martyrdom in Rome founded the Church there.",
    ]),
    (6, 30, &[
        "The First Martyrs of the Holy Roman Church, put to death under Nero.",
    ]),
    (7, 1, &[
        "Saint Junípero Serra, priest of the Friars Minor, who founded the missions of California.",
    ]),
    (7, 2, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (7, 3, &[
        "The Feast of Saint Thomas, Apostle, who confessed the risen Lord: My Lord and my God.",
    ]),
    (7, 4, &[
        "Saint Elizabeth of Portugal, queen, a peacemaker in her family and her kingdom.",
    ]),
    (7, 5, &[
        "Saint Anthony Mary Zaccaria, priest, who founded the Barnabites.",
    ]),
    (7, 6, &[
        "Saint Maria Goretti, virgin and martyr, who forgave her murderer before she died.",
    ]),
    (7, 7, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (7, 8, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (7, 9, &[
        "Saint Augustine Zhao Rong, priest, and companions, martyrs in China.",
    ]),
    (7, 10, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (7, 11, &[
        "The memorial of Saint Benedict, abbot, father of monks in the West and patron of Europe.",
    ]),
    (7, 12, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (7, 13, &[
        "Saint Henry, emperor, who supported the reform of the Church.",
    ]),
    (7, 14, &[
        "Saint Camillus de Lellis, priest, who founded an order for the care of the sick; and Saint Kateri Tekakwitha, virgin.",
    ]),
    (7, 15, &[
        "The memorial of Saint Bonaventure, bishop and doctor of the Church, of the Friars Minor.",
    ]),
    (7, 16, &[
        "Our Lady of Mount Carmel.",
    ]),
    (7, 17, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (7, 18, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (7, 19, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (7, 20, &[
        "Saint Apollinaris, bishop of Ravenna and martyr.",
    ]),
    (7, 21, &[
        "Saint Lawrence of Brindisi, priest of the Capuchins and doctor of the Church.",
    ]),
    (7, 22, &[
        "The Feast of Saint Mary Magdalene, first witness of the Resurrection, who announced it to the apostles.",
    ]),
    (7, 23, &[
        "Saint Bridget of Sweden, religious, patroness of Europe.",
    ]),
    (7, 24, &[
        "Saint Sharbel Makhlūf, priest and hermit of Lebanon.",
    ]),
    (7, 25, &[
        "The Feast of Saint James, Apostle, brother of John, the first of the Apostles to die for Christ.",
    ]),
    (7, 26, &[
        "The memorial of Saints Joachim and Anne, parents of the Blessed Virgin Mary.",
    ]),
    (7, 27, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (7, 28, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (7, 29, &[
        "The memorial of Saints Martha, Mary and Lazarus, who welcomed the Lord into their home at Bethany.",
    ]),
    (7, 30, &[
        "Saint Peter Chrysologus, bishop of Ravenna and doctor of the Church.",
    ]),
    (7, 31, &[
        "The memorial of Saint Ignatius of Loyola, priest, founder of the Society of Jesus, who sought to do all things for the greater glory of God.",
    ]),
    (8, 1, &[
        "The memorial of Saint Alphonsus Liguori, bishop and doctor of the Church, who founded the Redemptorists.",
    ]),
    (8, 2, &[
        "Saint Eusebius, bishop of Vercelli; and Saint Peter Julian Eymard, priest, apostle of the Eucharist.",
    ]),
    (8, 3, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (8, 4, &[
        "The memorial of Saint John Mary Vianney, priest, parish priest of Ars, tireless in preaching and in hearing confessions.",
    ]),
    (8, 5, &[
        "The Dedication of the Basilica of Saint Mary Major in Rome.",
    ]),
    (8, 6, &[
        "The Feast of the Transfiguration of the Lord on the mountain, before Peter, James and John.",
    ]),
    (8, 7, &[
        "Saint Sixtus II, pope, and companions, martyrs; and Saint Cajetan, priest.",
    ]),
    (8, 8, &[
        "The memorial of Saint Dominic, priest, who founded the Order of Preachers.",
    ]),
    (8, 9, &[
        "Saint Teresa Benedicta of the Cross, virgin and martyr, who died at Auschwitz.",
    ]),
    (8, 10, &[
        "The Feast of Saint Lawrence, deacon and martyr, who called the poor the treasure of the Church.",
    ]),
    (8, 11, &[
        "The memorial of Saint Clare, virgin, who followed Saint Francis in holy poverty.",
    ]),
    (8, 12, &[
        "Saint Jane Frances de Chantal, religious, who with Saint Francis de Sales founded the Visitation.",
    ]),
    (8, 13, &[
        "Saints Pontian, pope, and Hippolytus, priest, martyrs, reconciled in exile.",
    ]),
    (8, 14, &[
        "The memorial of Saint Maximilian Mary Kolbe, priest and martyr, who gave his life for another prisoner.",
    ]),
    (8, 15, &[
        "The Solemnity of the Assumption of the Blessed Virgin Mary, taken up body and soul into heavenly glory.",
    ]),
    (8, 16, &[
        "Saint Stephen, king of Hungary, who brought his people to the faith.",
    ]),
    (8, 17, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (8, 18, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (8, 19, &[
        "Saint John Eudes, priest, who spread devotion to the Hearts of Jesus and Mary.",
    ]),
    (8, 20, &[
        "The memorial of Saint Bernard, abbot of Clairvaux and doctor of the Church.",
    ]),
    (8, 21, &[
        "The memorial of Saint Pius X, pope, who opened Holy Communion to children.",
    ]),
    (8, 22, &[
        "The Queenship of the Blessed Virgin Mary.",
    ]),
    (8, 23, &[
        "Saint Rose of Lima, virgin, the first saint of the Americas.",
    ]),
    (8, 24, &[
        "The Feast of Saint Bartholomew, Apostle.",
    ]),
    (8, 25, &[
        "Saint Louis, king of France; and Saint Joseph Calasanz, priest, who opened free schools for poor children.",
    ]),
    (8, 26, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (8, 27, &[
        "The memorial of Saint Monica, mother of Saint Augustine, whose tears and prayers won his conversion.",
    ]),
    (8, 28, &[
        "The memorial of Saint Augustine, bishop of Hippo and doctor of the Church, whose restless heart found rest in God.",
    ]),
    (8, 29, &[
        "The Passion of Saint John the Baptist, put to death by Herod for bearing witness to the truth.",
    ]),
    (8, 30, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (8, 31, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (9, 1, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (9, 2, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (9, 3, &[
        "The memorial of Saint Gregory the Great, pope and doctor of the Church.",
    ]),
    (9, 4, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (9, 5, &[
        "Saint Teresa of Calcutta, virgin, who served the poorest of the poor.",
    ]),
    (9, 6, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (9, 7, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (9, 8, &[
        "The Feast of the Nativity of the Blessed Virgin Mary.",
    ]),
    (9, 9, &[
        "Saint Peter Claver, priest of the Society of Jesus, servant of the slaves at Cartagena.",
    ]),
    (9, 10, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (9, 11, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (9, 12, &[
        "The Most Holy Name of Mary.",
    ]),
    (9, 13, &[
        "The memorial of Saint John Chrysostom, bishop of Constantinople and doctor of the Church.",
    ]),
    (9, 14, &[
        "The Feast of the Exaltation of the Holy Cross.",
    ]),
    (9, 15, &[
        "The memorial of Our Lady of Sorrows, who stood by the cross of her Son.",
    ]),
    (9, 16, &[
        "The memorial of Saints Cornelius, pope, and Cyprian, bishop of Carthage, martyrs.",
    ]),
    (9, 17, &[
        "Saint Robert Bellarmine, bishop and doctor of the Church; and Saint Hildegard of Bingen, virgin and doctor of the Church.",
    ]),
    (9, 18, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (9, 19, &[
        "Saint Januarius, bishop of Benevento and martyr, honoured at Naples.",
    ]),
    (9, 20, &[
        "The memorial of Saints Andrew Kim Tae-gon, priest, Paul Chong Ha-sang, and companions, martyrs of Korea.",
    ]),
    (9, 21, &[
        "The Feast of Saint Matthew, Apostle and Evangelist, called from his tax booth.",
    ]),
    (9, 22, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (9, 23, &[
        "The memorial of Saint Pius of Pietrelcina, priest of the Capuchins.",
    ]),
    (9, 24, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (9, 25, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (9, 26, &[
        "Saints Cosmas and Damian, martyrs, physicians who took no payment.",
    ]),
    (9, 27, &[
        "The memorial of Saint Vincent de Paul, priest, father of the poor.",
    ]),
    (9, 28, &[
        "Saint Wenceslaus, martyr; and Saint Lawrence Ruiz and companions, martyrs at Nagasaki.",
    ]),
    (9, 29, &[
        "The Feast of the holy Archangels Michael, Gabriel and Raphael.",
    ]),
    (9, 30, &[
        "The memorial of Saint Jerome, priest and doctor of the Church, translator of the Scriptures.",
    ]),
    (10, 1, &[
        "The memorial of Saint Thérèse of the Child Jesus, virgin of the Discalced Carmelites and doctor of the Church, who taught the little way of trust and love.",
    ]),
    (10, 2, &[
        "The memorial of the Holy Guardian Angels.",
    ]),
    (10, 3, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (10, 4, &[
        "The memorial of Saint Francis of Assisi, who, poor and humble, followed Christ and preached peace to all creatures.",
    ]),
    (10, 5, &[
        "Saint Faustina Kowalska, virgin, messenger of the Divine Mercy.",
    ]),
    (10, 6, &[
        "Saint Bruno, priest, who founded the Carthusians.",
    ]),
    (10, 7, &[
        "The memorial of Our Lady of the Rosary.",
    ]),
    (10, 8, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (10, 9, &[
        "Saint Denis, bishop, and companions, martyrs; Saint John Leonardi, priest; and Saint John Henry Newman, cardinal.",
    ]),
    (10, 10, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (10, 11, &[
        "Saint John XXIII, pope, who opened the Second Vatican Council.",
    ]),
    (10, 12, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (10, 13, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (10, 14, &[
        "Saint Callistus I, pope and martyr.",
    ]),
    (10, 15, &[
        "The memorial of Saint Teresa of Jesus, virgin and doctor of the Church, who renewed the Carmelites.",
    ]),
    (10, 16, &[
        "Saint Hedwig, religious; and Saint Margaret Mary Alacoque, virgin.",
    ]),
    (10, 17, &[
        "The memorial of Saint Ignatius, bishop of Antioch and martyr.",
    ]),
    (10, 18, &[
        "The Feast of Saint Luke, Evangelist.",
    ]),
    (10, 19, &[
        "Saints John de Brébeuf and Isaac Jogues, priests, and companions, martyrs; and Saint Paul of the Cross, priest.",
    ]),
    (10, 20, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (10, 21, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (10, 22, &[
        "Saint John Paul II, pope.",
    ]),
    (10, 23, &[
        "Saint John of Capistrano, priest of the Friars Minor.",
    ]),
    (10, 24, &[
        "Saint Anthony Mary Claret, bishop, who founded the Claretian Missionaries.",
    ]),
    (10, 25, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (10, 26, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (10, 27, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (10, 28, &[
        "The Feast of Saints Simon and Jude, Apostles.",
    ]),
    (10, 29, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (10, 30, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (10, 31, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (11, 1, &[
        "The Solemnity of All Saints, who stand before the throne of God and the Lamb.",
    ]),
    (11, 2, &[
        "The Commemoration of All the Faithful Departed, for whom the Church, their mother, offers prayers and the sacrifice of the Mass.",
    ]),
    (11, 3, &[
        "Saint Martin de Porres, religious of the Order of Preachers, who served the sick and the poor of Lima.",
    ]),
    (11, 4, &[
        "The memorial of Saint Charles Borromeo, bishop of Milan.",
    ]),
    (11, 5, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (11, 6, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (11, 7, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (11, 8, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (11, 9, &[
        "The Feast of the Dedication of the Lateran Basilica.",
    ]),
    (11, 10, &[
        "The memorial of Saint Leo the Great, pope and doctor of the Church.",
    ]),
    (11, 11, &[
        "The memorial of Saint Martin, bishop of Tours, who as a soldier shared his cloak with a poor man and later served his people as a monk and pastor.",
    ]),
    (11, 12, &[
        "The memorial of Saint Josaphat, bishop and martyr, who worked for the unity of the Church.",
    ]),
    (11, 13, &[
        "Saint Frances Xavier Cabrini, virgin, who served the immigrants of the Americas.",
    ]),
    (11, 14, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (11, 15, &[
        "Saint Albert the Great, bishop and doctor of the Church, of the Order of Preachers.",
    ]),
    (11, 16, &[
        "Saint Margaret of Scotland; and Saint Gertrude, virgin.",
    ]),
    (11, 17, &[
        "The memorial of Saint Elizabeth of Hungary, religious, who served the poor and the sick.",
    ]),
    (11, 18, &[
        "The Dedication of the Basilicas of Saints Peter and Paul, Apostles.",
    ]),
    (11, 19, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (11, 20, &[
        "The memory of holy virgins who consecrated themselves wholly to Christ and served the poor (sample text: no saint is named for this day).",
    ]),
    (11, 21, &[
        "The memorial of the Presentation of the Blessed Virgin Mary.",
    ]),
    (11, 22, &[
        "The memorial of Saint Cecilia, virgin and martyr, patroness of music.",
    ]),
    (11, 23, &[
        "Saint Clement I, pope and martyr; and Saint Columban, abbot.",
    ]),
    (11, 24, &[
        "The memorial of Saint Andrew Dung-Lac, priest, and companions, martyrs of Vietnam.",
    ]),
    (11, 25, &[
        "Saint Catherine of Alexandria, virgin and martyr.",
    ]),
    (11, 26, &[
        "The memory of holy monks and hermits who sought God in prayer, silence and work (sample text: no saint is named for this day).",
    ]),
    (11, 27, &[
        "The commemoration of holy missionaries who carried the Gospel to distant peoples (sample text: no saint is named for this day).",
    ]),
    (11, 28, &[
        "The memory of holy married men and women who lived the Gospel in their families and their daily work (sample text: no saint is named for this day).",
    ]),
    (11, 29, &[
        "At Toulouse, Saint Saturninus, bishop and martyr, remembered for his steadfast preaching of the faith.",
    ]),
    (11, 30, &[
        "The Feast of Saint Andrew, Apostle, brother of Simon Peter, who first followed the Lord after the witness of John the Baptist.",
    ]),
    (12, 1, &[
        "Saint Edmund Campion, priest of the Society of Jesus, martyr in London; and Saint Charles de Foucauld, priest, who lived as a little brother among the Tuareg of the Sahara.",
    ]),
    (12, 2, &[
        "At Rome, Saint Bibiana, virgin and martyr, honoured from ancient times with a church on the Esquiline.",
    ]),
    (12, 3, &[
        "The memorial of Saint Francis Xavier, priest of the Society of Jesus, missionary in Asia.",
    ]),
    (12, 4, &[
        "Saint John Damascene, priest and doctor of the Church.",
    ]),
    (12, 5, &[
        "In Palestine, Saint Sabbas, abbot, who founded the Great Laura near Jerusalem.",
    ]),
    (12, 6, &[
        "Saint Nicholas, bishop of Myra, remembered for his generosity towards the poor and towards children.",
    ]),
    (12, 7, &[
        "The memorial of Saint Ambrose, bishop of Milan and doctor of the Church.",
    ]),
    (12, 8, &[
        "The Solemnity of the Immaculate Conception of the Blessed Virgin Mary, preserved from every stain of original sin from the first moment of her conception.",
    ]),
    (12, 9, &[
        "Saint Juan Diego Cuauhtlatoatzin, to whom the Virgin Mary appeared at Tepeyac.",
    ]),
    (12, 10, &[
        "Our Lady of Loreto.",
    ]),
    (12, 11, &[
        "Saint Damasus I, pope.",
    ]),
    (12, 12, &[
        "Our Lady of Guadalupe, who appeared to Saint Juan Diego on the hill of Tepeyac, near Mexico City.",
    ]),
    (12, 13, &[
        "The memorial of Saint Lucy, virgin and martyr at Syracuse.",
    ]),
    (12, 14, &[
        "The memorial of Saint John of the Cross, priest and doctor of the Church.",
    ]),
    (12, 15, &[
        "The commemoration of holy confessors who suffered prison and exile for the faith (sample text: no saint is named for this day).",
    ]),
    (12, 16, &[
        "Saint Adelaide, empress, generous to the poor and to the monasteries of her lands.",
    ]),
    (12, 17, &[
        "The memory of holy priests who spent themselves in preaching, in the sacraments and in care for the sick (sample text: no saint is named for this day).",
    ]),
    (12, 18, &[
        "The commemoration of holy founders who gave the Church new families of prayer and service (sample text: no saint is named for this day).",
    ]),
    (12, 19, &[
        "The memory of holy teachers who handed on the faith to the young and the unlearned (sample text: no saint is named for this day).",
    ]),
    (12, 20, &[
        "The commemoration of holy deacons who served at the altar and at the tables of the poor (sample text: no saint is named for this day).",
    ]),
    (12, 21, &[
        "Saint Peter Canisius, priest and doctor of the Church.",
    ]),
    (12, 22, &[
        "The commemoration of many holy martyrs who, in the age of persecution, confessed Christ to the end (sample text: no saint is named for this day).",
    ]),
    (12, 23, &[
        "Saint John of Kanty, priest.",
    ]),
    (12, 24, &[
        "The commemoration of the holy ancestors of Christ, the patriarchs and just ones who awaited his coming.",
    ]),
    (12, 25, &[
        "The Solemnity of the Nativity of our Lord Jesus Christ according to the flesh, born of the Virgin Mary in Bethlehem of Judah.",
    ]),
    (12, 26, &[
        "The Feast of Saint Stephen, first martyr, a man full of faith and of the Holy Spirit, who prayed for those who stoned him.",
    ]),
    (12, 27, &[
        "The Feast of Saint John, Apostle and Evangelist, the disciple whom Jesus loved.",
    ]),
    (12, 28, &[
        "The Feast of the Holy Innocents, the children of Bethlehem put to death by King Herod.",
    ]),
    (12, 29, &[
        "Saint Thomas Becket, bishop of Canterbury and martyr.",
    ]),
    (12, 30, &[
        "The memory of holy bishops who fed the flock entrusted to them by word and example (sample text: no saint is named for this day).",
    ]),
    (12, 31, &[
        "Saint Sylvester I, pope.",
    ]),
];
