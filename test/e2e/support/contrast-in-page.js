// Runs inside the page (read as text by contrast.ts, so no build step touches it).
// WCAG 2 contrast of every visible text against the background it is drawn on.
// options.exclude: a selector of elements not to judge.
(options) => {
    const parse = (value) => {
      const rgb = value.match(/^rgba?\(([^)]+)\)$/);
      if (rgb) {
        const parts = rgb[1].split(/[\s,/]+/).filter(Boolean).map(Number);
        return [parts[0], parts[1], parts[2], parts[3] ?? 1];
      }
      const srgb = value.match(/^color\(srgb ([^)]+)\)$/);
      if (srgb) {
        const parts = srgb[1].split(/[\s/]+/).filter(Boolean).map(Number);
        return [parts[0] * 255, parts[1] * 255, parts[2] * 255, parts[3] ?? 1];
      }
      return undefined;
    };
    const over = (top, bottom) => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]) => {
      const channel = (c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a, b) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    // The opaque background under an element, or undefined when an image or gradient is involved.
    const backgroundOf = (element) => {
      const layers = [];
      for (let node = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return undefined;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let result = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const describe = (element) => {
      const parts = [];
      for (let node = element; node && parts.length < 3; node = node.parentElement) {
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${Array.from(node.classList).slice(0, 2).join('.')}` : ''}`);
      }
      return parts.join(' > ');
    };
    const report = { checked: 0, skipped: 0, failures: [] };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      if (element.closest('[aria-hidden="true"], [hidden], script, style, noscript, svg')) continue;
      if (options.exclude && element.closest(options.exclude)) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.display === 'none' || element.getClientRects().length === 0) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      // Off-screen helpers (the skip link before focus, visually hidden text).
      if (rect.bottom < -50 || rect.right < -50 || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      if (element.disabled) continue;
      const background = backgroundOf(element);
      const colour = parse(style.color);
      if (!background || !colour) {
        report.skipped++;
        continue;
      }
      const foreground = over(colour, background);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      const value = ratio(foreground, background);
      report.checked++;
      if (value + 0.005 < required) {
        report.failures.push({
          text: text.slice(0, 60),
          selector: describe(element),
          ratio: Math.round(value * 100) / 100,
          required,
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        });
      }
    }
    return report;
}
