import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing this key (e.g. on navigation) clears a shown error. */
  resetKey: string;
  fallback: (props: { error: Error; retry: () => void }) => ReactNode;
  onRetry: () => void;
  /** Told of each error caught (health reports). */
  onCaught?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Keeps a failing remote (load or render error) inside its page area. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[federation] remote page failed', error, info.componentStack);
    this.props.onCaught?.(error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback({ error: this.state.error, retry: this.retry });
    return this.props.children;
  }
}
