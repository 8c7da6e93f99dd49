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
    state = 'unavailable';
    console.warn(
      `[folio] localStorage is unavailable; colour mode, announcement and docs version preferences will not be remembered. (${(error as Error)?.message ?? error})`,
    );
    return undefined;
  }
}

export function storageAvailable(): boolean {
  return storage() !== undefined;
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
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
