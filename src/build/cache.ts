/**
 * A persistent, content-addressed cache under `.folio-cache/`. Keys are
 * hashes of everything an entry depends on (content, folio version, config),
 * so a stale entry is never read: changed input means a different key.
 * Safe to delete at any time.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './output.js';

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\0');
  }
  return hash.digest('hex');
}

export class Cache {
  private readonly memory = new Map<string, unknown>();
  private readonly madeDirs = new Set<string>();
  /**
   * Files (and folders) outside the content folders that this build's results were made from or
   * checked against: bundle inputs, the files typedoc read. The up-to-date stamp watches them.
   */
  readonly dependencies = new Set<string>();

  /**
   * @param dir where entries persist (undefined: this process only)
   * @param options.memory keep entries in memory too (watch mode builds again and again; a
   *   one-shot build with a disk cache does not, and at 10,000 pages the copies cost gigabytes)
   */
  constructor(
    readonly dir: string | undefined,
    private readonly options: { memory?: boolean } = {},
  ) {}

  private keep(id: string, value: unknown): void {
    if (this.options.memory !== false || !this.dir) this.memory.set(id, value);
  }

  private fileFor(namespace: string, key: string, ext = 'json'): string | undefined {
    if (!this.dir) return undefined;
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}.${ext}`);
  }

  /** One lookup: memory first, then the entry's file (kept in memory when the cache keeps copies). */
  private read<T>(namespace: string, key: string, ext: string, decode: (text: string) => T): T | undefined {
    const id = `${namespace}/${key}`;
    if (this.memory.has(id)) return this.memory.get(id) as T;
    const file = this.fileFor(namespace, key, ext);
    if (!file) return undefined;
    try {
      const value = decode(readFileSync(file, 'utf8'));
      this.keep(id, value);
      return value;
    } catch {
      // not cached (or unreadable): compute it
      return undefined;
    }
  }

  /** Stores an entry: in memory (if kept) and under a temporary name renamed into place. */
  private store(namespace: string, key: string, value: unknown, ext: string, text: string): void {
    this.keep(`${namespace}/${key}`, value);
    const file = this.fileFor(namespace, key, ext);
    if (!file) return;
    const dir = path.dirname(file);
    if (!this.madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    writeFileAtomic(file, text, { makeDir: false });
  }

  get<T>(namespace: string, key: string): T | undefined {
    return this.read(namespace, key, 'json', (text) => JSON.parse(text) as T);
  }

  set<T>(namespace: string, key: string, value: T): void {
    this.store(namespace, key, value, 'json', JSON.stringify(value));
  }

  /** A text entry (stored as it is, not as JSON: page bodies read back fast). */
  getText(namespace: string, key: string): string | undefined {
    return this.read(namespace, key, 'txt', (text) => text);
  }

  setText(namespace: string, key: string, value: string): void {
    this.store(namespace, key, value, 'txt', value);
  }

  /** Whether a text entry is there, without reading it. */
  hasText(namespace: string, key: string): boolean {
    if (this.memory.has(`${namespace}/${key}`)) return true;
    const file = this.fileFor(namespace, key, 'txt');
    return file !== undefined && existsSync(file);
  }

  /** Keeps a value in memory only (another thread already wrote it to disk). */
  remember<T>(namespace: string, key: string, value: T): void {
    this.keep(`${namespace}/${key}`, value);
  }

  /** Drops in-memory entries (watch mode keeps the disk cache). */
  clearMemory(): void {
    this.memory.clear();
  }
}
