//! What the checks read from the docs' Markdown, parsed by `pulldown-cmark`
//! (CommonMark with GitHub's tables): the fenced code blocks, the link
//! targets, the headings' text and the tables' cells.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The events of `markdown`, GitHub-flavoured tables on.
fn events(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
}

/// The contents of the fenced code blocks whose info string's language is `language`, in order.
pub fn fenced_blocks(markdown: &str, language: &str) -> Vec<String> {
    every_fenced_block(markdown).into_iter().filter(|(lang, _)| lang == language).map(|(_, text)| text).collect()
}

/// Every fenced code block, in order: its info string's language (empty when
/// it has none) and its contents.
pub fn every_fenced_block(markdown: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(String, String)> = None;
    for event in events(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                current = Some((info.split_whitespace().next().unwrap_or_default().to_owned(), String::new()));
            }
            Event::Text(text) => {
                if let Some((_, block)) = &mut current {
                    block.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(current.take()),
            _ => {}
        }
    }
    blocks
}

/// The destinations of the links and images of `markdown` (inline, reference
/// and autolinks; none inside code), as written (for doc_links.rs, a test).
#[cfg(test)]
pub fn link_targets(markdown: &str) -> Vec<String> {
    events(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => Some(dest_url.into_string()),
            _ => None,
        })
        .collect()
}

/// The text of each heading of `markdown` (code spans' text included, markup dropped), in order.
#[cfg(test)]
pub fn headings(markdown: &str) -> Vec<String> {
    let mut headings = Vec::new();
    let mut current: Option<String> = None;
    for event in events(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => current = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = &mut current {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => headings.extend(current.take()),
            _ => {}
        }
    }
    headings
}

/// One cell of a table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Its text, code spans' text included, markup dropped.
    pub text: String,
    /// The text of each of its code spans.
    pub code: Vec<String>,
}

/// One table: its header's cells and its body's rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The header row.
    pub header: Vec<Cell>,
    /// The body rows.
    pub rows: Vec<Vec<Cell>>,
}

/// The tables of `markdown`, in order.
pub fn tables(markdown: &str) -> Vec<Table> {
    let mut tables = Vec::new();
    let mut table: Option<Table> = None;
    let mut row: Vec<Cell> = Vec::new();
    let mut cell: Option<Cell> = None;
    for event in events(markdown) {
        match event {
            Event::Start(Tag::Table(_)) => table = Some(Table::default()),
            Event::Start(Tag::TableCell) => cell = Some(Cell::default()),
            Event::Text(text) => {
                if let Some(cell) = &mut cell {
                    cell.text.push_str(&text);
                }
            }
            Event::Code(code) => {
                if let Some(cell) = &mut cell {
                    cell.text.push_str(&code);
                    cell.code.push(code.into_string());
                }
            }
            Event::End(TagEnd::TableCell) => row.extend(cell.take()),
            Event::End(TagEnd::TableHead) => {
                if let Some(table) = &mut table {
                    table.header = std::mem::take(&mut row);
                }
            }
            Event::End(TagEnd::TableRow) => {
                if let Some(table) = &mut table {
                    table.rows.push(std::mem::take(&mut row));
                }
            }
            Event::End(TagEnd::Table) => tables.extend(table.take()),
            _ => {}
        }
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::{Cell, fenced_blocks, headings, link_targets, tables};

    #[test]
    fn finds_only_the_language_s_fenced_blocks() {
        let md = "text\n```js\nconsole.log(1);\n```\n```sh\nls\n```\n```js\na;\nb;\n```\n    indented, not fenced\n";
        assert_eq!(fenced_blocks(md, "js"), ["console.log(1);\n", "a;\nb;\n"]);
    }

    #[test]
    fn finds_links_outside_code() {
        let md = "See [a](docs/a.md) and [`B`](#b-c), ![i](img.png).\n```sh\n[x](not-a-link)\n```\n\
                  `[y](code)` [z](https://x.example) [r][ref]\n\n[ref]: docs/r.md\n";
        assert_eq!(link_targets(md), ["docs/a.md", "#b-c", "img.png", "https://x.example", "docs/r.md"]);
    }

    #[test]
    fn headings_keep_code_text_and_skip_code_blocks() {
        let md = "# Title\n## Many agents: `A2AClient`\n```sh\n# not a heading\n```\nSetext\n---\n";
        assert_eq!(headings(md), ["Title", "Many agents: A2AClient", "Setext"]);
    }

    #[test]
    fn reads_cells_with_escaped_pipes_in_code() {
        let md = "| option | meaning |\n|---|---|\n| `token` | `() => string \\| Promise<string>` |\n";
        let cell =
            |text: &str, code: &[&str]| Cell { text: text.into(), code: code.iter().map(|c| c.to_string()).collect() };
        let found = tables(md);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].header, [cell("option", &[]), cell("meaning", &[])]);
        assert_eq!(
            found[0].rows,
            [vec![
                cell("token", &["token"]),
                cell("() => string | Promise<string>", &["() => string | Promise<string>"])
            ]]
        );
    }
}
