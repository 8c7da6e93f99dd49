/**
 * A persistent, content-addressed cache under `.folio-cache/`. Keys are
 * hashes of everything an entry depends on (content, folio version, config),
 * so a stale entry is never read: changed input means a different key.
 * Every entry is sealed with the length and a hash of its text: a truncated,
 * damaged or foreign file does not verify and counts as a miss, so the cache
 * can never change the output. A cache that cannot be written (read-only,
 * disk full) stops being written for the rest of the build, once reported.
 * Safe to delete at any time.
 */
import { closeSync, constants, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { FolioError, fsError, isFsError } from '../errors/index.js';
import { writeFileAtomic } from './atomic-write.js';
import { PACKED_NAMESPACES, type Packs, packsFor } from './cache-packs.js';
import { checksum } from './hash.js';

const SEAL = 'folio-cache-1';

/** Room kept in front of an entry's bytes for its seal (`folio-cache-1 <40 hex> <length>\n`: 70 at most). */
const HEAD_ROOM = 96;
/**
 * One buffer per thread that seals are written in, grown to the largest entry: a fresh buffer per
 * entry (two, with the copy that put the seal in front) faulted in 240 MB of new memory for the
 * search records of 10,000 pages, 1.8 s of the emitter's time.
 */
let scratch = Buffer.allocUnsafeSlow(1 << 16);
/** The most the reused buffer grows to (32 MB). */
const SCRATCH_MAX = 32 << 20;

/** The reused buffer, grown to `size`; an entry past SCRATCH_MAX gets a buffer of its own, so the one kept stays small. */
function bufferFor(size: number): Buffer {
  if (size <= scratch.length) return scratch;
  if (size > SCRATCH_MAX) return Buffer.allocUnsafeSlow(size);
  scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(size, scratch.length * 2)));
  return scratch;
}

/**
 * A text with its seal in front: `folio-cache-1 <sha1> <bytes>\n<text>`, as the bytes written
 * (the text is encoded once, and the checksum is taken of those bytes). The view is of a buffer
 * the next call reuses: write it before sealing again.
 */
function sealInScratch(text: string): Buffer {
  const buffer = bufferFor(HEAD_ROOM + text.length * 3);
  const bytes = buffer.write(text, HEAD_ROOM, 'utf8');
  const head = `${SEAL} ${checksum(buffer.subarray(HEAD_ROOM, HEAD_ROOM + bytes))} ${bytes}\n`;
  const start = HEAD_ROOM - head.length;
  buffer.write(head, start, 'latin1');
  return buffer.subarray(start, HEAD_ROOM + bytes);
}

/** A text with its seal in front, as the bytes written (a buffer of its own). */
export function seal(text: string): Buffer {
  return Buffer.from(sealInScratch(text));
}

/** An entry a worker thread made for a pack, handed to the thread that writes the build's packs. */
export type DeferredEntry = [namespace: string, key: string, sealed: Uint8Array];

/** The text inside a seal, or undefined when the seal is missing or does not match (damaged entry). */
export function unseal(raw: Buffer): string | undefined {
  const end = raw.indexOf(10);
  if (end < 0 || end > 200) return undefined;
  const [tag, sum, bytes] = raw.toString('latin1', 0, end).split(' ');
  if (tag !== SEAL) return undefined;
  const body = raw.subarray(end + 1);
  if (body.length !== Number(bytes) || checksum(body) !== sum) return undefined;
  return body.toString('utf8');
}

/** Reads a sealed file: its text, or undefined when it is missing or does not verify. */
export function readSealed(file: string): string | undefined {
  try {
    return unseal(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** Writes a sealed file atomically. */
export function writeSealed(file: string, text: string, options?: { makeDir?: boolean }): void {
  writeFileAtomic(file, sealInScratch(text), options);
}

/** Not truncated on open (what is there is looked at first); no FIFO waited on (O_NONBLOCK); no link followed. */
const IN_PLACE = constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);

/** What opening the entry in place meets when something else is at its name: a link (ELOOP, EMLINK), a FIFO (ENXIO), a folder, a read-only file. */
const REPLACED = new Set(['ELOOP', 'EMLINK', 'ENXIO', 'EISDIR', 'EACCES', 'EPERM']);

/**
 * Writes a cache entry in place, not under a temporary name renamed into place: a reader that meets
 * a torn entry finds its seal wrong and counts a miss, so the rename (one per entry, 4,000 in a cold
 * build of 1,000 pages) bought nothing. What is at the entry's name must be a file of the cache's
 * own: a symbolic link there is not followed (O_NOFOLLOW), and a file with other names (a hard link)
 * or anything but a regular file is not written through; they are replaced whole by a rename
 * instead, as before. Nothing is truncated before that is known.
 */
function writeEntry(file: string, bytes: Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(file, IN_PLACE, 0o644);
  } catch (error) {
    if (REPLACED.has((error as NodeJS.ErrnoException).code ?? '')) return writeFileAtomic(file, bytes, { makeDir: false });
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.nlink > 1) {
      closeSync(fd);
      fd = -1;
      return writeFileAtomic(file, bytes, { makeDir: false });
    }
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    if (stat.size > bytes.length) ftruncateSync(fd, bytes.length);
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/**
 * Checks that a cache folder can be used: created if missing, and writable. Returns the problem
 * as a catalogue error, or undefined when the folder is fine.
 */
export function probeCacheDir(dir: string): FolioError | undefined {
  const probe = path.join(dir, `.probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    if (!isFsError(error)) throw error;
    if (error.code === 'EEXIST' || error.code === 'ENOTDIR') {
      return new FolioError({ code: 'FS_NOT_A_FOLDER', message: 'the cache folder is a file, not a folder', location: { file: dir }, cause: error });
    }
    return fsError(error, { path: dir });
  }
}

export class Cache {
  private readonly memory = new Map<string, unknown>();
  private readonly madeDirs = new Set<string>();
  /**
   * Files (and folders) outside the content folders that this build's results were made from or
   * checked against: bundle inputs, the files typedoc read. The up-to-date stamp watches them.
   */
  readonly dependencies = new Set<string>();

  /** False once a write failed: the rest of the build does not write (and the problem was reported). */
  private writable = true;

  /** The pack files of the namespaces kept in packs (cache-packs.ts). */
  private readonly packs: Packs | undefined;
  /** Entries for packs made in a worker thread, until the owning thread takes them (`deferPacked`). */
  private deferred: DeferredEntry[] = [];

  /**
   * @param dir where entries persist (undefined: this process only)
   * @param options.memory keep entries in memory too (watch mode builds again and again; a
   *   one-shot build with a disk cache does not, and at 10,000 pages the copies cost gigabytes)
   * @param options.onWriteError called once, when the first write fails (the build goes on)
   * @param options.deferPacked (a worker thread) keep entries of packed namespaces for the thread
   *   that owns the build's cache, which writes them (takeDeferred, then adopt there)
   */
  constructor(
    readonly dir: string | undefined,
    private readonly options: { memory?: boolean; onWriteError?: (error: unknown) => void; deferPacked?: boolean } = {},
  ) {
    this.packs = dir ? packsFor(dir) : undefined;
  }

  /** Whether entries written now reach the disk (there is a cache folder and no write has failed). */
  get persistent(): boolean {
    return this.dir !== undefined && this.writable;
  }

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
    let text: string | undefined;
    if (this.packs && PACKED_NAMESPACES.has(namespace)) {
      const sealed = this.packs.read(id);
      text = sealed && unseal(sealed);
    } else {
      const file = this.fileFor(namespace, key, ext);
      if (!file) return undefined;
      text = readSealed(file);
    }
    if (text === undefined) return undefined;
    try {
      const value = decode(text);
      this.keep(id, value);
      return value;
    } catch {
      // sealed but not what this version reads: compute it
      return undefined;
    }
  }

  /**
   * Stores an entry: in memory (if kept) and, sealed, under a temporary name renamed into place.
   * Returns whether it reached the disk (true without a disk cache: nothing was expected there).
   */
  private store(namespace: string, key: string, value: unknown, ext: string, text: string): boolean {
    this.keep(`${namespace}/${key}`, value);
    const file = this.fileFor(namespace, key, ext);
    if (!file) return true;
    if (!this.writable) return false;
    if (PACKED_NAMESPACES.has(namespace)) {
      if (this.options.deferPacked) {
        // A copy of its own: a view of a shared buffer would carry the whole buffer to the other thread.
        this.deferred.push([namespace, key, new Uint8Array(sealInScratch(text))]);
        return true;
      }
      return this.append(namespace, key, sealInScratch(text));
    }
    try {
      const dir = path.dirname(file);
      if (!this.madeDirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.madeDirs.add(dir);
      }
      writeEntry(file, sealInScratch(text));
      return true;
    } catch (error) {
      this.writable = false;
      this.options.onWriteError?.(error);
      return false;
    }
  }

  get<T>(namespace: string, key: string): T | undefined {
    return this.read(namespace, key, 'json', (text) => JSON.parse(text) as T);
  }

  set<T>(namespace: string, key: string, value: T): boolean {
    return this.store(namespace, key, value, 'json', JSON.stringify(value));
  }

  /** A text entry (stored as it is, not as JSON: page bodies read back fast). */
  getText(namespace: string, key: string): string | undefined {
    return this.read(namespace, key, 'txt', (text) => text);
  }

  setText(namespace: string, key: string, value: string): boolean {
    return this.store(namespace, key, value, 'txt', value);
  }

  /** Whether a text entry is there, without reading it. */
  hasText(namespace: string, key: string): boolean {
    return this.has(namespace, key, 'txt');
  }

  /** Whether an entry is there, without reading it (`json`: one `set` wrote; `txt`: one `setText` wrote). */
  has(namespace: string, key: string, ext: 'json' | 'txt' = 'json'): boolean {
    if (this.memory.has(`${namespace}/${key}`)) return true;
    if (this.packs && PACKED_NAMESPACES.has(namespace)) return this.packs.has(`${namespace}/${key}`);
    const file = this.fileFor(namespace, key, ext);
    return file !== undefined && existsSync(file);
  }

  private append(namespace: string, key: string, sealed: Uint8Array): boolean {
    try {
      this.packs!.write(namespace, key, sealed);
      return true;
    } catch (error) {
      this.writable = false;
      this.options.onWriteError?.(error);
      return false;
    }
  }

  /** The entries made for packs since the last call (a worker thread's, for its answer). */
  takeDeferred(): DeferredEntry[] {
    const taken = this.deferred;
    this.deferred = [];
    return taken;
  }

  /** Writes entries a worker thread made for packs; returns whether all reached the disk. */
  adopt(entries: readonly DeferredEntry[]): boolean {
    if (!this.packs) return true;
    let all = true;
    for (const [namespace, key, sealed] of entries) {
      if (!this.writable || !this.append(namespace, key, sealed)) all = false;
    }
    return all;
  }

  /** After a whole one-shot build: deletes the packs none of its lookups found anything in (cache-packs.ts). */
  pruneUnusedPacks(): number {
    return this.writable ? (this.packs?.pruneUnused() ?? 0) : 0;
  }

  /**
   * Writes out the entries gathered for packs and closes the packs being written and read (a build
   * calls it at its end; an idle moment or the thread's exit does it too). A write that fails is
   * reported like any other (onWriteError) and leaves the cache unwritten for the rest of the build.
   */
  close(): void {
    try {
      this.packs?.close();
    } catch (error) {
      if (this.writable) {
        this.writable = false;
        this.options.onWriteError?.(error);
      }
    }
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
