/**
 * `Promise.all` that waits for every task before it rejects (with the first failure), so no
 * task is still writing when the caller cleans up after the failure.
 */
export async function settleAll<T extends readonly unknown[]>(tasks: readonly [...{ [K in keyof T]: T[K] | Promise<T[K]> }]): Promise<T> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
