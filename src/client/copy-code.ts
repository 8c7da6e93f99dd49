/**
 * The Copy button of code blocks (pre-rendered in the page body as
 * `button.code-copy`): copies the block's code, says "Copied" for a moment.
 * A chunk of its own: main.tsx's delegated listener (so bodies shown by client navigation work
 * too) imports it on a click, and pages with code blocks fetch it ahead, when they are shown.
 */
async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context or no permission: the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function copyFrom(button: HTMLButtonElement): void {
  const code = button.closest('.code-block')?.querySelector('pre code, pre');
  if (!code) return;
  const label = button.dataset.label ?? button.textContent ?? 'Copy';
  button.dataset.label = label;
  writeClipboard((code.textContent ?? '').replace(/\n$/, '')).then(
    () => {
      button.dataset.copied = '';
      button.textContent = 'Copied';
      button.setAttribute('aria-label', 'Copied');
      window.setTimeout(() => {
        delete button.dataset.copied;
        button.textContent = label;
        button.setAttribute('aria-label', 'Copy code');
      }, 2000);
    },
    () => {
      button.textContent = 'Copy failed';
      window.setTimeout(() => (button.textContent = label), 2000);
    },
  );
}
