/**
 * localStorage that fails safe: when storage is unavailable (private mode,
 * disabled cookies, a throwing getter) it logs one warning and every call
 * becomes a no-op, so storage-based features switch off and nothing breaks.
 * Isomorphic: on the server there is no storage and no warning.
 */
export const STORAGE_KEYS = {
  theme: 'folio.theme',
  announcementDismissed: 'folio.announcement.dismissed',
  docsVersion: 'folio.docs.preferredVersion',
} as const;

let state: 'unknown' | 'ok' | 'unavailable' = 'unknown';

function unavailable(error: unknown): undefined {
  state = 'unavailable';
  console.warn(
    `[folio] localStorage is unavailable; colour mode, announcement and docs version preferences will not be remembered. (${(error as Error)?.message ?? error})`,
  );
  return undefined;
}

/** The store for writing: proven writable once (a probe key written and removed). */
function storage(): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  if (state === 'unavailable') return undefined;
  try {
    const store = window.localStorage;
    if (state === 'unknown') {
      const probe = '__folio_probe__';
      store.setItem(probe, probe);
      store.removeItem(probe);
      state = 'ok';
    }
    return store;
  } catch (error) {
    return unavailable(error);
  }
}

export function storageAvailable(): boolean {
  return storage() !== undefined;
}

/**
 * A read needs no write probe (the first write to a fresh origin's storage costs milliseconds, on
 * the path of the search dialog's first render); a store that cannot be reached is found out here too.
 */
export function readStorage(key: string): string | null {
  if (typeof window === 'undefined' || state === 'unavailable') return null;
  let store: Storage;
  try {
    store = window.localStorage;
  } catch (error) {
    return unavailable(error) ?? null;
  }
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the preference is simply not remembered.
  }
}
