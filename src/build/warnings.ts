import type { ErrorCode, SourceLocation } from '../errors/index.js';

export interface Warning {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
}

/** Collects the warnings of one build; each distinct warning is kept once. */
export class WarningList {
  readonly items: Warning[] = [];
  private readonly seen = new Set<string>();

  add(warning: Warning): void {
    const id = `${warning.code}|${warning.location?.file}|${warning.location?.line}|${warning.message}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.items.push(warning);
  }

  get count(): number {
    return this.items.length;
  }
}
