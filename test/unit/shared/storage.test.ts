import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of storage.ts (its state is per module) against a fake window. */
async function withWindow(window: unknown) {
  vi.resetModules();
  vi.stubGlobal('window', window);
  return import('../../../src/shared/storage.js');
}

function fakeStorage() {
  const data = new Map<string, string>();
  const calls: string[] = [];
  const store = {
    getItem(key: string) {
      calls.push(`get ${key}`);
      return data.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      calls.push(`set ${key}`);
      data.set(key, value);
    },
    removeItem(key: string) {
      calls.push(`remove ${key}`);
      data.delete(key);
    },
  };
  return { store, data, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('reads without writing anything, and writes after one probe', async () => {
    const { store, data, calls } = fakeStorage();
    data.set('folio.search.recent', '["kafka"]');
    const storage = await withWindow({ localStorage: store });
    expect(storage.readStorage('folio.search.recent')).toBe('["kafka"]');
    expect(storage.readStorage('missing')).toBeNull();
    expect(calls).toEqual(['get folio.search.recent', 'get missing']);
    storage.writeStorage('folio.theme', 'dark');
    storage.writeStorage('folio.theme', 'light');
    expect(calls.slice(2)).toEqual(['set __folio_probe__', 'remove __folio_probe__', 'set folio.theme', 'set folio.theme']);
    expect(data.get('folio.theme')).toBe('light');
    expect(data.has('__folio_probe__')).toBe(false);
  });

  it('a store whose getter throws reads as empty, warns once, and writes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const window = {
      get localStorage(): Storage {
        throw new Error('SecurityError: access denied');
      },
    };
    const storage = await withWindow(window);
    expect(storage.readStorage('folio.theme')).toBeNull();
    expect(storage.readStorage('folio.theme')).toBeNull();
    expect(() => storage.writeStorage('folio.theme', 'dark')).not.toThrow();
    expect(storage.storageAvailable()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/localStorage is unavailable.*access denied/);
  });

  it('a store that reads but refuses writes (quota 0) still reads, and writing is a no-op with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, data } = fakeStorage();
    data.set('folio.theme', 'dark');
    store.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const storage = await withWindow({ localStorage: store });
    expect(storage.readStorage('folio.theme')).toBe('dark');
    expect(() => storage.writeStorage('folio.theme', 'light')).not.toThrow();
    expect(data.get('folio.theme')).toBe('dark');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('on the server (no window) reads null and writes nothing, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.resetModules();
    const storage = await import('../../../src/shared/storage.js');
    expect(storage.readStorage('folio.theme')).toBeNull();
    storage.writeStorage('folio.theme', 'dark');
    expect(warn).not.toHaveBeenCalled();
  });
});
