// The widget's words in French (a no-break space before « : », as French typography wants).
export default {
  saintsHeading: "Saints du jour",
  saintsLoading: "Chargement des saints du jour…",
  saintsEmpty: "Le Martyrologe ne mentionne rien pour ce jour.",
  readingsHeading: "Lectures de la messe",
  readingsLoading: "Chargement des lectures…",
  readingsEmpty: "Aucune lecture n'a été trouvée pour ce jour.",
  noEndpoint: "Ce widget a besoin d'un attribut endpoint\u00a0: l'adresse du proxy de la paroisse.",
  unreachable: "Le service est injoignable. Veuillez réessayer plus tard.",
  refused: "Le service a refusé les identifiants de ce widget.",
  notConnected: "Le site de cette paroisse n'est pas encore relié au service.",
  misconfigured: "Ce widget est mal configuré\u00a0: {message}",
  failed: "Le chargement a échoué pour l'instant. Veuillez réessayer plus tard.",
  rateLimited: {
    one: "Trop de demandes en ce moment\u00a0: nouvel essai dans {seconds}\u00a0seconde.",
    other: "Trop de demandes en ce moment\u00a0: nouvel essai dans {seconds}\u00a0secondes.",
  },
  backAt: "Les demandes du jour sont épuisées : de retour après {time}.",
  calendar: null,
};
