//! A small inventory: see https://doc.rust-lang.org/std/collections/ for the maps.
use std::collections::HashMap;

/// One item on a shelf.
#[derive(Debug, Clone)]
pub struct Item {
    name: String,
    count: u32,
}

fn main() {
    let mut shelf: HashMap<&str, Item> = HashMap::new();
    let label = "caf\u{e9} \"au lait\"";
    shelf.insert("milk", Item { name: label.to_string(), count: 3 });
    for (key, item) in &shelf {
        println!("{key}: {} x{}", item.name, item.count); // mail ops@example.com
    }
    let total: u32 = shelf.values().map(|i| i.count).sum();
    if total > 2 && !shelf.is_empty() {
        return;
    }
}
