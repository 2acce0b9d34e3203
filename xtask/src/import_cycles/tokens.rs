//! Rust source as the few tokens the module graph reads: identifiers, string
//! literals, `::` and single punctuation, each with its line. Comments,
//! numbers, characters and lifetimes are skipped, so a path in a comment or a
//! string is never read as an import.

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// An identifier or keyword (`r#type` as `type`).
    Ident(String),
    /// The contents of a string literal (escapes left as written).
    Str(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

/// A token and the line it starts on (from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned {
    /// The token.
    pub token: Token,
    /// Its line.
    pub line: usize,
}

/// The tokens of `source`.
pub fn tokenize(source: &str) -> Vec<Spanned> {
    let chars: Vec<char> = source.chars().collect();
    let mut lexer = Lexer { chars: &chars, at: 0, line: 1, tokens: Vec::new() };
    lexer.run();
    lexer.tokens
}

struct Lexer<'a> {
    chars: &'a [char],
    at: usize,
    line: usize,
    tokens: Vec<Spanned>,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) {
        if self.peek(0) == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn push(&mut self, token: Token, line: usize) {
        self.tokens.push(Spanned { token, line });
    }

    fn run(&mut self) {
        while let Some(c) = self.peek(0) {
            let line = self.line;
            match c {
                _ if c.is_whitespace() => self.bump(),
                '/' if self.peek(1) == Some('/') => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => {
                    let text = self.string();
                    self.push(Token::Str(text), line);
                }
                '\'' => self.quote(),
                ':' if self.peek(1) == Some(':') => {
                    self.bump();
                    self.bump();
                    self.push(Token::PathSep, line);
                }
                _ if c.is_ascii_digit() => {
                    while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        self.bump();
                    }
                }
                _ if c.is_alphabetic() || c == '_' => self.word(line),
                _ => {
                    self.bump();
                    self.push(Token::Punct(c), line);
                }
            }
        }
    }

    /// `/* … */`, nested as Rust nests them.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.bump();
            } else if c == '*' && self.peek(1) == Some('/') {
                depth -= 1;
                self.bump();
                if depth == 0 {
                    self.bump();
                    return;
                }
            }
            self.bump();
        }
    }

    /// A `"…"` literal from its opening quote; its contents.
    fn string(&mut self) -> String {
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            self.bump();
            match c {
                '"' => break,
                '\\' => {
                    text.push(c);
                    if let Some(escaped) = self.peek(0) {
                        text.push(escaped);
                        self.bump();
                    }
                }
                _ => text.push(c),
            }
        }
        text
    }

    /// `r"…"` / `r#"…"#` from the `#`s or the quote after the `r`; its contents.
    fn raw_string(&mut self) -> String {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            if c == '"' && (1..=hashes).all(|k| self.peek(k) == Some('#')) {
                for _ in 0..=hashes {
                    self.bump();
                }
                break;
            }
            text.push(c);
            self.bump();
        }
        text
    }

    /// A character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime or label (`'a`).
    fn quote(&mut self) {
        self.bump();
        if self.peek(0) == Some('\\') {
            self.bump();
            while self.peek(0).is_some_and(|c| c != '\'') {
                self.bump();
            }
            self.bump();
        } else if self.peek(1) == Some('\'') {
            self.bump();
            self.bump();
        } else {
            while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                self.bump();
            }
        }
    }

    /// An identifier, or the prefix of a raw identifier, a byte, C or raw string.
    fn word(&mut self, line: usize) {
        let start = self.at;
        while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let next = self.peek(0);
        let raw_start = next == Some('"') || (next == Some('#') && matches!(self.peek(1), Some('#' | '"')));
        match word.as_str() {
            "r" | "br" | "cr" if raw_start => {
                let text = self.raw_string();
                self.push(Token::Str(text), line);
            }
            "b" | "c" if next == Some('"') => {
                let text = self.string();
                self.push(Token::Str(text), line);
            }
            "b" if next == Some('\'') => self.quote(),
            "r" if next == Some('#') => {
                self.bump();
                let start = self.at;
                while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.bump();
                }
                let ident = self.chars[start..self.at].iter().collect();
                self.push(Token::Ident(ident), line);
            }
            _ => self.push(Token::Ident(word), line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Token, tokenize};

    fn idents(source: &str) -> Vec<String> {
        tokenize(source)
            .into_iter()
            .filter_map(|t| match t.token {
                Token::Ident(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_strings_characters_and_lifetimes_hide_no_path() {
        let source = r##"
            // use crate::a;
            /* use crate::b; /* nested crate::c */ still crate::d */
            let s = "crate::e \" crate::f";
            let r = r#"crate::g "quoted""#;
            let b = b"crate::h"; let q = '"'; let e = '\''; let l: &'static str = x;
            use crate::real;
        "##;
        let words = idents(source);
        assert_eq!(
            words,
            [
                "let", "s", "let", "r", "let", "b", "let", "q", "let", "e", "let", "l", "str", "x", "use", "crate",
                "real"
            ]
        );
    }

    #[test]
    fn paths_have_their_separators_and_lines() {
        let tokens = tokenize("use r#crate::x;\n\nsuper::y(1.5, 2u8)");
        let line3: Vec<&Token> = tokens.iter().filter(|t| t.line == 3).map(|t| &t.token).collect();
        assert_eq!(line3[..3], [&Token::Ident("super".into()), &Token::PathSep, &Token::Ident("y".into())]);
        assert_eq!(tokens[1].token, Token::Ident("crate".into()));
        let strings: Vec<Token> = tokenize(r#"#[path = "a/b.rs"] mod b;"#)
            .into_iter()
            .map(|t| t.token)
            .filter(|t| matches!(t, Token::Str(_)))
            .collect();
        assert_eq!(strings, [Token::Str("a/b.rs".into())]);
    }
}
