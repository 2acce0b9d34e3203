//! The docs' links resolve: every relative link of `README.md` and
//! `docs/*.md`, and every absolute link into this repository's files (the
//! npm README's, which must work on npmjs.com), names a file or folder that
//! exists and, with a `#fragment`, a heading of that Markdown file.

use crate::markdown::{self, link_targets};
use crate::shell::root;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The anchors GitHub gives the headings of `markdown`: lower case, letters,
/// digits, `-` and `_` kept, spaces made `-`, the rest dropped; a repeated
/// anchor gets `-1`, `-2`, ….
fn heading_anchors(markdown: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    markdown::headings(markdown)
        .iter()
        .map(|title| {
            let slug: String = title
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect();
            let repeats = seen.entry(slug.clone()).or_default();
            let anchor = if *repeats == 0 { slug } else { format!("{slug}-{repeats}") };
            *repeats += 1;
            anchor
        })
        .collect()
}

/// What is wrong with the link `target` of the file `from`, if anything;
/// `repository` is this repository's files' URL prefix (`…/blob/main/`).
fn broken(from: &Path, target: &str, repository: &str) -> Option<String> {
    let (path, fragment) = target.split_once('#').map_or((target, None), |(p, f)| (p, Some(f)));
    let file: PathBuf = if let Some(inside) = path.strip_prefix(repository) {
        root().join(inside)
    } else if path.contains("://") || path.starts_with("mailto:") {
        return None;
    } else if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap_or(Path::new("")).join(path)
    };
    if !file.exists() {
        return Some(format!("{target}: no such file"));
    }
    let fragment = fragment?;
    let text = std::fs::read_to_string(&file).ok()?;
    let is_markdown = file.extension().is_some_and(|e| e == "md");
    (is_markdown && !heading_anchors(&text).iter().any(|a| a == fragment))
        .then(|| format!("{target}: no heading #{fragment}"))
}

#[cfg(test)]
mod tests {
    use super::{broken, heading_anchors, link_targets};
    use crate::shell::root;

    #[test]
    fn anchors_are_github_s() {
        let md = "# Title\n## Many agents: `A2AClient`\n```sh\n# not a heading\n```\n### Test controls (`/_sim/`)\n## Title-x\n## Title\n";
        let anchors = heading_anchors(md);
        assert_eq!(anchors, ["title", "many-agents-a2aclient", "test-controls-_sim", "title-x", "title-1"]);
    }

    #[test]
    fn every_link_of_the_docs_resolves() {
        let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
        let url = manifest.lines().find_map(|l| l.strip_prefix("repository = \"")?.strip_suffix('"'));
        let repository = format!("{}/blob/main/", url.expect("Cargo.toml names the repository"));
        let mut files = vec![root().join("README.md")];
        let docs = std::fs::read_dir(root().join("docs")).expect("docs/");
        files
            .extend(docs.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "md")));
        let mut problems = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).expect("a readable doc");
            for target in link_targets(&text) {
                if let Some(problem) = broken(file, &target, &repository) {
                    problems.push(format!("{}: {problem}", file.display()));
                }
            }
        }
        assert!(problems.is_empty(), "broken links:\n{}", problems.join("\n"));
        assert!(broken(&files[0], "docs/nowhere.md", &repository).is_some(), "a missing file is caught");
        assert!(broken(&files[0], "#no-such-heading", &repository).is_some(), "a missing anchor is caught");
    }
}
