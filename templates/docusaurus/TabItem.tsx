/**
 * `@theme/TabItem`: one panel of <Tabs>. Tabs reads its props (value, label, default,
 * attributes) and renders it as a tab panel; on its own it renders its children.
 */
import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
}

export default function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}
