//! A failing case made small before it is saved: members, elements and long
//! strings are taken out of its body for as long as the case still fails,
//! so a fixture shows the few bytes a bug needs. Members keep their order
//! and duplicates, which a decoding rule may depend on.

use super::case::Case;
use super::compare::{self, Verdict};
use super::json_text::{Doc, ID_PLACEHOLDER};
use super::node_driver::NodeDriver;
use std::time::{Duration, Instant};

/// How long one case is shrunk, at most.
const BUDGET: Duration = Duration::from_secs(5);
/// Smaller candidates tried per round (the biggest cuts first).
const PER_ROUND: usize = 200;

/// The failing `case` with the smallest body found that still fails, and its
/// verdict; `case` itself when its body is not JSON `serde_json` reads, or
/// no smaller one fails.
pub fn shrink(driver: &mut NodeDriver, case: Case, verdict: Verdict) -> (Case, Verdict) {
    let quoted = String::from_utf8_lossy(&case.body).replace(ID_PLACEHOLDER, &format!("\"{ID_PLACEHOLDER}\""));
    let Ok(mut doc) = serde_json::from_str::<Doc>(&quoted) else { return (case, verdict) };
    let started = Instant::now();
    let mut best = (case.clone(), verdict);
    // The body as rewritten must fail too, or nothing is shrunk.
    let mut candidates = vec![doc.clone()];
    while started.elapsed() < BUDGET {
        let cases: Vec<Case> = candidates.iter().map(|d| with_body(&case, d)).collect();
        let Ok(reports) = driver.run(&cases, 0) else { break };
        let mut verdicts = cases.iter().zip(&reports).map(|(c, r)| compare::judge(c, r));
        let Some((i, verdict)) = verdicts.by_ref().enumerate().find(|(_, v)| v.fails()) else { break };
        doc = candidates.swap_remove(i);
        best = (cases[i].clone(), verdict);
        candidates = smaller(&doc);
        candidates.truncate(PER_ROUND);
    }
    best
}

/// `case` answering with `body` (the quoted placeholder an echo again).
fn with_body(case: &Case, body: &Doc) -> Case {
    let text = body.text().replace(&format!("\"{ID_PLACEHOLDER}\""), ID_PLACEHOLDER);
    Case { body: text.into_bytes(), ..case.clone() }
}

/// Every document one cut smaller than `doc`, the biggest cuts first.
fn smaller(doc: &Doc) -> Vec<Doc> {
    let mut cuts: Vec<(usize, Doc)> = Vec::new();
    match doc {
        Doc::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let mut without = items.clone();
                without.remove(i);
                cuts.push((size(item), Doc::Array(without)));
                for cut in smaller(item) {
                    let mut with = items.clone();
                    with[i] = cut;
                    cuts.push((size(item) - size(&with[i]), Doc::Array(with)));
                }
            }
        }
        Doc::Object(members) => {
            for (i, (key, member)) in members.iter().enumerate() {
                let mut without = members.clone();
                without.remove(i);
                cuts.push((key.len() + size(member), Doc::Object(without)));
                for cut in smaller(member) {
                    let mut with = members.clone();
                    with[i].1 = cut;
                    cuts.push((size(member) - size(&with[i].1), Doc::Object(with)));
                }
            }
        }
        Doc::Str(literal) => {
            let text: String = serde_json::from_str(literal).unwrap_or_default();
            let count = text.chars().count();
            if count > 8 {
                let half = Doc::str(&text.chars().take(count / 2).collect::<String>());
                cuts.push((size(doc) - size(&half), half));
            }
        }
        Doc::Literal(_) | Doc::Nested(..) => {}
    }
    cuts.sort_by_key(|(cut, _)| std::cmp::Reverse(*cut));
    cuts.into_iter().map(|(_, d)| d).collect()
}

/// The length of the node's text.
fn size(doc: &Doc) -> usize {
    doc.text().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_are_one_step_smaller_biggest_first_in_member_order() {
        let doc: Doc = serde_json::from_str(r#"{"b":[1,2],"a":"0123456789","b":3}"#).unwrap();
        let cuts: Vec<String> = smaller(&doc).iter().map(Doc::text).collect();
        assert_eq!(cuts[0], r#"{"b":[1,2],"b":3}"#);
        assert!(cuts.contains(&r#"{"b":[2],"a":"0123456789","b":3}"#.to_owned()));
        assert!(cuts.contains(&r#"{"b":[1,2],"a":"01234","b":3}"#.to_owned()));
        assert!(smaller(&Doc::literal("1")).is_empty());
    }
}
