//! SAMPLE DATA — `sample: true`.
//!
//! Short Roman-Martyrology-style entries for some days of the year, written for this simulator
//! (not the text of the Martyrologium Romanum). Days not listed have no data.

/// `(month, day, entries)`, in calendar order.
#[rustfmt::skip]
pub(super) static ENTRIES: &[(u32, u32, &[&str])] = &[
    (1, 1, &[
        "The Octave Day of the Nativity of the Lord and Solemnity of Holy Mary, Mother of God.",
        "At Caesarea in Cappadocia, Saint Basil the Great, bishop and doctor of the Church, is also remembered in many places in these days.",
    ]),
    (1, 6, &[
        "The Solemnity of the Epiphany of the Lord, in which the Magi adore the Child, Christ is baptized in the Jordan, and the water is changed into wine at Cana.",
    ]),
    (1, 28, &[
        "The memorial of Saint Thomas Aquinas, priest of the Order of Preachers and doctor of the Church, who joined holiness of life to a wonderful gift of teaching.",
    ]),
    (2, 2, &[
        "The Feast of the Presentation of the Lord, when the aged Simeon and the prophetess Anna met the Child in the Temple.",
    ]),
    (2, 22, &[
        "The Feast of the Chair of Saint Peter the Apostle, a sign of the mission of unity entrusted to him.",
    ]),
    (3, 17, &[
        "In Ireland, Saint Patrick, bishop, who preached the Gospel to the Irish people and founded many churches.",
    ]),
    (3, 19, &[
        "The Solemnity of Saint Joseph, Spouse of the Blessed Virgin Mary, a just man of the house of David, who cared for the Son of God as a father.",
        "In many places the faithful honour him as patron of the universal Church and of workers.",
    ]),
    (3, 25, &[
        "The Solemnity of the Annunciation of the Lord, when the angel Gabriel greeted the Virgin Mary at Nazareth and the Word was made flesh.",
    ]),
    (4, 29, &[
        "The memorial of Saint Catherine of Siena, virgin and doctor of the Church, who worked tirelessly for the peace and unity of the Church.",
    ]),
    (6, 24, &[
        "The Solemnity of the Nativity of Saint John the Baptist, forerunner of the Lord, who leapt for joy in his mother's womb.",
    ]),
    (6, 29, &[
        "The Solemnity of Saints Peter and Paul, Apostles, who by their preaching and martyrdom in Rome founded the Church there.",
    ]),
    (7, 22, &[
        "The Feast of Saint Mary Magdalene, first witness of the Resurrection, who announced it to the apostles.",
    ]),
    (7, 31, &[
        "The memorial of Saint Ignatius of Loyola, priest, founder of the Society of Jesus, who sought to do all things for the greater glory of God.",
    ]),
    (8, 4, &[
        "The memorial of Saint John Mary Vianney, priest, parish priest of Ars, tireless in preaching and in hearing confessions.",
    ]),
    (8, 15, &[
        "The Solemnity of the Assumption of the Blessed Virgin Mary, taken up body and soul into heavenly glory.",
    ]),
    (8, 28, &[
        "The memorial of Saint Augustine, bishop of Hippo and doctor of the Church, whose restless heart found rest in God.",
    ]),
    (9, 29, &[
        "The Feast of the holy Archangels Michael, Gabriel and Raphael.",
    ]),
    (10, 1, &[
        "The memorial of Saint Thérèse of the Child Jesus, virgin of the Discalced Carmelites and doctor of the Church, who taught the little way of trust and love.",
    ]),
    (10, 4, &[
        "The memorial of Saint Francis of Assisi, who, poor and humble, followed Christ and preached peace to all creatures.",
    ]),
    (11, 1, &[
        "The Solemnity of All Saints, who stand before the throne of God and the Lamb.",
    ]),
    (11, 2, &[
        "The Commemoration of All the Faithful Departed, for whom the Church, their mother, offers prayers and the sacrifice of the Mass.",
    ]),
    (11, 11, &[
        "The memorial of Saint Martin, bishop of Tours, who as a soldier shared his cloak with a poor man and later served his people as a monk and pastor.",
    ]),
    (11, 29, &[
        "At Toulouse, Saint Saturninus, bishop and martyr, remembered for his steadfast preaching of the faith.",
    ]),
    (11, 30, &[
        "The Feast of Saint Andrew, Apostle, brother of Simon Peter, who first followed the Lord after the witness of John the Baptist.",
    ]),
    (12, 6, &[
        "Saint Nicholas, bishop of Myra, remembered for his generosity towards the poor and towards children.",
    ]),
    (12, 8, &[
        "The Solemnity of the Immaculate Conception of the Blessed Virgin Mary, preserved from every stain of original sin from the first moment of her conception.",
    ]),
    (12, 12, &[
        "Our Lady of Guadalupe, who appeared to Saint Juan Diego on the hill of Tepeyac, near Mexico City.",
    ]),
    (12, 25, &[
        "The Solemnity of the Nativity of our Lord Jesus Christ according to the flesh, born of the Virgin Mary in Bethlehem of Judah.",
    ]),
    (12, 26, &[
        "The Feast of Saint Stephen, first martyr, a man full of faith and of the Holy Spirit, who prayed for those who stoned him.",
    ]),
    (12, 28, &[
        "The Feast of the Holy Innocents, the children of Bethlehem put to death by King Herod.",
    ]),
];
