// The widget's words in Spanish.
export default {
  saintsHeading: "Santos del día",
  saintsLoading: "Cargando los santos del día…",
  saintsEmpty: "El Martirologio no recoge nada para este día.",
  readingsHeading: "Lecturas de la misa",
  readingsLoading: "Cargando las lecturas…",
  readingsEmpty: "No se encontraron lecturas para este día.",
  noEndpoint: "Este widget necesita un atributo endpoint: la dirección del proxy de la parroquia.",
  unreachable: "No se pudo acceder al servicio. Inténtelo de nuevo más tarde.",
  refused: "El servicio rechazó las credenciales de este widget.",
  notConnected: "El sitio de esta parroquia aún no está conectado al servicio.",
  misconfigured: "Este widget está mal configurado: {message}",
  failed: "No se ha podido cargar en este momento. Inténtelo de nuevo más tarde.",
  rateLimited: {
    one: "Demasiadas solicitudes en este momento: se volverá a intentar en {seconds} segundo.",
    other: "Demasiadas solicitudes en este momento: se volverá a intentar en {seconds} segundos.",
  },
  backAt: "Las consultas de hoy se han agotado: de nuevo a partir de las {time}.",
  calendar: null,
};
