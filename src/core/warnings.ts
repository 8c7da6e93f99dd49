import type { SiteConfig } from '../config/schema.js';
import { FolioError, formatLocation, type ErrorCode, type SourceLocation } from '../errors/index.js';
import type { Logger } from './logger.js';

export interface Warning {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
}

/**
 * What the site wants done with a kind of warning (Docusaurus's `onBroken*` semantics):
 * `ignore` drops it, `log` prints it as information, `warn` prints it as a warning
 * (it counts, and fails `--strict`), `throw` prints it and fails `folio build`.
 */
export type Severity = 'ignore' | 'log' | 'warn' | 'throw';

export type SeverityPolicy = Partial<Record<ErrorCode, { severity: Severity; option: string }>>;

/** The config options that set a severity, by the warning code they govern. */
export function severityPolicy(
  config: Pick<SiteConfig, 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors' | 'onDuplicateRoutes' | 'blog'>,
): SeverityPolicy {
  const policy: SeverityPolicy = {
    BROKEN_LINK: { severity: config.onBrokenLinks, option: 'onBrokenLinks' },
    BROKEN_MARKDOWN_LINK: { severity: config.onBrokenMarkdownLinks, option: 'onBrokenMarkdownLinks' },
    BROKEN_ANCHOR: { severity: config.onBrokenAnchors, option: 'onBrokenAnchors' },
    DUPLICATE_ROUTE: { severity: config.onDuplicateRoutes, option: 'onDuplicateRoutes' },
  };
  if (config.blog) {
    policy.INLINE_TAG = { severity: config.blog.onInlineTags, option: 'blog.onInlineTags' };
    policy.INLINE_AUTHOR = { severity: config.blog.onInlineAuthors, option: 'blog.onInlineAuthors' };
    policy.UNTRUNCATED_POST = { severity: config.blog.onUntruncatedBlogPosts, option: 'blog.onUntruncatedBlogPosts' };
  }
  return policy;
}

/** Stable identity of a warning: a list keeps each once, and a session compares builds by it. */
export function warningId(warning: Warning): string {
  return `${warning.code}|${warning.location?.file}|${warning.location?.line}|${warning.message}`;
}

/** Collects the warnings of one build; each distinct warning is kept once, at the severity the site set for its code. */
export class WarningList {
  /** Warnings (severity `warn` or `throw`): printed as warnings and counted. */
  readonly items: Warning[] = [];
  /** Warnings the site asked to see as information only (severity `log`). */
  readonly logged: Warning[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly policy: SeverityPolicy = {}) {}

  severityOf(code: ErrorCode): Severity {
    return this.policy[code]?.severity ?? 'warn';
  }

  add(warning: Warning): void {
    const severity = this.severityOf(warning.code);
    if (severity === 'ignore') return;
    const id = warningId(warning);
    if (this.seen.has(id)) return;
    this.seen.add(id);
    (severity === 'log' ? this.logged : this.items).push(warning);
  }

  /** An empty list with the same policy. */
  fresh(): WarningList {
    return new WarningList(this.policy);
  }

  /** The warnings whose option says `throw`, by option name. */
  fatal(): Map<string, Warning[]> {
    const byOption = new Map<string, Warning[]>();
    for (const warning of this.items) {
      const rule = this.policy[warning.code];
      if (rule?.severity !== 'throw') continue;
      const list = byOption.get(rule.option) ?? [];
      list.push(warning);
      byOption.set(rule.option, list);
    }
    return byOption;
  }

  get count(): number {
    return this.items.length;
  }
}

/** Prints a build's warnings (and, below them, what the site asked to see as information). */
export function reportWarnings(logger: Logger, warnings: WarningList): void {
  for (const warning of warnings.items) logger.warn(warning);
  for (const warning of warnings.logged) logger.note(warning);
}

/**
 * Fails the build when an option says `throw` for warnings it had, listing every offender
 * with its place (Docusaurus lists every broken link before it stops).
 */
export function throwOnFatal(warnings: WarningList): void {
  const fatal = warnings.fatal();
  if (fatal.size === 0) return;
  const lines: string[] = [];
  let total = 0;
  for (const [option, list] of fatal) {
    total += list.length;
    lines.push(`${option} is 'throw': ${list.length} ${list.length === 1 ? 'offender' : 'offenders'}`);
    for (const warning of list) {
      const where = formatLocation(warning.location);
      lines.push(`    ${where ? `${where}: ` : ''}${warning.message}`);
    }
  }
  throw new FolioError({
    code: 'WARNINGS_THROW',
    message: `${total} warning${total === 1 ? '' : 's'} the site's options turn into errors:\n  ${lines.join('\n  ')}`,
  });
}
