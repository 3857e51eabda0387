import type { Request, Response } from "express";
import { readFile } from 'node:fs/promises';

/** A repository of entities keyed by id. */
export interface Repository<T extends { id: string }, K = string> {
  readonly name: string;
  find(id: K): Promise<T | undefined>;
  save?(item: T): void;
  [key: string]: unknown;
}

export type Handler = (request: Request, response: Response) => Promise<void>;
type Status =
  | 'idle'
  | 'loading'
  | { kind: "error"; message: string };

export enum Color { Red = 1, Green = 0x2, Blue = 1 << 2 }
declare const enum Flags { None, Read }

function identity<T>(value: T): T {
  return value;
}

@Component({ selector: 'app-root' })
export abstract class Service<T> extends Base implements Repository<T> {
  private static count = 0n;
  protected readonly cache: Map<string, T> = new Map<string, T>();
  #secret?: string;

  constructor(private readonly http: HttpClient, public name: string) {
    super();
  }

  @Memoize()
  async find(id: string): Promise<T | undefined> {
    const raw = await readFile(`/data/${id}.json`, "utf8");
    const parsed = JSON.parse(raw) as T;
    return this.cache.get(id) ?? parsed;
  }

  abstract save(item: T): void;
}

const config = { retries: 3, verbose: true } satisfies Record<string, number | boolean>;
let maybe: string | null = null;
const total = [1, 2, 3].reduce((sum: number, n) => sum + n, 0);
const big = 1_000n, hex = 0xFF, bin = 0b1010, oct = 0o17, exp = 6.02e23;
const toLabel = (value: number): string => `#${value}`;
const noSemicolon = 60
interface AfterDeclaration { ready: boolean }
function isText(x: unknown): x is string {
  try { return typeof x === "string"; } catch (error: unknown) { return false; }
}
const wrap = <T extends object>(value: T): T[] => [value];
export default identity;
