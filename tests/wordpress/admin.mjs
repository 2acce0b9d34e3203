// What the wordpress suite does as the site's administrator: logging in, and
// reading a form's hidden fields (its nonce among them) off an admin page.
import assert from "node:assert/strict";
import { ADMIN } from "./site.mjs";

/** A logged-in administrator's cookies on `site`. */
export async function logIn(site) {
  const form = new URLSearchParams({ log: ADMIN.user, pwd: ADMIN.password, "wp-submit": "Log In", testcookie: "1" });
  const response = await fetch(`${site.url}/wp-login.php`, {
    method: "POST",
    body: form,
    headers: { Cookie: "wordpress_test_cookie=WP%20Cookie%20check" },
    redirect: "manual",
  });
  await response.arrayBuffer();
  assert.equal(response.status, 302, "logged in");
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** The hidden fields (a nonce among them) of `html`: a form's, or a page's when its forms' names differ. */
export function hiddenFields(html) {
  const attribute = (tag, name) => new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
  const hidden = [...html.matchAll(/<input[^>]*type=["']hidden["'][^>]*>/g)].map(([tag]) => [attribute(tag, "name"), attribute(tag, "value")]);
  return Object.fromEntries(hidden);
}

/** The form of `html` that posts the hidden field `action` = `action` (admin-post.php's), as HTML. */
export function formWithAction(html, action) {
  return [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map(([form]) => form).find((form) => hiddenFields(form).action === action);
}
