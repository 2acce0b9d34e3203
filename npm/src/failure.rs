//! Why a reply from JS has no answer to read: the `failed` code of what
//! `js/transport/exchange.js`, `post` and `js/agent-protocol.js` resolve
//! with. One table of names, `js/transport/failure.js` (constants, which
//! esbuild writes in where they are used, so a name costs JS no byte), and
//! [`Failure`] here, held to it by the tests below: they fail when a code is
//! on one side only or has another value there, and when the JS writes a
//! `failed` code as a number. (A variant missing from [`Failure::ALL`] is
//! never constructed, which clippy refuses.)

/// Why a reply has no answer (its `failed`), as `js/transport/failure.js` names the codes.
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(test, derive(Debug))]
pub enum Failure {
    /// `ANSWERED`: the answer was read (`value` is its parsed JSON, `undefined` when not JSON).
    Answered,
    /// `REQUEST_FAILED`: no response (`value` is what was thrown).
    RequestFailed,
    /// `UNREADABLE`: the response's body could not be read (`value` is what was thrown).
    Unreadable,
    /// `TOO_LARGE`: the body, or one event of a stream, is larger than its bound.
    TooLarge,
    /// `CORE_ERROR`: the lazily loaded core read an error (`value` is its fields by name).
    CoreError,
}

impl Failure {
    /// Every code, each at the index that is its value in JS.
    pub const ALL: [Failure; 5] =
        [Failure::Answered, Failure::RequestFailed, Failure::Unreadable, Failure::TooLarge, Failure::CoreError];

    /// The failure JS's `code` names; `None` for a code it never sends.
    pub fn of(code: u8) -> Option<Failure> {
        Failure::ALL.get(usize::from(code)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::Failure;

    /// `js/transport/failure.js`'s table: each `export const NAME = value;`, in order.
    fn js_table() -> Vec<(String, u8)> {
        include_str!("../js/transport/failure.js")
            .lines()
            .filter_map(|line| line.strip_prefix("export const "))
            .map(|rest| {
                let (name, value) = rest.trim_end_matches(';').split_once(" = ").expect("`NAME = value;`");
                (name.to_string(), value.parse().expect("a code is a whole number"))
            })
            .collect()
    }

    /// A variant's name as JS writes it: `RequestFailed` is `REQUEST_FAILED`.
    fn js_name(failure: Failure) -> String {
        let mut name = String::new();
        for (i, c) in format!("{failure:?}").chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                name.push('_');
            }
            name.push(c.to_ascii_uppercase());
        }
        name
    }

    #[test]
    fn each_code_is_named_alike_with_one_value_on_both_sides() {
        let rust: Vec<(String, u8)> = Failure::ALL.iter().map(|&f| (js_name(f), f as u8)).collect();
        assert_eq!(rust, js_table(), "npm/src/failure.rs and npm/js/transport/failure.js name other codes");
    }

    #[test]
    fn a_code_reads_back_as_its_failure_and_no_other_code_does() {
        for (value, failure) in Failure::ALL.iter().enumerate() {
            assert_eq!(*failure as usize, value);
            assert_eq!(Failure::of(value as u8), Some(*failure));
        }
        assert_eq!(Failure::of(Failure::ALL.len() as u8), None);
        assert_eq!(Failure::of(u8::MAX), None);
    }

    #[test]
    fn the_js_writes_every_failed_code_by_its_name() {
        let sources = [
            ("exchange.js", include_str!("../js/transport/exchange.js")),
            ("lazy-load.js", include_str!("../js/transport/lazy-load.js")),
            ("agent-protocol.js", include_str!("../js/agent-protocol.js")),
        ];
        for (file, source) in sources {
            for line in source.lines().filter(|line| !line.trim_start().starts_with('*')) {
                // What `failed` is set to or compared with (`failed: …`, `failed = …`, `failed === …`), and
                // `reply(status, failed, value)`'s second argument: names, never a number.
                let set = line.match_indices("failed").map(|(at, _)| &line[at + "failed".len()..]);
                let set = set.filter_map(|rest| rest.trim_start().strip_prefix([':', '=', '!']));
                let reply =
                    line.match_indices("reply(").filter_map(|(at, _)| line[at..].split_once(',')).map(|(_, rest)| rest);
                for expression in set.chain(reply) {
                    let expression = expression.split([',', ';', ')', '}']).next().unwrap_or_default();
                    let mut words = expression.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
                    let numeric = words.any(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()));
                    assert!(!numeric, "{file}: a `failed` code written as a number: {line}");
                }
            }
        }
    }
}
