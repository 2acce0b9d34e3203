// The widget's words in Tagalog (Filipino: a page's `lang="fil"` speaks it too).
export default {
  saintsHeading: "Mga Santo ng Araw",
  saintsLoading: "Kinukuha ang mga santo ng araw…",
  saintsEmpty: "Walang nakatala sa Martirolohiyo para sa araw na ito.",
  readingsHeading: "Mga Pagbasa sa Misa",
  readingsLoading: "Kinukuha ang mga pagbasa…",
  readingsEmpty: "Walang nahanap na pagbasa para sa araw na ito.",
  noEndpoint: "Kailangan ng widget na ito ng attribute na endpoint: ang address ng proxy ng parokya.",
  unreachable: "Hindi maabot ang serbisyo. Pakisubukang muli mamaya.",
  refused: "Tinanggihan ng serbisyo ang mga kredensyal ng widget na ito.",
  notConnected: "Hindi pa nakakonekta sa serbisyo ang site ng parokyang ito.",
  misconfigured: "Mali ang pagkaka-configure ng widget na ito: {message}",
  failed: "Hindi ito ma-load sa ngayon. Pakisubukang muli mamaya.",
  rateLimited: {
    one: "Masyadong maraming kahilingan sa ngayon: susubukang muli pagkalipas ng {seconds} segundo.",
    other: "Masyadong maraming kahilingan sa ngayon: susubukang muli pagkalipas ng {seconds} segundo.",
  },
  backAt: "Naubos na ang mga tanong ngayong araw: babalik pagkatapos ng {time}.",
  calendar: null,
};
