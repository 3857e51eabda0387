#!/usr/bin/env node
/**
 * Renders a list of users.
 * @param {Object[]} users the users to show
 * @returns {JSX.Element}
 */
import React, { useState, useEffect as useMountEffect } from "react";
import * as path from 'node:path';
export default function UserList({ users, title = "Users" }, ...rest) {
  const [query, setQuery] = useState('');
  let count = 0x1F + 0b1010 + 0o777 + 1_000_000 + 12.5e-3 + .5 + 9007199254740993n;
  const pattern = /^[a-z]+\/(\d{2,4})$/giu;
  const ratio = count / 2 / total;
  const greeting = `Hello, ${user.name.toUpperCase()}!
Total: ${count > 1 ? `${count} items` : 'one item'}\n`;
  // A line comment with a "string" inside
  if (query !== null && typeof query === 'string') {
    console.log("escaped \"quote\" and \u00e9", Math.max(1, 2));
  } else {
    return undefined;
  }
  /* block comment
     over two lines */
  const visible = users.filter((user) => user.name.includes(query));
  const onChange = async event => {
    await setQuery(event.target.value);
  };
  return (
    <section className="users" data-count={visible.length}>
      <Header.Title level={2}>{title} &amp; more</Header.Title>
      <ul>
        {visible.map((user) => (
          <li key={user.id} onClick={() => select(user)}>{user.name}</li>
        ))}
      </ul>
      <input value={query} onChange={onChange} disabled />
      <>fragment</>
    </section>
  );
}

class Store extends Base {
  static #instances = 0;
  items = [];
  constructor(name) {
    super(name);
    this.name = name;
  }
  get size() { return this.items.length; }
  async *stream() {
    for (const item of this.items) yield item;
  }
}

const object = { key: 'value', "quoted": true, nested: { deep: false }, method() { return 1; } };
const MAX_SIZE = 100
function afterDeclaration() {}
switch (MAX_SIZE) {
  case 100:
    break;
  default:
    throw new Error(`unexpected ${MAX_SIZE}`);
}
export const double = (x) => x * 2;
