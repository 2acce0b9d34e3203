// The widget's words in English: the reference every other language file
// follows, key for key (see docs/widget.md, "Adding a language").
export default {
  saintsHeading: "Saints of the day",
  saintsLoading: "Loading the saints of the day…",
  saintsEmpty: "Nothing is listed in the Martyrology for this day.",
  readingsHeading: "Mass readings",
  readingsLoading: "Loading the readings…",
  readingsEmpty: "No readings were found for this day.",
  noEndpoint: "This widget needs an endpoint attribute: the address of the parish's proxy.",
  unreachable: "The service could not be reached. Please try again later.",
  refused: "The service refused this widget's credentials.",
  notConnected: "This parish's site is not connected to the service yet.",
  misconfigured: "This widget is misconfigured: {message}",
  failed: "This could not be loaded just now. Please try again later.",
  rateLimited: {
    one: "Too many requests just now: trying again in {seconds} second.",
    other: "Too many requests just now: trying again in {seconds} seconds.",
  },
  backAt: "Today's questions are used up: back after {time}.",
  calendar: null,
};
