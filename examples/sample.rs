//! A word counter, typed out keystroke by keystroke by `scripts/setup.sh`.
//! Its output format is described at https://example.com/wordcount#format.

use std::collections::HashMap;
use std::io::{self, Read};

/* Counts are kept per lower-cased word;
   punctuation around a word is trimmed. */
#[derive(Debug, Default)]
struct Counter<'a> {
    counts: HashMap<&'a str, usize>,
    total: u64,
}

impl<'a> Counter<'a> {
    fn add(&mut self, word: &'a str) {
        *self.counts.entry(word).or_insert(0) += 1;
        self.total += 1;
    }

    fn top(&self, n: usize) -> Vec<(&'a str, usize)> {
        let mut pairs: Vec<_> = self.counts.iter().map(|(w, c)| (*w, *c)).collect();
        pairs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        pairs.truncate(n);
        pairs
    }
}

fn main() -> io::Result<()> {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    let mut counter = Counter::default();
    for word in text.split_whitespace() {
        let trimmed = word.trim_matches(|c: char| !c.is_alphanumeric());
        if !trimmed.is_empty() {
            counter.add(trimmed);
        }
    }
    for (word, count) in counter.top(10) {
        println!("{word:>12} {count:>6} ({:.1}%)", 100.0 * count as f64 / counter.total as f64);
    }
    Ok(())
}
