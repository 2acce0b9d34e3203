//! The HTML of the authorization endpoint: the consent page (Allow / Deny)
//! and the page for a request that cannot be sent back to its client. Text
//! from a client (its name) is escaped; the pages run no script.

use http::StatusCode;
use http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, HeaderName, HeaderValue, REFERRER_POLICY};

use super::paths::AUTHORIZE_PATH;
use crate::http::{HttpResponse, bytes_response};

const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f4ef;color:#222}\
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #ddd;border-radius:8px}\
h1{font-size:1.25rem;margin-top:0}.note{color:#666;font-size:.875rem}\
form{display:flex;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;\
border:1px solid #888;background:#fff;cursor:pointer}button[value=allow]{background:#7a1f1f;border-color:#7a1f1f;color:#fff}";

/// The consent page for held request `request` of client `client_name`,
/// which would send the user back to `redirect_uri`.
pub(crate) fn consent(
    request: &str,
    client_name: Option<&str>,
    redirect_uri: &str,
    scope: Option<&str>,
) -> HttpResponse {
    let client =
        client_name.map_or_else(|| "An application".to_owned(), |name| format!("<strong>{}</strong>", escape(name)));
    let scope = scope.map(|scope| format!("<p>Scope: <code>{}</code></p>", escape(scope))).unwrap_or_default();
    let body = format!(
        "<p>{client} asks to use the Magisterium AI A2A service on your behalf.</p>{scope}\
         <p class=\"note\">You will be sent back to <code>{}</code>.</p>\
         <p class=\"note\">This is the local simulator: no account, no password; its answers are sample data.</p>\
         <form method=\"post\" action=\"{AUTHORIZE_PATH}\">\
         <input type=\"hidden\" name=\"request\" value=\"{}\">\
         <button type=\"submit\" name=\"decision\" value=\"allow\">Allow</button>\
         <button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button></form>",
        escape(redirect_uri),
        escape(request),
    );
    page(StatusCode::OK, "Sign in to Magisterium AI (simulator)", &body)
}

/// The page for a request whose client or redirect URI is not valid: it is
/// not sent back anywhere (RFC 6749 §4.1.2.1).
pub(crate) fn refusal(reason: &str) -> HttpResponse {
    let body = format!("<p>This sign-in request cannot be completed: {}.</p>", escape(reason));
    page(StatusCode::BAD_REQUEST, "Sign-in request refused", &body)
}

fn page(status: StatusCode, title: &str, body: &str) -> HttpResponse {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>{STYLE}</style></head><body><main><h1>{title}</h1>{body}</main></body></html>"
    );
    let mut response = bytes_response(status, HeaderValue::from_static("text/html; charset=utf-8"), html);
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    // No script, no framing (a consent page in a frame could be clicked through).
    headers.insert(
        CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"),
    );
    headers.insert(HeaderName::from_static("x-frame-options"), HeaderValue::from_static("DENY"));
    response
}

/// `text` safe inside HTML text and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn client_text_is_escaped() {
        assert_eq!(
            escape(r#"<script>"x" & 'y'</script>"#),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
        );
    }
}
