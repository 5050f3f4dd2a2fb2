// Catches what a screen throws while rendering, including a screen chunk that failed to load (offline on a
// first visit, or a new deployment removed it), and offers a reload instead of a blank page.
import { Component, type ReactNode } from 'react';

interface Props {
  /** the location: a new navigation clears the error */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="screen">
        <h1 className="screen-title">Something went wrong</h1>
        <div className="alert alert-danger" role="alert">
          <div className="alert-body">This page could not be loaded. Check your connection and try again.</div>
        </div>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
