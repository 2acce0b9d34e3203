//! A crate's modules, parsed by syn from its root file through its `mod`
//! declarations (a `mod name { … }` in a file is a module of its own, as a
//! `#[cfg(test)] mod tests`), and which module refers to which other: every
//! `use` and every path in code that starts at `crate`, `self`, `super`, a
//! child module or a name a `use` brought in, resolved through re-exports to
//! the module that defines the item.

use super::graph::{Graph, Reference};
use proc_macro2::{Ident, Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::{self, Visit};
use syn::{Expr, ExprLit, Item, ItemMod, ItemUse, Lit, Macro, Meta, UseTree};

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
            let parsed = syn::parse_file(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            files.extend(krate.read_items(index, index, &[], &parsed.items, source, &mut pending));
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

    /// Reads `items`, of module `scope` in the file of `file_module` inside
    /// the inline modules `inline`, into the crate; the file modules they
    /// declare, to read next.
    fn read_items(
        &mut self,
        file_module: usize,
        scope: usize,
        inline: &[usize],
        items: &[Item],
        source: &dyn Fn(&Path) -> Option<String>,
        pending: &mut Vec<Pending>,
    ) -> Vec<usize> {
        let mut declared = Vec::new();
        let mut code = Code::default();
        for item in items {
            match item {
                Item::Mod(module) => {
                    let name = module.ident.to_string();
                    if let Some((_, items)) = &module.content {
                        let file = self.modules[file_module].file.clone();
                        let child = self.add(scope, Module::new(&name, file, file_module, Some(scope), false));
                        let inline = [inline, &[child]].concat();
                        declared.extend(self.read_items(file_module, child, &inline, items, source, pending));
                    } else {
                        let (file, owns) = self.child_file(file_module, inline, &name, path_attribute(module), source);
                        let child = self.modules.len();
                        self.add(scope, Module::new(&name, file, child, Some(scope), owns));
                        declared.push(child);
                    }
                }
                Item::Use(declaration) => code.uses.push(declaration.clone()),
                item => {
                    if let Some(name) = item_name(item) {
                        self.modules[scope].items.insert(name);
                    }
                    code.visit_item(item);
                }
            }
        }
        for declaration in &code.uses {
            if declaration.leading_colon.is_some() {
                continue; // `use ::name`: another crate.
            }
            let line = declaration.use_token.span.start().line;
            let mut trees = Vec::new();
            use_tree(&declaration.tree, Vec::new(), &mut trees);
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
        }
        for (segments, line) in code.paths {
            pending.push(Pending { module: scope, segments, line, is_use: false, glob: false });
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
    /// modules `inline` (`name.rs`, else `name/mod.rs`), and whether it owns its folder.
    fn child_file(
        &self,
        file_module: usize,
        inline: &[usize],
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
        for module in inline {
            folder.push(&self.modules[*module].name);
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

/// The paths of a use tree under `prefix`: each (path, the name it binds,
/// or `None` for a glob); `a::{self}` binds `a`.
fn use_tree(tree: &UseTree, mut prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    let mut bind = |mut segments: Vec<String>, name: &Ident, rename: Option<&Ident>| {
        if name != "self" {
            segments.push(name.to_string());
        }
        let binding = rename.map(Ident::to_string).or_else(|| segments.last().cloned());
        if !segments.is_empty() {
            out.push((segments, binding));
        }
    };
    match tree {
        UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_tree(&path.tree, prefix, out);
        }
        UseTree::Name(name) => bind(prefix, &name.ident, None),
        UseTree::Rename(rename) => bind(prefix, &rename.ident, Some(&rename.rename)),
        UseTree::Glob(_) => out.push((prefix, None)),
        UseTree::Group(group) => {
            for tree in &group.items {
                use_tree(tree, prefix.clone(), out);
            }
        }
    }
}

/// The name an item defines in its module (`struct X`, `fn f`, `macro_rules! m`).
fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Struct(item) => &item.ident,
        Item::Enum(item) => &item.ident,
        Item::Fn(item) => &item.sig.ident,
        Item::Trait(item) => &item.ident,
        Item::TraitAlias(item) => &item.ident,
        Item::Type(item) => &item.ident,
        Item::Const(item) => &item.ident,
        Item::Static(item) => &item.ident,
        Item::Union(item) => &item.ident,
        Item::Macro(item) => item.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The `#[path = "…"]` of a `mod name;`.
fn path_attribute(module: &ItemMod) -> Option<String> {
    module.attrs.iter().find_map(|attribute| match &attribute.meta {
        Meta::NameValue(value) if value.path.is_ident("path") => match &value.value {
            Expr::Lit(ExprLit { lit: Lit::Str(path), .. }) => Some(path.value()),
            _ => None,
        },
        _ => None,
    })
}

/// What the code of one module's items refers to: its paths of two or more
/// segments (with their lines), in code and in macros' arguments, and the
/// `use` declarations inside its functions.
#[derive(Default)]
struct Code {
    paths: Vec<(Vec<String>, usize)>,
    uses: Vec<ItemUse>,
}

impl<'ast> Visit<'ast> for Code {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            let segments = path.segments.iter().map(|segment| segment.ident.to_string()).collect();
            self.paths.push((segments, path.segments[0].ident.span().start().line));
        }
        visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, declaration: &'ast ItemUse) {
        self.uses.push(declaration.clone());
    }

    /// A module inside a function is not read.
    fn visit_item_mod(&mut self, _: &'ast ItemMod) {}

    /// A macro's arguments are tokens to syn: their paths are the `a::b`
    /// sequences in them (not after `$`, a `macro_rules!` variable).
    fn visit_macro(&mut self, mac: &'ast Macro) {
        visit::visit_macro(self, mac);
        let mut tokens = Vec::new();
        flatten(mac.tokens.clone(), &mut tokens);
        let separator = |i: usize| {
            matches!((tokens.get(i), tokens.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
        };
        let ident = |i: usize| match tokens.get(i) {
            Some(TokenTree::Ident(ident)) => Some(ident),
            _ => None,
        };
        let mut i = 0;
        while i < tokens.len() {
            let after_separator = i >= 2 && separator(i - 2);
            let after_dollar = i >= 1 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
            match ident(i) {
                Some(first) if separator(i + 1) && !after_separator && !after_dollar => {
                    let mut segments = vec![first.to_string()];
                    let mut next = i + 1;
                    while separator(next) {
                        let Some(segment) = ident(next + 2) else { break };
                        segments.push(segment.to_string());
                        next += 3;
                    }
                    self.paths.push((segments, first.span().start().line));
                    i = next;
                }
                _ => i += 1,
            }
        }
    }
}

/// The tokens of `stream`, groups' delimiters dropped and their contents inlined.
fn flatten(stream: TokenStream, out: &mut Vec<TokenTree>) {
    for tree in stream {
        match tree {
            TokenTree::Group(group) => flatten(group.stream(), out),
            tree => out.push(tree),
        }
    }
}
