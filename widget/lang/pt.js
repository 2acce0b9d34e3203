// The widget's words in Portuguese (worded to read well in Brazil and in Portugal alike).
export default {
  saintsHeading: "Santos do dia",
  saintsLoading: "Carregando os santos do dia…",
  saintsEmpty: "Nada consta no Martirológio para este dia.",
  readingsHeading: "Leituras da Missa",
  readingsLoading: "Carregando as leituras…",
  readingsEmpty: "Nenhuma leitura foi encontrada para este dia.",
  noEndpoint: "Este widget precisa de um atributo endpoint: o endereço do proxy da paróquia.",
  unreachable: "O serviço não está disponível. Tente novamente mais tarde.",
  refused: "O serviço recusou as credenciais deste widget.",
  notConnected: "O site desta paróquia ainda não está ligado ao serviço.",
  misconfigured: "Este widget está mal configurado: {message}",
  failed: "Não foi possível carregar neste momento. Tente novamente mais tarde.",
  rateLimited: {
    one: "Muitos pedidos neste momento: nova tentativa em {seconds} segundo.",
    other: "Muitos pedidos neste momento: nova tentativa em {seconds} segundos.",
  },
  backAt: "Os pedidos de hoje esgotaram-se: de volta depois das {time}.",
  calendar: null,
};
