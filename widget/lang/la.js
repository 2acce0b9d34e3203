// The widget's words in (ecclesiastical) Latin. Browsers' Intl has no Latin
// calendar names, so this file brings its own: the liturgical weekdays
// (Dominica, feria secunda…, Sabbatum) and the months in the genitive.
export default {
  saintsHeading: "Sancti diei",
  saintsLoading: "Sancti diei afferuntur…",
  saintsEmpty: "Nihil hoc die in Martyrologio notatur.",
  readingsHeading: "Lectiones Missae",
  readingsLoading: "Lectiones afferuntur…",
  readingsEmpty: "Nullae lectiones huic diei inventae sunt.",
  noEndpoint: "Huic instrumento deest attributum endpoint, id est inscriptio procuratoris paroecialis (proxy).",
  unreachable: "Ad servitium perveniri non potuit. Postea iterum conare, quaeso.",
  refused: "Servitium testimonia huius instrumenti recusavit.",
  notConnected: "Situs huius paroeciae nondum cum servitio coniunctus est.",
  misconfigured: "Hoc instrumentum non recte constitutum est: {message}",
  failed: "Hoc nunc afferri non potuit. Postea iterum conare, quaeso.",
  rateLimited: {
    one: "Nimis multae petitiones hoc momento: iterum conabimur post {seconds} secundam.",
    other: "Nimis multae petitiones hoc momento: iterum conabimur post {seconds} secundas.",
  },
  backAt: "Petitiones hodiernae consumptae sunt: post horam {time} redibimus.",
  calendar: {
    weekdays: ["Dominica", "Feria secunda", "Feria tertia", "Feria quarta", "Feria quinta", "Feria sexta", "Sabbatum"],
    months: ["Ianuarii", "Februarii", "Martii", "Aprilis", "Maii", "Iunii", "Iulii", "Augusti", "Septembris", "Octobris", "Novembris", "Decembris"],
    pattern: "{weekday}, die {day} {month} {year}",
  },
};
