//! The agent's tasks, the newest last; past [`TASKS_KEPT`] the oldest is forgotten, so memory
//! stays bounded however many tasks strangers create.

use std::collections::VecDeque;

use super::task::Record;

/// How many tasks the agent keeps.
pub(super) const TASKS_KEPT: usize = 100;

/// The tasks, each with its creation number (the cursor of `ListTasks` pages).
#[derive(Debug, Default)]
pub(super) struct Store {
    tasks: VecDeque<(u64, Record)>,
    created: u64,
}

impl Store {
    /// Keeps `record`, forgetting the oldest task when full.
    pub(super) fn insert(&mut self, record: Record) {
        if self.tasks.len() == TASKS_KEPT {
            self.tasks.pop_front();
        }
        self.created += 1;
        self.tasks.push_back((self.created, record));
    }

    /// The task `id`.
    pub(super) fn get(&self, id: &str) -> Option<&Record> {
        self.tasks.iter().map(|(_, record)| record).find(|record| record.id == id)
    }

    /// The task `id`, to change.
    pub(super) fn get_mut(&mut self, id: &str) -> Option<&mut Record> {
        self.tasks.iter_mut().map(|(_, record)| record).find(|record| record.id == id)
    }

    /// The tasks newest first, each with its creation number.
    pub(super) fn newest_first(&self) -> impl Iterator<Item = (u64, &Record)> {
        self.tasks.iter().rev().map(|(number, record)| (*number, record))
    }
}
