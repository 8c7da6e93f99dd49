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
 * for a moment, when a build ends (Cache.close) or when the thread exits. Entries are gathered in
 * memory and written out together (two calls for hundreds of entries instead of two each), the
 * index lines after the bytes they point to; packs read from stay open until the same moments
 * (an open and a close per entry read were most of a warm build's reading). Only the thread that owns a
 * build's cache writes packs; worker threads hand their entries to it (Cache `deferPacked`), so no
 * thread that may be terminated holds a pack open. Packs are never rewritten. After a whole
 * one-shot build (every page looked up), the packs none of its lookups found anything in are
 * deleted (`pruneUnused`): what an older folio or another config wrote, which every later index
 * would read again. Deleting `.folio-cache` is always safe.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { FolioError } from '../errors/index.js';

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
  /** Where the pack ends, the entries not yet written included. */
  at: number;
  /** Entries appended since the last flush: their bytes, and their index lines. */
  pending: Buffer;
  used: number;
  lines: string;
}

/**
 * Entries are gathered up to this many bytes and written with one call each for the pack and its
 * index (a cold build of 1,000 pages appends ~4,000 entries: two calls each, before). A larger
 * entry is written on its own.
 */
const PENDING_BYTES = 1 << 20;

/** Read descriptors kept open per thread (a build reads thousands of entries from a few packs). */
const MAX_READERS = 32;

/** Reading a pack: no link followed, no FIFO waited on (then refused: not a regular file). */
const READ = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);

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

/** What a pack is named (time, process, thread, sequence, random): nothing else in the folder is taken for one. */
const PACK_NAME = /^[0-9a-f]{12}-\d+-\d+-[0-9a-z]+-[0-9a-z]+$/;

export class Packs {
  private index: Map<string, Ref> | undefined;
  /** The packs the index was loaded from, and those an entry was found in since (pruneUnused). */
  private loaded: string[] = [];
  private readonly hit = new Set<string>();
  private writer: Writer | undefined;
  /** The pack this process appends to (reopened after an idle close), and where it ends. */
  private current: { name: string } | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Open descriptors of packs read from, and the size each was last seen at. */
  private readonly readers = new Map<string, { fd: number; size: number }>();

  constructor(private readonly cacheDir: string) {}

  private get dir(): string {
    return path.join(this.cacheDir, PACKS_DIR);
  }

  /**
   * Whether the packs folder is a folder of the cache's own: a symbolic link put in its place
   * (to a user's folder) is neither read, written nor pruned through.
   */
  private ownFolder(): boolean {
    try {
      return lstatSync(this.dir).isDirectory();
    } catch {
      return false;
    }
  }

  /** Every index line of every pack, once; damaged lines are skipped (their entries are misses). */
  private load(): Map<string, Ref> {
    if (this.index) return this.index;
    const index = new Map<string, Ref>();
    let names: string[] = [];
    try {
      if (this.ownFolder()) names = readdirSync(this.dir).filter((name) => name.endsWith('.idx'));
    } catch {
      // no packs yet
    }
    for (const file of names.sort()) {
      const pack = file.slice(0, -'.idx'.length);
      if (!PACK_NAME.test(pack)) continue;
      this.loaded.push(pack);
      let text: string;
      try {
        // A regular file of its own only: a link or a device put there (/dev/zero) is not read.
        const at = path.join(this.dir, file);
        if (!lstatSync(at).isFile()) continue;
        text = readFileSync(at, 'latin1');
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
    const ref = this.load().get(id);
    if (ref) this.hit.add(ref.pack);
    return ref !== undefined;
  }

  /** The sealed bytes of an entry, or undefined (not in any pack, or its pack is gone or short). */
  read(id: string): Buffer | undefined {
    const ref = this.load().get(id);
    if (!ref) return undefined;
    this.hit.add(ref.pack);
    // An entry of this thread's own still gathered: written out first.
    if (this.writer?.name === ref.pack && this.writer.used > 0) {
      try {
        this.flush();
      } catch {
        return undefined;
      }
    }
    const reader = this.reader(ref.pack, ref.offset + ref.length);
    // A regular file that holds the whole entry: an index line damaged into a huge length allocates nothing.
    if (!reader || ref.offset + ref.length > reader.size) return undefined;
    try {
      const bytes = Buffer.allocUnsafe(ref.length);
      let got = 0;
      while (got < ref.length) {
        const n = readSync(reader.fd, bytes, got, ref.length - got, ref.offset + got);
        if (n === 0) return undefined;
        got += n;
      }
      return bytes;
    } catch {
      this.dropReader(ref.pack);
      return undefined;
    }
  }

  /**
   * A pack opened for reading (kept open: packs are never rewritten, only appended to by their one
   * writer), with its size; looked at again when an entry is past the size last seen. Undefined
   * when it is gone or not a regular file.
   */
  private reader(pack: string, needed: number): { fd: number; size: number } | undefined {
    let reader = this.readers.get(pack);
    if (!reader) {
      let fd: number;
      try {
        fd = openSync(path.join(this.dir, `${pack}.pack`), READ);
      } catch {
        return undefined;
      }
      try {
        if (!fstatSync(fd).isFile()) {
          closeSync(fd);
          return undefined;
        }
      } catch {
        closeSync(fd);
        return undefined;
      }
      if (this.readers.size >= MAX_READERS) this.closeReaders();
      reader = { fd, size: 0 };
      this.readers.set(pack, reader);
      this.closeWhenIdle();
    }
    if (needed > reader.size) {
      try {
        reader.size = fstatSync(reader.fd).size;
      } catch {
        this.dropReader(pack);
        return undefined;
      }
    }
    return reader;
  }

  private dropReader(pack: string): void {
    const reader = this.readers.get(pack);
    if (!reader) return;
    this.readers.delete(pack);
    try {
      closeSync(reader.fd);
    } catch {
      // already closed
    }
  }

  private closeReaders(): void {
    for (const pack of [...this.readers.keys()]) this.dropReader(pack);
  }

  /**
   * Appends an entry's sealed bytes, then its index line: gathered, and written out when enough
   * has gathered, before one of them is read, when the pack is closed (after a moment without
   * writes, or by `close`) and when the thread exits. Throws what the file system throws.
   */
  write(namespace: string, key: string, sealed: Uint8Array): void {
    const writer = this.open();
    if (writer.used + sealed.length > writer.pending.length) this.flush();
    const offset = writer.at;
    const line = `${namespace}\t${key}\t${offset}\t${sealed.length}\n`;
    if (sealed.length > writer.pending.length) {
      writeAll(writer.fd, sealed);
      writeAll(writer.index, Buffer.from(line, 'latin1'));
    } else {
      writer.pending.set(sealed, writer.used);
      writer.used += sealed.length;
      writer.lines += line;
    }
    writer.at += sealed.length;
    this.load().set(`${namespace}/${key}`, { pack: writer.name, offset, length: sealed.length });
    this.closeWhenIdle();
  }

  /** Writes out the gathered entries: their bytes first, then their index lines. */
  private flush(): void {
    const writer = this.writer;
    if (!writer || writer.used === 0) return;
    const { used, lines } = writer;
    writer.used = 0;
    writer.lines = '';
    writeAll(writer.fd, writer.pending.subarray(0, used));
    writeAll(writer.index, Buffer.from(lines, 'latin1'));
  }

  private open(): Writer {
    if (this.writer) return this.writer;
    mkdirSync(this.dir, { recursive: true });
    if (!this.ownFolder()) {
      throw new FolioError({
        code: 'FS_NOT_A_FOLDER',
        message: "the cache's packs folder is not a folder (a link?): nothing is written through it",
        location: { file: this.dir },
      });
    }
    if (!this.current) {
      // Time first, so that the index lines of later packs are read after (and win over) earlier ones.
      const name = `${Date.now().toString(16).padStart(12, '0')}-${process.pid}-${threadId}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const fd = openSync(path.join(this.dir, `${name}.pack`), 'wx');
      const index = openSync(path.join(this.dir, `${name}.idx`), 'wx');
      this.current = { name };
      this.writer = { name, fd, index, at: 0, pending: pendingBuffer(), used: 0, lines: '' };
      return this.writer;
    }
    // Reopened after an idle close: appended to its end (never through a link put in its place; a
    // pack deleted meanwhile, with the cache folder, is started afresh under a new name).
    const { name } = this.current;
    let fd: number | undefined;
    try {
      fd = openSync(path.join(this.dir, `${name}.pack`), REOPEN);
      const index = openSync(path.join(this.dir, `${name}.idx`), REOPEN);
      this.writer = { name, fd, index, at: fstatSync(fd).size, pending: pendingBuffer(), used: 0, lines: '' };
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
      this.idleTimer = setTimeout(() => {
        try {
          this.close();
        } catch {
          // entries not written out are misses for the next build (their seal is checked), not an error of this one
        }
      }, IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }

  /**
   * Deletes the packs this thread's index was loaded from in which no entry was found since: after
   * a whole build, what folio's code or the config no longer asks for (a new version of folio, a
   * changed config: every key changes), which would otherwise be read into every later index.
   * Only regular files named as packs in the packs folder, never the one being written. Returns
   * how many packs were deleted; a pack another process is reading reads as misses there.
   */
  pruneUnused(): number {
    if (!this.ownFolder()) return 0;
    let removed = 0;
    const gone = new Set<string>();
    for (const pack of this.loaded) {
      if (this.hit.has(pack) || pack === this.current?.name) continue;
      let deleted = false;
      for (const ext of ['.idx', '.pack']) {
        const file = path.join(this.dir, `${pack}${ext}`);
        try {
          if (!lstatSync(file).isFile()) continue;
          if (ext === '.pack') this.dropReader(pack);
          unlinkSync(file);
          deleted = true;
        } catch {
          // gone already
        }
      }
      gone.add(pack);
      if (deleted) removed++;
    }
    if (gone.size && this.index) for (const [id, ref] of this.index) if (gone.has(ref.pack)) this.index.delete(id);
    this.loaded = this.loaded.filter((pack) => !gone.has(pack));
    return removed;
  }

  /** Writes out what is gathered and closes the pack being written and the packs read from (the next entry opens them again). */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.closeReaders();
    const writer = this.writer;
    if (!writer) return;
    try {
      this.flush();
    } finally {
      this.writer = undefined;
      for (const fd of [writer.fd, writer.index]) {
        try {
          closeSync(fd);
        } catch {
          // already closed
        }
      }
    }
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

const pendingBuffer = () => Buffer.allocUnsafeSlow(PENDING_BYTES);

// What the packs of this thread gathered is written out when it exits (a build does not close its cache).
process.on('exit', () => {
  for (const packs of shared.values()) {
    try {
      packs.close();
    } catch {
      // a cache that cannot be written is a slower next build, not a failed one
    }
  }
});
