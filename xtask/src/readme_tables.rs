//! What the README's API tables document: the client's options, its methods
//! with the option keys they show, the fields of their results, the error
//! codes, and the TypeScript types they name, for the check that each is
//! declared (a type: exported) and used (package_checks.rs).

use crate::markdown;

/// What a name in the tables is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiKind {
    /// An option or argument key (`timeoutMs`, `contextId`, `parts`).
    Option,
    /// A method (`ask`).
    Method,
    /// A field of a result (`relatedQuestions`).
    Field,
    /// A `MagisteriumError` code (`RATE_LIMITED`).
    Code,
    /// A type the package exports (`QaAnswer`, `Citation[]`, `{ … }: AskOptions`).
    Type,
}

/// One documented name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Documented {
    /// What it is.
    pub kind: ApiKind,
    /// As written.
    pub name: String,
}

/// Every name of the README's tables whose header starts `option`,
/// `method` or `code`, in order, each once per kind: by the column, and in any
/// column the types a code span names.
pub fn documented(readme: &str) -> Vec<Documented> {
    let mut found: Vec<Documented> = Vec::new();
    for table in markdown::tables(readme) {
        let columns: Vec<&str> = table.header.iter().map(|cell| cell.text.trim()).collect();
        let Some(&kind) = columns.first().filter(|kind| ["option", "method", "code"].contains(kind)) else { continue };
        for row in &table.rows {
            for (column, cell) in columns.iter().zip(row) {
                for span in &cell.code {
                    let types = type_names(span)
                        .into_iter()
                        .map(|name| Documented { kind: ApiKind::Type, name: name.to_owned() });
                    for item in names(kind, column, span).into_iter().chain(types) {
                        if !found.contains(&item) {
                            found.push(item);
                        }
                    }
                }
            }
        }
    }
    found
}

/// The names one code span of a cell documents, by the table and column.
fn names(table: &str, column: &str, span: &str) -> Vec<Documented> {
    let item = |kind, name: &str| Documented { kind, name: name.to_owned() };
    match (table, column) {
        ("option", "option") if is_identifier(span) => vec![item(ApiKind::Option, span)],
        // `ask(question, { contextId })`: the method, and the keys of its options.
        ("method", "method") => {
            let method = span.split('(').next().unwrap_or_default();
            let mut items: Vec<Documented> =
                is_identifier(method).then(|| item(ApiKind::Method, method)).into_iter().collect();
            items.extend(braced_keys(span).into_iter().map(|key| item(ApiKind::Option, key)));
            items
        }
        // `{ text, citations: Citation[], … }`: the fields of the result.
        ("method", "resolves with") => braced_keys(span).into_iter().map(|key| item(ApiKind::Field, key)).collect(),
        ("code", "code") if is_code(span) => vec![item(ApiKind::Code, span)],
        _ => Vec::new(),
    }
}

/// The keys of the first `{ … }` in `span`: `{ a, b: T[], c }` → a, b, c.
fn braced_keys(span: &str) -> Vec<&str> {
    let Some((_, rest)) = span.split_once('{') else { return Vec::new() };
    let inside = rest.split('}').next().unwrap_or_default();
    inside
        .split(',')
        .map(|entry| entry.split([':', '?']).next().unwrap_or_default().trim())
        .filter(|key| is_identifier(key))
        .collect()
}

/// The types `span` names: all of it (`QaAnswer`, `Citation[]`), or what
/// follows each `: ` (`{ text }: AskOptions`, `citations: Citation[]`). A type's
/// name starts with a capital and holds a small letter (`TIMEOUT` is a code).
fn type_names(span: &str) -> Vec<&str> {
    if let Some((whole, "" | "[]")) = leading_type(span) {
        return vec![whole];
    }
    span.split(": ").skip(1).filter_map(|after| leading_type(after).map(|(name, _)| name)).collect()
}

/// The type name `text` starts with, and the rest of `text`.
fn leading_type(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    let (name, rest) = text.split_at(end);
    let is_type = name.starts_with(|c: char| c.is_ascii_uppercase()) && name.contains(|c: char| c.is_ascii_lowercase());
    is_type.then_some((name, rest))
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_code(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_uppercase() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::{ApiKind, Documented, documented};

    fn item(kind: ApiKind, name: &str) -> Documented {
        Documented { kind, name: name.to_owned() }
    }

    #[test]
    fn reads_options_methods_fields_and_codes() {
        let readme = "\
# Title

| option | meaning |
|---|---|
| `token` | Bearer token. |
| `tokenProvider` | `() => string \\| Promise<string>`, called first. |

Some text with `notAnOption`.

| method | skill | resolves with |
|---|---|---|
| `ask(question, { contextId }: AskOptions)` | `catholic_qa` | `QaAnswer`: `{ text, citations: Citation[], taskId }` |
| `searchDocuments(query)` | `document_search` | `SearchResult[]`: `{ id, url }[]` |
| `getTask(id)`, `cancelTask(id)` | — | the A2A `Task` |
| `waitForTask(id, { pollIntervalMs, timeoutMs, signal })` | — | the `Task` |

| code | when |
|---|---|
| `PARSE_ERROR`, `INVALID_REQUEST` | JSON-RPC -32700, `-32600`, from `A2AClient`, not `URL` |
| `TASK_NOT_FOUND` | unknown |

| code | `\"magisterium\"` | `\"a2a\"` |
|---|---|---|
| -32002 | `SKILL_NOT_FOUND` | `TASK_NOT_CANCELABLE` |

| attribute | meaning |
|---|---|
| `endpoint` | required |
";
        let expected = [
            item(ApiKind::Option, "token"),
            item(ApiKind::Option, "tokenProvider"),
            item(ApiKind::Method, "ask"),
            item(ApiKind::Option, "contextId"),
            item(ApiKind::Type, "AskOptions"),
            item(ApiKind::Type, "QaAnswer"),
            item(ApiKind::Field, "text"),
            item(ApiKind::Field, "citations"),
            item(ApiKind::Field, "taskId"),
            item(ApiKind::Type, "Citation"),
            item(ApiKind::Method, "searchDocuments"),
            item(ApiKind::Type, "SearchResult"),
            item(ApiKind::Field, "id"),
            item(ApiKind::Field, "url"),
            item(ApiKind::Method, "getTask"),
            item(ApiKind::Method, "cancelTask"),
            item(ApiKind::Type, "Task"),
            item(ApiKind::Method, "waitForTask"),
            item(ApiKind::Option, "pollIntervalMs"),
            item(ApiKind::Option, "timeoutMs"),
            item(ApiKind::Option, "signal"),
            item(ApiKind::Code, "PARSE_ERROR"),
            item(ApiKind::Code, "INVALID_REQUEST"),
            item(ApiKind::Type, "A2AClient"),
            item(ApiKind::Code, "TASK_NOT_FOUND"),
        ];
        assert_eq!(documented(readme), expected);
    }

    #[test]
    fn the_project_readme_documents_the_new_options() {
        let readme = std::fs::read_to_string(crate::shell::root().join("README.md")).unwrap();
        let found = documented(&readme);
        for expected in [
            item(ApiKind::Option, "rateLimit"),
            item(ApiKind::Option, "maxResponseBytes"),
            item(ApiKind::Method, "saintsOfTheDay"),
            item(ApiKind::Field, "relatedQuestions"),
            item(ApiKind::Code, "INVALID_INPUT"),
            item(ApiKind::Type, "QaAnswer"),
            item(ApiKind::Type, "SearchResult"),
        ] {
            assert!(found.contains(&expected), "{expected:?} not read from README.md");
        }
    }
}
