/**
 * Pack files: where the cache keeps its many small entries (a page's metadata and body, each
 * highlighted code block), appended to one file per writer instead of a file each. A cold build of
 * 1,000 pages wrote 4,000 cache files; creating them (open, the folder's journal) cost more than
 * writing their bytes.
 *
 * `.folio-cache/packs/<name>.pack` holds sealed entries one after the other (the seal of cache.ts:
 * length and checksum, so a torn or damaged entry reads as a miss); `<name>.idx` has a line per
 * entry, written after its bytes: `namespace<TAB>key<TAB>offset<TAB>length`. A reader loads every
 * index once, in name order (names start with the time they were made: a later entry for a key wins
 * over an earlier one), and reads an entry with one positioned read.
 *
 * One writer per pack: a process appends to a pack of its own (one per cache folder and thread,
 * packsFor), made with a name no other writer has (`wx`), and closes it when it has written nothing
 * for a moment. Only the thread that owns a
 * build's cache writes packs; worker threads hand their entries to it (Cache `deferPacked`), so no
 * thread that may be terminated holds a pack open. Packs are never rewritten or deleted by folio
 * while it runs; deleting `.folio-cache` is always safe.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** The namespaces kept in packs: per-page entries, thousands at a time. The others stay a file each. */
export const PACKED_NAMESPACES: ReadonlySet<string> = new Set(['page', 'body', 'code-html', 'code']);

export const PACKS_DIR = 'packs';

interface Ref {
  pack: string;
  offset: number;
  length: number;
}

interface Writer {
  name: string;
  fd: number;
  index: number;
  at: number;
}

/** Appending to a pack of this process's own again: not created, no link followed. */
const REOPEN = constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0);

/** How long a writer keeps its pack open after its last entry (a build writes in bursts). */
const IDLE_CLOSE_MS = 250;

let sequence = 0;

/**
 * One Packs per cache folder in a thread: every build of a `folio serve` session (each with a Cache
 * of its own) appends to the same pack and shares one index, loaded once and kept up to date with
 * its own writes, instead of a new pack and a fresh read of every index per update.
 */
const shared = new Map<string, Packs>();

export function packsFor(cacheDir: string): Packs {
  const key = path.resolve(cacheDir);
  let packs = shared.get(key);
  if (!packs) shared.set(key, (packs = new Packs(key)));
  return packs;
}

/** Closes and forgets every shared Packs: the next Cache reads the indexes again, as a new process would (tests). */
export function forgetSharedPacks(): void {
  for (const packs of shared.values()) packs.close();
  shared.clear();
}

export class Packs {
  private index: Map<string, Ref> | undefined;
  private writer: Writer | undefined;
  /** The pack this process appends to (reopened after an idle close), and where it ends. */
  private current: { name: string } | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly cacheDir: string) {}

  private get dir(): string {
    return path.join(this.cacheDir, PACKS_DIR);
  }

  /** Every index line of every pack, once; damaged lines are skipped (their entries are misses). */
  private load(): Map<string, Ref> {
    if (this.index) return this.index;
    const index = new Map<string, Ref>();
    let names: string[] = [];
    try {
      names = readdirSync(this.dir).filter((name) => name.endsWith('.idx'));
    } catch {
      // no packs yet
    }
    for (const file of names.sort()) {
      const pack = file.slice(0, -'.idx'.length);
      let text: string;
      try {
        text = readFileSync(path.join(this.dir, file), 'latin1');
      } catch {
        continue;
      }
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        const fields = text.slice(start, end).split('\t');
        if (fields.length !== 4) continue;
        const offset = Number(fields[2]);
        const length = Number(fields[3]);
        if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length <= 0) continue;
        index.set(`${fields[0]}/${fields[1]}`, { pack, offset, length });
      }
    }
    this.index = index;
    return index;
  }

  has(id: string): boolean {
    return this.load().has(id);
  }

  /** The sealed bytes of an entry, or undefined (not in any pack, or its pack is gone or short). */
  read(id: string): Buffer | undefined {
    const ref = this.load().get(id);
    if (!ref) return undefined;
    let fd: number;
    try {
      fd = openSync(path.join(this.dir, `${ref.pack}.pack`), 'r');
    } catch {
      return undefined;
    }
    try {
      const bytes = Buffer.allocUnsafe(ref.length);
      let got = 0;
      while (got < ref.length) {
        const n = readSync(fd, bytes, got, ref.length - got, ref.offset + got);
        if (n === 0) return undefined;
        got += n;
      }
      return bytes;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Appends an entry's sealed bytes, then its index line. Throws what the file system throws. */
  write(namespace: string, key: string, sealed: Uint8Array): void {
    const writer = this.open();
    const offset = writer.at;
    for (let done = 0; done < sealed.length; ) done += writeSync(writer.fd, sealed, done, sealed.length - done);
    writer.at += sealed.length;
    const line = Buffer.from(`${namespace}\t${key}\t${offset}\t${sealed.length}\n`, 'latin1');
    for (let done = 0; done < line.length; ) done += writeSync(writer.index, line, done, line.length - done);
    this.load().set(`${namespace}/${key}`, { pack: writer.name, offset, length: sealed.length });
    this.closeWhenIdle();
  }

  private open(): Writer {
    if (this.writer) return this.writer;
    mkdirSync(this.dir, { recursive: true });
    if (!this.current) {
      // Time first, so that the index lines of later packs are read after (and win over) earlier ones.
      const name = `${Date.now().toString(16).padStart(12, '0')}-${process.pid}-${threadId}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const fd = openSync(path.join(this.dir, `${name}.pack`), 'wx');
      const index = openSync(path.join(this.dir, `${name}.idx`), 'wx');
      this.current = { name };
      this.writer = { name, fd, index, at: 0 };
      return this.writer;
    }
    // Reopened after an idle close: appended to its end (never through a link put in its place; a
    // pack deleted meanwhile, with the cache folder, is started afresh under a new name).
    const { name } = this.current;
    let fd: number | undefined;
    try {
      fd = openSync(path.join(this.dir, `${name}.pack`), REOPEN);
      const index = openSync(path.join(this.dir, `${name}.idx`), REOPEN);
      this.writer = { name, fd, index, at: fstatSync(fd).size };
      return this.writer;
    } catch {
      if (fd !== undefined) closeSync(fd);
      this.current = undefined;
      return this.open();
    }
  }

  private closeWhenIdle(): void {
    if (this.idleTimer) this.idleTimer.refresh();
    else {
      this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }

  /** Closes the pack being written, if any (the next entry opens it again). */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const writer = this.writer;
    this.writer = undefined;
    if (!writer) return;
    for (const fd of [writer.fd, writer.index]) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
  }
}
