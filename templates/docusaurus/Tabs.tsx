/**
 * `@theme/Tabs`: rendered at build time with the default tab shown and the others `hidden`, so
 * the page reads without JavaScript. The behaviour (clicks, arrow keys, `groupId` shared across
 * the page and across pages through localStorage, `queryString`) is the lazily loaded client
 * enhancement `src/client/tabs.ts`, which finds the blocks by their data- attributes.
 * With `lazy`, the panels not shown are in the HTML inside `<template data-folio-lazy>` (inert:
 * not painted, not in the accessibility tree, not found by find-in-page), and the client puts a
 * panel's content in place the first time its tab is selected; without JavaScript the default
 * panel is the one shown, as without `lazy`. Their links are still checked; their ids are not
 * link targets until the tab is chosen, so a link to one is a broken anchor (as in Docusaurus,
 * which leaves such panels out) and the table of contents leaves out their headings
 * (src/shared/lazy-panels.ts).
 */
import { Children, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import type { TabItemProps } from './TabItem.js';

interface TabValue {
  value: string;
  label?: string;
  attributes?: Record<string, unknown>;
}

export default function Tabs({
  children,
  values,
  defaultValue,
  groupId,
  queryString,
  className,
  lazy,
}: {
  children?: ReactNode;
  values?: readonly TabValue[];
  defaultValue?: string | null;
  groupId?: string;
  queryString?: string | boolean;
  lazy?: boolean;
  block?: boolean;
  className?: string;
}) {
  const id = useId();
  const items = Children.toArray(children).filter(
    (child): child is ReactElement<TabItemProps> => isValidElement(child) && typeof (child.props as TabItemProps).value === 'string',
  );
  const tabs: TabValue[] = values?.length ? [...values] : items.map(({ props }) => ({ value: props.value, label: props.label, attributes: props.attributes }));
  const selected =
    (defaultValue != null && tabs.some((tab) => tab.value === defaultValue) ? defaultValue : undefined) ??
    items.find(({ props }) => props.default)?.props.value ??
    tabs[0]?.value;
  const queryKey = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  const slug = (value: string) => `${id}-${value}`.replace(/[^\w-]/g, '_');
  return (
    <div className={`tabs-container ${className ?? ''}`.trim()} data-tabs="" data-group-id={groupId} data-query-string={queryKey}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((tab) => {
          const active = tab.value === selected;
          const { className: tabClass, ...attributes } = (tab.attributes ?? {}) as { className?: string };
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={`tab${slug(tab.value)}`}
              aria-controls={`panel${slug(tab.value)}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              data-value={tab.value}
              className={`tabs-item ${tabClass ?? ''}`.trim()}
              {...attributes}
            >
              {tab.label ?? tab.value}
            </button>
          );
        })}
      </div>
      <div className="tabs-panels">
        {items.map(({ props }) => (
          <div
            key={props.value}
            role="tabpanel"
            id={`panel${slug(props.value)}`}
            aria-labelledby={`tab${slug(props.value)}`}
            data-value={props.value}
            className={props.className}
            hidden={props.value !== selected}
          >
            {lazy && props.value !== selected ? <template data-folio-lazy="">{props.children}</template> : props.children}
          </div>
        ))}
      </div>
    </div>
  );
}
