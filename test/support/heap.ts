/**
 * The heap a test's data holds, measured after a full collection: the memory tests build data,
 * drop what should go, and compare. V8's `gc` is exposed for the test's process here.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after collecting (twice: the first may leave what finalizers freed). */
export function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The same with array buffers' bytes, which typed arrays keep outside the heap. */
export function memoryAfterGc(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
