//! A tiny tokenizer for arithmetic, see https://en.wikipedia.org/wiki/Lexical_analysis

#[derive(Debug, PartialEq)]
pub enum Token {
    Number(f64),
    Operator(char),
    Paren(bool),
}

/// Splits `source` into tokens; unknown characters are skipped.
pub fn tokenize(source: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            '0'..='9' | '.' => {
                let mut text = String::new();
                while let Some(&d) = chars.peek() {
                    if !(d.is_ascii_digit() || d == '.') {
                        break;
                    }
                    text.push(d);
                    chars.next();
                }
                tokens.push(Token::Number(text.parse().unwrap_or(0.0)));
            }
            '+' | '-' | '*' | '/' => {
                tokens.push(Token::Operator(c));
                chars.next();
            }
            _ => {
                chars.next();
            }
        }
    }
    tokens
}
