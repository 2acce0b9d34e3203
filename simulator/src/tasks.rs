//! In-memory task storage with expiry after the configured time-to-live.

use std::collections::HashMap;
use std::time::{Duration, SystemTime};

use crate::model::{Task, TaskState};

/// Why `tasks/cancel` did not cancel.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CancelError {
    /// Unknown or expired id.
    NotFound,
    /// The task is already terminal (in this state).
    Terminal(TaskState),
}

#[derive(Debug)]
struct Stored {
    task: Task,
    created: SystemTime,
}

impl Stored {
    fn is_live(&self, now: SystemTime, ttl: Duration) -> bool {
        now.duration_since(self.created).unwrap_or(Duration::ZERO) < ttl
    }
}

/// Tasks by id; each is kept `ttl` after creation, then answers as not found.
#[derive(Debug)]
pub(crate) struct TaskStore {
    tasks: HashMap<String, Stored>,
    ttl: Duration,
}

impl TaskStore {
    /// An empty store keeping tasks for `ttl`.
    pub(crate) fn new(ttl: Duration) -> TaskStore {
        TaskStore { tasks: HashMap::new(), ttl }
    }

    /// Stores a task created at `now`, dropping expired ones so memory stays bounded by the TTL.
    pub(crate) fn insert(&mut self, task: Task, now: SystemTime) {
        let ttl = self.ttl;
        self.tasks.retain(|_, s| s.is_live(now, ttl));
        self.tasks.insert(task.id.clone(), Stored { task, created: now });
    }

    /// The live task with this id.
    pub(crate) fn get(&self, id: &str, now: SystemTime) -> Option<Task> {
        self.tasks.get(id).filter(|s| s.is_live(now, self.ttl)).map(|s| s.task.clone())
    }

    /// Moves a live non-terminal task to `canceled` (stamped `timestamp`) and returns it.
    pub(crate) fn cancel(&mut self, id: &str, now: SystemTime, timestamp: String) -> Result<Task, CancelError> {
        let ttl = self.ttl;
        let stored = self.tasks.get_mut(id).filter(|s| s.is_live(now, ttl)).ok_or(CancelError::NotFound)?;
        let status = &mut stored.task.status;
        if status.state != TaskState::Working {
            return Err(CancelError::Terminal(status.state));
        }
        status.state = TaskState::Canceled;
        status.timestamp = timestamp;
        Ok(stored.task.clone())
    }

    /// Forgets every task.
    pub(crate) fn clear(&mut self) {
        self.tasks.clear();
    }
}
