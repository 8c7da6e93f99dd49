import { describe, expect, it } from 'vitest';
import { planRender } from '../../../src/render/plan-render.js';
import type { Route } from '../../../src/routes/types.js';

const route = (path: string, key = `${path}-k`) => ({ path, key }) as Route;
const paths = (routes: readonly Route[]) => routes.map((r) => r.path);

describe('planRender', () => {
  it('renders everything as new when there is no previous output, and routes.json changes', () => {
    const routes = [route('/a'), route('/b')];
    const plan = planRender({
      routes,
      fingerprints: new Map([
        ['/a', '1'],
        ['/b', '2'],
      ]),
      previous: undefined,
    });
    expect(plan.render.map(({ route, reason }) => [route.path, reason])).toEqual([
      ['/a', 'new'],
      ['/b', 'new'],
    ]);
    expect(plan.reuse).toEqual([]);
    expect(plan.remove).toEqual([]);
    expect(plan.keysChanged).toBe(true);
  });

  it('keeps a route whose fingerprint is unchanged, renders the changed and new ones, removes the gone ones', () => {
    const routes = [route('/a'), route('/b'), route('/new')];
    const previous = new Map([
      ['/a', { fingerprint: '1', key: '/a-k' }],
      ['/b', { fingerprint: '2', key: '/b-k' }],
      ['/gone', { fingerprint: '9', key: '/gone-k' }],
    ]);
    const plan = planRender({
      routes,
      fingerprints: new Map([
        ['/a', '1'],
        ['/b', '2b'],
        ['/new', '3'],
      ]),
      previous,
    });
    expect(paths(plan.reuse)).toEqual(['/a']);
    expect(plan.render.map(({ route, reason }) => [route.path, reason])).toEqual([
      ['/b', 'changed'],
      ['/new', 'new'],
    ]);
    expect(plan.remove).toEqual(['/gone']);
    expect(plan.keysChanged).toBe(true);
  });

  it('routes.json stays when only bodies changed, and changes when a key did', () => {
    const previous = new Map([['/a', { fingerprint: '1', key: '/a-k' }]]);
    expect(planRender({ routes: [route('/a')], fingerprints: new Map([['/a', '2']]), previous }).keysChanged).toBe(false);
    expect(planRender({ routes: [route('/a', 'other')], fingerprints: new Map([['/a', '2']]), previous }).keysChanged).toBe(true);
  });

  it('renders every route when the build cannot fingerprint them, whatever the previous output holds', () => {
    const previous = new Map([['/a', { fingerprint: '1' }]]);
    const plan = planRender({ routes: [route('/a')], fingerprints: undefined, previous });
    expect(plan.render.map(({ reason }) => reason)).toEqual(['unfingerprinted']);
    expect(plan.reuse).toEqual([]);
  });
});
