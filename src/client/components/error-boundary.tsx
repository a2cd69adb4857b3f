import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface FallbackProps {
  error: Error;
  /** shows the children again (after whatever made them throw was put right) */
  reset: () => void;
}

interface Props {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
  /** when any of these changes (e.g. the address), a shown error gives way to the children again */
  resetKeys?: readonly unknown[];
}

interface State {
  error: Error | null;
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []) => a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]));

/**
 * Catches what a part of the screen throws while rendering, so the rest keeps working and the
 * person sees a message instead of a white page. React has no hook for this: it must be a class.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error instanceof Error ? error : new Error(String(error)), info);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error && changed(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback({ error: this.state.error, reset: this.reset }) : this.props.children;
  }
}
