/**
 * A persistent, content-addressed cache under `.folio-cache/`. Keys are
 * hashes of everything an entry depends on (content, folio version, config),
 * so a stale entry is never read: changed input means a different key.
 * Safe to delete at any time.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

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
  /** Lookups that found nothing (a compile happened). */
  readonly stats = { hits: 0, misses: 0 };

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

  /** A text entry (stored as it is, not as JSON: page bodies read back fast). */
  getText(namespace: string, key: string): string | undefined {
    const id = `${namespace}/${key}`;
    if (this.memory.has(id)) {
      this.stats.hits++;
      return this.memory.get(id) as string;
    }
    const file = this.fileFor(namespace, key, 'txt');
    if (file) {
      try {
        const value = readFileSync(file, 'utf8');
        this.keep(id, value);
        this.stats.hits++;
        return value;
      } catch {
        // not cached
      }
    }
    this.stats.misses++;
    return undefined;
  }

  /** Whether a text entry is there, without reading it. */
  hasText(namespace: string, key: string): boolean {
    if (this.memory.has(`${namespace}/${key}`)) return true;
    const file = this.fileFor(namespace, key, 'txt');
    return file !== undefined && existsSync(file);
  }

  setText(namespace: string, key: string, value: string): void {
    this.keep(`${namespace}/${key}`, value);
    const file = this.fileFor(namespace, key, 'txt');
    if (file) this.write(file, value);
  }

  private write(file: string, text: string): void {
    const dir = path.dirname(file);
    if (!this.madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    const temp = `${file}.${process.pid}-${threadId}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, file);
  }

  get<T>(namespace: string, key: string): T | undefined {
    const id = `${namespace}/${key}`;
    if (this.memory.has(id)) {
      this.stats.hits++;
      return this.memory.get(id) as T;
    }
    const file = this.fileFor(namespace, key);
    if (file) {
      try {
        const value = JSON.parse(readFileSync(file, 'utf8')) as T;
        this.keep(id, value);
        this.stats.hits++;
        return value;
      } catch {
        // not cached (or unreadable): compute it
      }
    }
    this.stats.misses++;
    return undefined;
  }

  set<T>(namespace: string, key: string, value: T): void {
    this.keep(`${namespace}/${key}`, value);
    const file = this.fileFor(namespace, key);
    if (file) this.write(file, JSON.stringify(value));
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
