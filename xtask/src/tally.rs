//! What a suite came to: how many of its tests passed and failed.

use crate::shell::Result;

/// The counts of one suite (or of one part of it).
#[derive(Debug, Default, PartialEq)]
pub struct Tally {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed (a suite that could not run counts one).
    pub failed: usize,
}

impl Tally {
    /// A suite that could not run at all: one failure, and why on stderr.
    pub fn broken(why: &str) -> Tally {
        eprintln!("  suite error: {why}");
        Tally { passed: 0, failed: 1 }
    }

    /// Counts `result` as the test `name`, printing `ok - name` or `FAILED - name: why`.
    pub fn check(&mut self, name: &str, result: Result<()>) {
        match result {
            Ok(()) => {
                println!("ok - {name}");
                self.passed += 1;
            }
            Err(why) => {
                println!("FAILED - {name}: {why}");
                self.failed += 1;
            }
        }
    }

    /// Prints the closing line `N passed, N failed`; fails when any test failed.
    pub fn conclude(&self) -> Result<()> {
        println!("{} passed, {} failed", self.passed, self.failed);
        if self.failed == 0 { Ok(()) } else { Err(format!("{} failed", self.failed)) }
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn checks_count_as_passed_or_failed() {
        let mut tally = Tally::default();
        tally.check("one", Ok(()));
        tally.check("two", Err("no".into()));
        tally.check("three", Ok(()));
        assert_eq!(tally, Tally { passed: 2, failed: 1 });
        assert_eq!(Tally::broken("could not start"), Tally { passed: 0, failed: 1 });
        assert_eq!(tally.conclude(), Err("1 failed".into()));
        assert_eq!(Tally { passed: 3, failed: 0 }.conclude(), Ok(()));
    }
}
