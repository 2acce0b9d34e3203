//! A crate's modules, read from its root file through its `mod`
//! declarations (a `mod name { … }` in a file is a module of its own, as a
//! `#[cfg(test)] mod tests`), and which module refers to which other: every
//! `use` and every path in code that starts at `crate`, `self`, `super`, a
//! child module or a name a `use` brought in, resolved through re-exports to
//! the module that defines the item.

use super::graph::{Graph, Reference};
use super::tokens::{Spanned, Token, tokenize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules of one crate and the references between them.
pub struct Crate {
    modules: Vec<Module>,
    /// (referring module, referred module) → the first such reference.
    pub edges: BTreeMap<(usize, usize), Reference>,
}

/// A module: a file, or a `mod name { … }` inside one.
struct Module {
    /// Its name in its parent (empty for the crate root).
    name: String,
    file: PathBuf,
    /// The file module holding it (itself for a file module).
    owner: usize,
    parent: Option<usize>,
    /// A file whose `mod x;` declarations are found beside it (`lib.rs`,
    /// `main.rs`, `mod.rs`, a `#[path]` file) rather than in a folder named after it.
    owns_its_folder: bool,
    children: BTreeMap<String, usize>,
    /// Names of the items defined in it.
    items: BTreeSet<String>,
    /// Names a `use` brought in, with the path they stand for (relative to this module).
    bindings: BTreeMap<String, Vec<String>>,
    /// Paths of `use …::*`.
    globs: Vec<Vec<String>>,
}

/// A path to resolve: from which module, its segments, where.
struct Pending {
    module: usize,
    segments: Vec<String>,
    line: usize,
    /// A `use` that names a whole module is no reference by itself (its uses are); a glob is.
    is_use: bool,
    glob: bool,
}

/// The keywords that start an item whose name follows.
const ITEM_KEYWORDS: [&str; 8] = ["struct", "enum", "fn", "trait", "type", "const", "static", "union"];

impl Crate {
    /// Reads the crate whose root file is `root`, each file's text from `source`.
    pub fn read(root: &Path, source: &dyn Fn(&Path) -> Option<String>) -> Result<Crate, String> {
        let mut krate = Crate { modules: Vec::new(), edges: BTreeMap::new() };
        krate.modules.push(Module::new("", root.to_path_buf(), 0, None, true));
        let mut pending = Vec::new();
        let mut files = vec![0];
        while let Some(index) = files.pop() {
            let file = krate.modules[index].file.clone();
            let text = source(&file).ok_or_else(|| format!("cannot read {}", file.display()))?;
            files.extend(krate.read_file(index, &tokenize(&text), source, &mut pending));
        }
        for reference in pending {
            let Some(target) = krate.resolve(reference.module, &reference.segments, 0) else { continue };
            if reference.is_use && !reference.glob && krate.names_module(reference.module, &reference.segments) {
                continue;
            }
            let (from, to) = (reference.module, target);
            if from != to {
                let path = reference.segments.join("::") + if reference.glob { "::*" } else { "" };
                krate.edges.entry((from, to)).or_insert(Reference { line: reference.line, path });
            }
        }
        Ok(krate)
    }

    /// The graph of the modules, named by [`Crate::name`] relative to `base`.
    pub fn graph(&self, base: &Path) -> Graph {
        let names = (0..self.modules.len()).map(|index| self.name(index, base)).collect();
        Graph { names, edges: self.edges.clone() }
    }

    /// Module `index` by its file, and its path inside the file for a `mod name { … }`
    /// (`src/a.rs`, `src/a.rs::tests`), the file relative to `base`.
    pub fn name(&self, index: usize, base: &Path) -> String {
        let mut inline = Vec::new();
        let mut module = index;
        while self.modules[module].owner != module {
            inline.push(self.modules[module].name.as_str());
            module = self.modules[module].parent.unwrap_or(0);
        }
        let file = &self.modules[index].file;
        let mut name = file.strip_prefix(base).unwrap_or(file).display().to_string();
        for part in inline.iter().rev() {
            name.push_str("::");
            name.push_str(part);
        }
        name
    }

    /// Reads one file's tokens into module `file_module` and its inline modules;
    /// the file modules it declares, to read next.
    fn read_file(
        &mut self,
        file_module: usize,
        tokens: &[Spanned],
        source: &dyn Fn(&Path) -> Option<String>,
        pending: &mut Vec<Pending>,
    ) -> Vec<usize> {
        let ident = |i: usize| match tokens.get(i).map(|t| &t.token) {
            Some(Token::Ident(name)) => Some(name.as_str()),
            _ => None,
        };
        let punct = |i: usize, c: char| tokens.get(i).is_some_and(|t| t.token == Token::Punct(c));
        let separator = |i: usize| tokens.get(i).is_some_and(|t| t.token == Token::PathSep);
        let mut declared = Vec::new();
        // (inline module, brace depth outside it)
        let mut scopes: Vec<(usize, usize)> = Vec::new();
        let mut depth = 0usize;
        let mut path_attribute: Option<String> = None;
        let mut i = 0;
        while i < tokens.len() {
            let scope = scopes.last().map_or(file_module, |(module, _)| *module);
            let line = tokens[i].line;
            match &tokens[i].token {
                Token::Punct('{') => {
                    depth += 1;
                    path_attribute = None;
                }
                Token::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if scopes.last().is_some_and(|(_, outside)| *outside == depth) {
                        scopes.pop();
                    }
                    path_attribute = None;
                }
                Token::Punct(';') => path_attribute = None,
                Token::Punct('#') if punct(i + 1, '[') && ident(i + 2) == Some("path") && punct(i + 3, '=') => {
                    if let Some(Token::Str(path)) = tokens.get(i + 4).map(|t| &t.token) {
                        path_attribute = Some(path.clone());
                    }
                }
                Token::Ident(word) if word == "mod" && ident(i + 1).is_some() => {
                    let name = ident(i + 1).unwrap_or_default().to_owned();
                    if punct(i + 2, '{') {
                        let file = self.modules[file_module].file.clone();
                        let module = self.add(scope, Module::new(&name, file, file_module, Some(scope), false));
                        scopes.push((module, depth));
                    } else if punct(i + 2, ';') {
                        let (file, owns) = self.child_file(file_module, &scopes, &name, path_attribute.take(), source);
                        let module = self.modules.len();
                        self.add(scope, Module::new(&name, file, module, Some(scope), owns));
                        declared.push(module);
                    }
                    i += 2;
                    continue;
                }
                Token::Ident(word) if word == "use" && !punct(i + 1, '<') => {
                    let mut trees = Vec::new();
                    i = use_tree(tokens, i + 1, Vec::new(), &mut trees);
                    for (segments, binding) in trees {
                        let glob = binding.is_none();
                        match binding {
                            Some(name) if name != "_" => {
                                self.modules[scope].bindings.insert(name, segments.clone());
                            }
                            Some(_) => {}
                            None => self.modules[scope].globs.push(segments.clone()),
                        }
                        pending.push(Pending { module: scope, segments, line, is_use: true, glob });
                    }
                    continue;
                }
                Token::Ident(word) if ITEM_KEYWORDS.contains(&word.as_str()) || word == "macro_rules" => {
                    let at = if word == "macro_rules" && punct(i + 1, '!') { i + 2 } else { i + 1 };
                    if let Some(name) = ident(at) {
                        self.modules[scope].items.insert(name.to_owned());
                    }
                }
                Token::Ident(first) if separator(i + 1) && !(i > 0 && (separator(i - 1) || punct(i - 1, '$'))) => {
                    let mut segments = vec![first.clone()];
                    let mut next = i + 1;
                    while separator(next) {
                        let Some(segment) = ident(next + 1) else { break };
                        segments.push(segment.to_owned());
                        next += 2;
                    }
                    pending.push(Pending { module: scope, segments, line, is_use: false, glob: false });
                    i = next;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        declared
    }

    /// Adds `module` as a child of `parent`; its index.
    fn add(&mut self, parent: usize, module: Module) -> usize {
        let index = self.modules.len();
        self.modules[parent].children.insert(module.name.clone(), index);
        self.modules.push(module);
        index
    }

    /// The file of `mod name;` declared in `file_module` inside the inline
    /// modules `scopes` (`name.rs`, else `name/mod.rs`), and whether it owns its folder.
    fn child_file(
        &self,
        file_module: usize,
        scopes: &[(usize, usize)],
        name: &str,
        path: Option<String>,
        source: &dyn Fn(&Path) -> Option<String>,
    ) -> (PathBuf, bool) {
        let here = &self.modules[file_module];
        let folder = here.file.parent().unwrap_or(Path::new("")).to_path_buf();
        if let Some(path) = path {
            return (folder.join(path), true);
        }
        let mut folder =
            if here.owns_its_folder { folder } else { folder.join(here.file.file_stem().unwrap_or_default()) };
        for (inline, _) in scopes {
            folder.push(&self.modules[*inline].name);
        }
        let beside = folder.join(format!("{name}.rs"));
        let nested = folder.join(name).join("mod.rs");
        if source(&beside).is_none() && source(&nested).is_some() { (nested, true) } else { (beside, false) }
    }

    /// Whether `segments`, read from `module`, name a module (not an item in one).
    fn names_module(&self, module: usize, segments: &[String]) -> bool {
        let Some((last, init)) = segments.split_last() else { return false };
        if ["crate", "self", "super"].contains(&last.as_str()) {
            return true;
        }
        let parent = if init.is_empty() { Some(module) } else { self.resolve(module, init, 0) };
        parent.is_some_and(|parent| self.modules[parent].children.contains_key(last))
    }

    /// The module `segments` lead to from `module`: the one defining the
    /// item they name, through re-exports; `None` for another crate's path.
    fn resolve(&self, module: usize, segments: &[String], hops: usize) -> Option<usize> {
        let (first, rest) = segments.split_first()?;
        if hops > 32 {
            return None;
        }
        let here = &self.modules[module];
        let start = match first.as_str() {
            "crate" => 0,
            "self" => module,
            "super" => here.parent?,
            name => match (here.children.get(name), here.bindings.get(name)) {
                (Some(child), _) => *child,
                (None, Some(bound)) if bound.first().is_some_and(|b| b != name) || bound.len() > 1 => {
                    let mut path = bound.clone();
                    path.extend(rest.iter().cloned());
                    return self.resolve(module, &path, hops + 1);
                }
                _ => return None,
            },
        };
        self.walk(start, rest, hops)
    }

    /// Follows `rest` down from module `from`.
    fn walk(&self, from: usize, rest: &[String], hops: usize) -> Option<usize> {
        let mut current = from;
        for (k, segment) in rest.iter().enumerate() {
            let module = &self.modules[current];
            if segment == "super" {
                current = module.parent?;
            } else if let Some(child) = module.children.get(segment) {
                current = *child;
            } else if module.items.contains(segment) {
                return Some(current);
            } else if let Some(bound) = module.bindings.get(segment) {
                let mut path = bound.clone();
                path.extend(rest[k + 1..].iter().cloned());
                return self.resolve(current, &path, hops + 1).or(Some(current));
            } else {
                for glob in &module.globs {
                    let Some(target) = self.resolve(current, glob, hops + 1) else { continue };
                    let holder = &self.modules[target];
                    let defines = holder.items.contains(segment)
                        || holder.children.contains_key(segment)
                        || holder.bindings.contains_key(segment);
                    if defines && target != current {
                        return self.walk(target, &rest[k..], hops + 1);
                    }
                }
                return Some(current);
            }
        }
        Some(current)
    }
}

impl Module {
    fn new(name: &str, file: PathBuf, owner: usize, parent: Option<usize>, owns_its_folder: bool) -> Module {
        let owns_its_folder = owns_its_folder || file.file_name().is_some_and(|n| n == "mod.rs");
        Module {
            name: name.to_owned(),
            file,
            owner,
            parent,
            owns_its_folder,
            children: BTreeMap::new(),
            items: BTreeSet::new(),
            bindings: BTreeMap::new(),
            globs: Vec::new(),
        }
    }
}

/// Reads a use tree from `tokens[i]` under `prefix`: each (path, the name it
/// binds, or `None` for a glob). The index after it.
fn use_tree(
    tokens: &[Spanned],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    let token = |i: usize| tokens.get(i).map(|t| &t.token);
    let mut segments = prefix;
    if token(i) == Some(&Token::PathSep) {
        // `use ::name`: another crate.
        segments.push("::".into());
        i += 1;
    }
    loop {
        match token(i) {
            Some(Token::Ident(name)) if name != "as" => {
                segments.push(name.clone());
                i += 1;
                if token(i) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                break;
            }
            Some(Token::Punct('*')) => {
                out.push((segments, None));
                return i + 1;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                while let Some(t) = token(i) {
                    match t {
                        Token::Punct('}') => {
                            i += 1;
                            break;
                        }
                        Token::Punct(',') => i += 1,
                        _ => i = use_tree(tokens, i, segments.clone(), out),
                    }
                }
                return i;
            }
            _ => break,
        }
    }
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    let mut binding = segments.last().cloned();
    if matches!(token(i), Some(Token::Ident(word)) if word == "as") {
        if let Some(Token::Ident(alias)) = token(i + 1) {
            binding = Some(alias.clone());
        }
        i += 2;
    }
    if !segments.is_empty() && segments[0] != "::" {
        out.push((segments, binding));
    }
    i
}
