// The demo page: the request log first (so it sees every call), then one
// module per panel; `data-ready` on <body> once the client can be used.
import { ready } from "./connection.js";
import { watchRequests } from "./log.js";
import "./ask.js";
import "./documents.js";
import "./days.js";
import "./widget-preview.js";

watchRequests(document.querySelector("#log tbody"));
await ready;
document.body.dataset.ready = "true";
