//! How long a suite took: its wall time, and the CPU time it used (the xtask
//! process's own and that of every child it waited for, with their children),
//! so the summary shows which suites wait and which compute.

use std::time::{Duration, Instant};

/// Clock ticks per second of `/proc/self/stat`'s times (`sysconf(_SC_CLK_TCK)` on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

/// A suite's start: the wall clock and the CPU seconds used until then.
pub struct SuiteClock {
    started: Instant,
    cpu_at_start: Option<f64>,
}

/// What a suite used: wall time, and CPU seconds when the platform tells them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Used {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU seconds (user and system, this process and its waited-for children); `None` off Linux.
    pub cpu: Option<f64>,
}

impl SuiteClock {
    /// Starts timing now.
    pub fn start() -> SuiteClock {
        SuiteClock { started: Instant::now(), cpu_at_start: cpu_seconds() }
    }

    /// What was used since `start`.
    pub fn used(&self) -> Used {
        let cpu = self.cpu_at_start.zip(cpu_seconds()).map(|(start, now)| now - start);
        Used { wall: self.started.elapsed(), cpu }
    }
}

impl std::fmt::Display for Used {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.0} s", self.wall.as_secs_f64())?;
        match self.cpu {
            Some(cpu) => write!(f, ", {cpu:.0} s of CPU"),
            None => Ok(()),
        }
    }
}

/// User and system time of this process and of its waited-for children, in seconds.
fn cpu_seconds() -> Option<f64> {
    parse_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// Fields 14–17 (`utime stime cutime cstime`) of a `/proc/PID/stat` line, summed, in seconds.
/// The command name (field 2) is in parentheses and may hold spaces, so fields are counted after
/// its closing parenthesis.
fn parse_stat(stat: &str) -> Option<f64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first; fields 14..=17 are the 12th to 15th.
    let ticks: Vec<f64> =
        after_name.split_whitespace().skip(11).take(4).map(|t| t.parse().ok()).collect::<Option<_>>()?;
    (ticks.len() == 4).then(|| ticks.iter().sum::<f64>() / TICKS_PER_SECOND)
}

#[cfg(test)]
mod tests {
    use super::parse_stat;

    #[test]
    fn reads_the_four_time_fields_after_the_name() {
        let line = "4242 (cargo (x) task) S 1 2 3 4 5 6 7 8 9 10 150 50 300 100 20 0 1 0";
        assert_eq!(parse_stat(line), Some(6.0));
        assert_eq!(parse_stat("4242 (short) S 1 2"), None);
        assert_eq!(parse_stat("no name"), None);
    }

    #[test]
    fn this_process_has_a_cpu_time() {
        assert!(super::cpu_seconds().is_some_and(|s| s >= 0.0));
    }
}
