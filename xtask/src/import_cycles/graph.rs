//! A graph of modules and the references between them, and its cycles.

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;
use std::collections::{BTreeMap, BTreeSet};

/// Where a module refers to another.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The line of the reference in the referring file (0: unknown).
    pub line: usize,
    /// The path as written (`crate::test::Outcome`, `./b.js`).
    pub path: String,
}

/// Modules by name, and which refers to which.
#[derive(Default)]
pub struct Graph {
    /// Each module's name (a file, relative to the repository, and its inline module's path).
    pub names: Vec<String>,
    /// (referring module, referred module) → the first such reference.
    pub edges: BTreeMap<(usize, usize), Reference>,
}

impl Graph {
    /// Every cycle, described: one per strongly connected group of two or
    /// more modules, a shortest cycle through its first module, with the
    /// group's other modules named after it.
    pub fn cycles(&self) -> Vec<String> {
        cycles(self)
            .into_iter()
            .map(|(cycle, group)| {
                let mut text = describe(self, &cycle);
                let others: Vec<&str> =
                    group.iter().filter(|m| !cycle.contains(m)).map(|m| self.names[*m].as_str()).collect();
                if !others.is_empty() {
                    text.push_str(&format!(" (and through it: {})", others.join(", ")));
                }
                text
            })
            .collect()
    }
}

/// Every cycle of the graph's modules: one per strongly connected group of
/// two or more, as the modules in order (each refers to the next, the last
/// to the first), with the whole group.
fn cycles(graph: &Graph) -> Vec<(Vec<usize>, BTreeSet<usize>)> {
    let mut next: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for &(from, to) in graph.edges.keys() {
        next.entry(from).or_default().insert(to);
        next.entry(to).or_default();
    }
    let graph = next;
    strongly_connected(&graph)
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| (cycle_through(&graph, &group), group))
        .collect()
}

/// The strongly connected components of `graph` (petgraph's Tarjan).
fn strongly_connected(graph: &BTreeMap<usize, BTreeSet<usize>>) -> Vec<BTreeSet<usize>> {
    let mut directed: DiGraphMap<usize, ()> = DiGraphMap::new();
    for (&from, targets) in graph {
        directed.add_node(from);
        for &to in targets {
            directed.add_edge(from, to, ());
        }
    }
    tarjan_scc(&directed).into_iter().map(|group| group.into_iter().collect()).collect()
}

/// A shortest cycle through the first node of `group`, inside the group (breadth first).
fn cycle_through(graph: &BTreeMap<usize, BTreeSet<usize>>, group: &BTreeSet<usize>) -> Vec<usize> {
    let Some(&start) = group.first() else { return Vec::new() };
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in graph.get(&node).into_iter().flatten().filter(|n| group.contains(n)) {
            if next == start {
                let mut cycle = vec![node];
                while let Some(&previous) = came_from.get(cycle.last().unwrap_or(&start)) {
                    cycle.push(previous);
                }
                cycle.reverse();
                return cycle;
            }
            if let std::collections::btree_map::Entry::Vacant(entry) = came_from.entry(next) {
                entry.insert(node);
                queue.push_back(next);
            }
        }
    }
    vec![start]
}

/// `a.rs:3 crate::b::X → b.rs:7 super::a::Y → a.rs`.
fn describe(graph: &Graph, cycle: &[usize]) -> String {
    let name = |module: usize| graph.names[module].as_str();
    let mut text = String::new();
    for (k, &from) in cycle.iter().enumerate() {
        let to = cycle[(k + 1) % cycle.len()];
        let reference = &graph.edges[&(from, to)];
        text.push_str(&format!("{}:{} {} → ", name(from), reference.line, reference.path));
    }
    text.push_str(name(cycle[0]));
    text
}
