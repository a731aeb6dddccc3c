import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Contains a remote's failure to its content area: the shell and other routes keep working. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Dockhand: ${this.props.remote} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        data-remote-error={this.props.remote}
        style={{ padding: '2rem', textAlign: 'center' }}
      >
        <p style={{ fontWeight: 600, marginBottom: '1rem' }}>This section failed to load</p>
        <button
          type="button"
          onClick={this.retry}
          style={{ padding: '0.4rem 1rem', border: '1px solid #CBD5E0', borderRadius: 6 }}
        >
          Retry
        </button>
      </div>
    );
  }
}
