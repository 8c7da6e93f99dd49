import { useEffect, useState } from 'react';
import type { createSearch, PageResult } from '../../src/shared/search/engine.js';

/** Results for the latest query (answers to older queries that arrive late are dropped). */
export function useSearch(engine: ReturnType<typeof createSearch>, query: string, limit: number): { results: PageResult[] | null; failed: boolean } {
  const [state, setState] = useState<{ results: PageResult[] | null; failed: boolean }>({ results: null, failed: false });
  useEffect(() => {
    let current = true;
    if (!query.trim()) {
      setState({ results: null, failed: false });
      return;
    }
    engine.search(query, { limit }).then(
      (results) => current && setState({ results, failed: false }),
      () => current && setState({ results: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [engine, query, limit]);
  return state;
}
