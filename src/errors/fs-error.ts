/**
 * Turns what Node throws into catalogue errors. A file-system error (it has
 * an errno `code` and usually a `path`) becomes a FolioError that says what
 * happened, to which path and what to do; anything else that is not already
 * a FolioError is an INTERNAL error that keeps the original as its cause
 * (its stack is printed only with --debug or FOLIO_DEBUG).
 */
import type { ErrorCode } from './catalogue.js';
import { FolioError, isFolioError } from './folio-error.js';

const FS_CODES: Record<string, ErrorCode> = {
  EACCES: 'FS_PERMISSION',
  EPERM: 'FS_PERMISSION',
  ENOSPC: 'FS_NO_SPACE',
  EDQUOT: 'FS_NO_SPACE',
  EROFS: 'FS_READ_ONLY',
  ENOTDIR: 'FS_NOT_A_FOLDER',
  EISDIR: 'FS_NOT_A_FOLDER',
  EEXIST: 'FS_NOT_A_FOLDER',
  ENOTEMPTY: 'FS_FAILED',
  EMFILE: 'FS_TOO_MANY_FILES',
  ENFILE: 'FS_TOO_MANY_FILES',
  ENAMETOOLONG: 'FS_FAILED',
  ELOOP: 'FS_FAILED',
  ENOENT: 'FS_FAILED',
  EBUSY: 'FS_FAILED',
  EIO: 'FS_FAILED',
  EXDEV: 'FS_FAILED',
};

const WHAT: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  EEXIST: 'something is already there',
  ENOTEMPTY: 'the folder is not empty',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on this machine',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  ENOENT: 'it does not exist',
  EBUSY: 'it is busy (in use by another program)',
  EIO: 'input/output error (a failing disk?)',
  EXDEV: 'it is on another disk than its destination',
};

const OPERATION: Record<string, string> = {
  open: 'cannot open',
  read: 'cannot read',
  write: 'cannot write',
  mkdir: 'cannot create the folder',
  rmdir: 'cannot remove the folder',
  rm: 'cannot remove',
  unlink: 'cannot delete',
  rename: 'cannot rename',
  scandir: 'cannot list the folder',
  opendir: 'cannot list the folder',
  stat: 'cannot read the state of',
  lstat: 'cannot read the state of',
  copyfile: 'cannot copy',
  link: 'cannot link',
  symlink: 'cannot link',
  access: 'cannot use',
  utime: 'cannot touch',
  chmod: 'cannot change the mode of',
};

interface ErrnoLike {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  dest?: unknown;
  message?: unknown;
}

/** Whether a value looks like an error Node's file-system calls throw. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as ErrnoLike | undefined)?.code;
  return typeof code === 'string' && code in FS_CODES && error instanceof Error;
}

/** The catalogue error for a file-system failure: the operation, the path and what it means. */
export function fsError(error: NodeJS.ErrnoException, { path: fallbackPath }: { path?: string } = {}): FolioError {
  const code = String(error.code);
  const file = typeof error.path === 'string' ? error.path : fallbackPath;
  // The path is the location (printed in front of the message, relative to the working folder).
  const operation = (OPERATION[String(error.syscall ?? '')] ?? (error.syscall ? `${error.syscall} failed on` : 'failed on')).replace(/ (of|on)$/, '');
  const dest = typeof (error as ErrnoLike).dest === 'string' ? ` (to ${(error as ErrnoLike).dest as string})` : '';
  return new FolioError({
    code: FS_CODES[code] ?? 'FS_FAILED',
    message: `${operation}${dest}: ${WHAT[code] ?? code} (${code})`,
    location: file ? { file } : undefined,
    cause: error,
  });
}

/**
 * Every failure as a FolioError: FolioErrors as they are, file-system errors through fsError,
 * anything else as INTERNAL (a bug in folio: the original stays as the cause).
 */
export function asFolioError(error: unknown): FolioError {
  if (isFolioError(error)) return error;
  if (isFsError(error)) return fsError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new FolioError({ code: 'INTERNAL', message, cause: error });
}
