// The widget's words in Italian.
export default {
  saintsHeading: "Santi del giorno",
  saintsLoading: "Caricamento dei santi del giorno…",
  saintsEmpty: "Il Martirologio non riporta nulla per questo giorno.",
  readingsHeading: "Letture della Messa",
  readingsLoading: "Caricamento delle letture…",
  readingsEmpty: "Nessuna lettura trovata per questo giorno.",
  noEndpoint: "Questo widget ha bisogno dell'attributo endpoint: l'indirizzo del proxy della parrocchia.",
  unreachable: "Impossibile raggiungere il servizio. Riprova più tardi.",
  refused: "Il servizio ha rifiutato le credenziali di questo widget.",
  notConnected: "Il sito di questa parrocchia non è ancora collegato al servizio.",
  misconfigured: "Questo widget non è configurato correttamente: {message}",
  failed: "Impossibile caricare il contenuto in questo momento. Riprova più tardi.",
  rateLimited: {
    one: "Troppe richieste in questo momento: nuovo tentativo tra {seconds} secondo.",
    other: "Troppe richieste in questo momento: nuovo tentativo tra {seconds} secondi.",
  },
  backAt: "Le richieste di oggi sono esaurite: di nuovo dopo le {time}.",
  calendar: null,
};
