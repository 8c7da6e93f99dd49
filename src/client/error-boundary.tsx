import { Component, Fragment, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback: (error: Error, reset: () => void) => ReactNode;
}

/**
 * Catches a render crash below it and shows `fallback`; `reset` renders the
 * children again from scratch (a new key remounts them, so state that led to
 * the crash is gone). Renders no element of its own, so hydration is unaffected.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  reset = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    return error ? this.props.fallback(error, this.reset) : <Fragment key={attempt}>{this.props.children}</Fragment>;
  }
}
