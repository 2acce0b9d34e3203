// The widget's words in Polish (the countdown in each of Polish's plural forms).
export default {
  saintsHeading: "Święci dnia",
  saintsLoading: "Wczytywanie świętych dnia…",
  saintsEmpty: "Martyrologium nie podaje nic na ten dzień.",
  readingsHeading: "Czytania mszalne",
  readingsLoading: "Wczytywanie czytań…",
  readingsEmpty: "Nie znaleziono czytań na ten dzień.",
  noEndpoint: "Ten widżet potrzebuje atrybutu endpoint: adresu serwera pośredniczącego (proxy) parafii.",
  unreachable: "Nie udało się połączyć z usługą. Spróbuj ponownie później.",
  refused: "Usługa odrzuciła dane uwierzytelniające tego widżetu.",
  notConnected: "Strona tej parafii nie jest jeszcze połączona z usługą.",
  misconfigured: "Ten widżet jest źle skonfigurowany: {message}",
  failed: "Nie udało się teraz tego wczytać. Spróbuj ponownie później.",
  rateLimited: {
    one: "Zbyt wiele zapytań naraz: ponowna próba za {seconds} sekundę.",
    few: "Zbyt wiele zapytań naraz: ponowna próba za {seconds} sekundy.",
    many: "Zbyt wiele zapytań naraz: ponowna próba za {seconds} sekund.",
    other: "Zbyt wiele zapytań naraz: ponowna próba za {seconds} sekundy.",
  },
  backAt: "Dzisiejsze zapytania się wyczerpały: ponownie po {time}.",
  calendar: null,
};
