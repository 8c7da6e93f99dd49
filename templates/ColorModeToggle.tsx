import { useEffect, useState } from 'react';
import { STORAGE_KEYS, writeStorage } from '../src/shared/storage.js';
import { useSite } from './context.js';
import { Icon } from './Icons.js';

type Mode = 'light' | 'dark';

/**
 * Switches the colour mode. The inline head script has already applied the
 * stored mode before first paint; this button reads it from <html data-theme>
 * after hydration, so server and client markup agree.
 */
export function ColorModeToggle() {
  const site = useSite();
  const [mode, setMode] = useState<Mode>(site.colorMode.defaultMode);
  useEffect(() => {
    const current = document.documentElement.dataset.theme;
    if (current === 'dark' || current === 'light') setMode(current);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme && (event.newValue === 'dark' || event.newValue === 'light')) apply(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  if (site.colorMode.disableSwitch) return null;
  function apply(next: Mode) {
    document.documentElement.dataset.theme = next;
    setMode(next);
  }
  const next: Mode = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle icon-button"
      title={`Switch to ${next} mode`}
      aria-label={`Switch to ${next} mode (currently ${mode} mode)`}
      onClick={() => {
        apply(next);
        writeStorage(STORAGE_KEYS.theme, next);
      }}
    >
      <Icon name={mode === 'dark' ? 'moon' : 'sun'} />
    </button>
  );
}
