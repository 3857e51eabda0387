//! Crate docs: a tiny interner.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::{self, Display};

/// An interned symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symbol(u32);

/* A block comment /* with a nested one */ still comment */
pub enum Token<'a> {
    Word(&'a str),
    Number(f64),
}

pub trait Resolve {
    fn resolve(&self, id: Symbol) -> Option<&str>;
}

#[cfg(test)]
mod tests {}

const LIMIT: usize = 1_000;
static mut COUNTER: u64 = 0xFF_u64;

impl<'a> Interner<'a> {
    pub fn intern(&mut self, text: &'a str) -> Symbol {
        let masks = [0o777, 0b1010_1010u8 as i32, 1u32 as i32];
        let ratio = 1.5e-3f64 + 2.0 + 3f32 as f64;
        let ch = '\n';
        let quote = b'"';
        let raw = r#"raw "quoted" \n string"#;
        let path = "C:\\dir\t\u{1F600}";
        if let Some(&id) = self.map.get(text) {
            return Symbol(id);
        }
        'outer: for i in 0..=10 {
            if i > 5 { break 'outer; }
        }
        println!("interned {} as {name:?}", text, name = self.len());
        let boxed: Box<dyn Fn(i32) -> i32> = Box::new(move |x| x * 2);
        let v = Vec::<u8>::with_capacity(8);
        self.items.push(text);
        Symbol(self.items.len() as u32 - 1)
    }

    async fn fetch(&self) -> Result<(), fmt::Error> {
        let data = load().await?;
        Ok(())
    }
}

macro_rules! square {
    ($x:expr) => { $x * $x };
}
