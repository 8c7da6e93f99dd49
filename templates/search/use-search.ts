import { useEffect, useState } from 'react';
import type { createSearch, PageResult } from '../../src/shared/search/engine.js';

/**
 * Results for the latest query (answers to older queries that arrive late are dropped): first the
 * early results (pages and sections, excerpts on their way) when the index has them, then all.
 * `pending` is true while excerpts are missing (an early answer always has one: each of its pages
 * matched in its intro or in a section, and those excerpts are null).
 */
export function useSearch(
  engine: ReturnType<typeof createSearch>,
  query: string,
  limit: number,
): { results: PageResult[] | null; failed: boolean; pending: boolean } {
  const [state, setState] = useState<{ results: PageResult[] | null; failed: boolean }>({ results: null, failed: false });
  useEffect(() => {
    let current = true;
    let done = false;
    if (!query.trim()) {
      setState({ results: null, failed: false });
      return;
    }
    const { early, full } = engine.answer(query, { limit });
    early.then((results) => current && !done && results && setState({ results, failed: false }));
    full.then(
      (results) => {
        done = true;
        if (current) setState({ results, failed: false });
      },
      () => {
        done = true;
        if (current) setState({ results: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [engine, query, limit]);
  const pending = !!state.results?.some((page) => page.excerpt === null || page.sections.some((section) => section.excerpt === null));
  return { ...state, pending };
}
