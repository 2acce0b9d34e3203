// The widget's words in German.
export default {
  saintsHeading: "Heilige des Tages",
  saintsLoading: "Die Heiligen des Tages werden geladen…",
  saintsEmpty: "Das Martyrologium verzeichnet für diesen Tag nichts.",
  readingsHeading: "Lesungen der Messe",
  readingsLoading: "Die Lesungen werden geladen…",
  readingsEmpty: "Für diesen Tag wurden keine Lesungen gefunden.",
  noEndpoint: "Dieses Widget braucht ein endpoint-Attribut: die Adresse des Proxys der Pfarrei.",
  unreachable: "Der Dienst ist nicht erreichbar. Bitte versuchen Sie es später noch einmal.",
  refused: "Der Dienst hat die Zugangsdaten dieses Widgets abgelehnt.",
  notConnected: "Die Website dieser Pfarrei ist noch nicht mit dem Dienst verbunden.",
  misconfigured: "Dieses Widget ist falsch eingerichtet: {message}",
  failed: "Das konnte gerade nicht geladen werden. Bitte versuchen Sie es später noch einmal.",
  rateLimited: {
    one: "Gerade zu viele Anfragen: neuer Versuch in {seconds} Sekunde.",
    other: "Gerade zu viele Anfragen: neuer Versuch in {seconds} Sekunden.",
  },
  backAt: "Die Anfragen für heute sind aufgebraucht: wieder ab {time}.",
  calendar: null,
};
