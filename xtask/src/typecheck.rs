//! The TypeScript check: `tests/types/consumer.ts` uses every public API of
//! the installed package and must pass `tsc --noEmit --strict`.

use crate::shell::{capture, npm_bin, root};
use crate::test::Outcome;

/// Runs `tsc -p tests/types`; each reported error counts as a failure.
pub fn run() -> Outcome {
    let output = match capture(npm_bin("tsc").arg("-p").arg(root().join("tests/types/tsconfig.json"))) {
        Ok(output) => output,
        Err(e) => return Outcome::broken(&e),
    };
    let report = String::from_utf8_lossy(&output.stdout);
    print!("{report}");
    let errors = report.lines().filter(|l| l.contains("error TS")).count();
    match (output.status.success(), errors) {
        (true, _) => {
            println!("ok - tests/types/consumer.ts passes tsc --strict");
            Outcome { passed: 1, failed: 0 }
        }
        (false, 0) => Outcome::broken("tsc failed without reporting an error"),
        (false, n) => Outcome { passed: 0, failed: n },
    }
}
