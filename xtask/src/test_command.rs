//! Running a test runner's command and counting what it reports: `cargo
//! test` by its `test result:` lines, `node --test` by its closing totals.

use crate::shell::{cargo, tee};
use crate::tally::Tally;
use std::process::Command;

/// `cargo test` with `args`, counted from its `test result:` lines.
pub fn cargo_test(args: &[&str]) -> Tally {
    let mut cmd = cargo();
    cmd.arg("test").args(args);
    cargo_test_tally(&mut cmd)
}

/// Runs a `cargo test` command, counting its `test result:` lines.
pub fn cargo_test_tally(cmd: &mut Command) -> Tally {
    let (success, lines) = match tee(cmd) {
        Ok(run) => run,
        Err(e) => return Tally::broken(&e),
    };
    let tally = cargo_test_results(&lines);
    if !success && tally.failed == 0 {
        return Tally::broken("cargo test failed before reporting results");
    }
    tally
}

/// Runs a `node --test` command, counting its results.
pub fn node_test_tally(cmd: &mut Command) -> Tally {
    let (success, lines) = match tee(cmd) {
        Ok(run) => run,
        Err(e) => return Tally::broken(&e),
    };
    match node_test_results(&lines) {
        Some(tally) if success || tally.failed > 0 => tally,
        _ => Tally::broken("node --test did not report its results"),
    }
}

/// The sum of cargo's `test result: ok. 54 passed; 0 failed; …` lines.
fn cargo_test_results(lines: &[String]) -> Tally {
    let mut tally = Tally::default();
    for line in lines.iter().filter_map(|l| l.strip_prefix("test result: ")) {
        tally.passed += count_before(line, " passed");
        tally.failed += count_before(line, " failed");
    }
    tally
}

/// `node --test`'s closing `ℹ pass N` / `ℹ fail N` (or TAP's `# pass N`) lines.
fn node_test_results(lines: &[String]) -> Option<Tally> {
    let total = |label: &str| {
        lines
            .iter()
            .rev()
            .find_map(|l| l.trim_start_matches(['ℹ', '#', ' ']).strip_prefix(label)?.trim().parse::<usize>().ok())
    };
    Some(Tally { passed: total("pass ")?, failed: total("fail ")? })
}

/// The number just before `label` in `text` (`"54 passed"` → 54).
fn count_before(text: &str, label: &str) -> usize {
    let Some(end) = text.find(label) else { return 0 };
    let digits: String = text[..end].chars().rev().take_while(char::is_ascii_digit).collect();
    digits.chars().rev().collect::<String>().parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{cargo_test_results, node_test_results};
    use crate::tally::Tally;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn cargo_results_add_up_over_every_test_binary() {
        let output = lines(
            "running 3 tests\ntest a ... ok\ntest result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out\n\
             test result: FAILED. 12 passed; 2 failed; 0 ignored\nnot a test result: 99 passed\n",
        );
        assert_eq!(cargo_test_results(&output), Tally { passed: 15, failed: 2 });
    }

    #[test]
    fn node_results_are_its_closing_totals() {
        let spec = lines("✔ a (1ms)\nℹ tests 7\nℹ pass 6\nℹ fail 1\nℹ duration_ms 20\n");
        assert_eq!(node_test_results(&spec), Some(Tally { passed: 6, failed: 1 }));
        let tap = lines("ok 1 - a\n# pass 4\n# fail 0\n");
        assert_eq!(node_test_results(&tap), Some(Tally { passed: 4, failed: 0 }));
        assert_eq!(node_test_results(&lines("ℹ pass 3\n")), None, "no fail line: no result");
    }
}
