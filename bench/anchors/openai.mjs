// The size row's second anchor: the `openai` client, as an app would bundle it.
export { default as OpenAI } from "openai";
