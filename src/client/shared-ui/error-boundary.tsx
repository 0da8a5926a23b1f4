import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  /** Where 'Ana Sayfaya Dön' goes; defaults to a full navigation to '/'. */
  onHome?: () => void;
  /** When this value changes (e.g. the route), a shown error is cleared. */
  resetKey?: unknown;
}
interface State {
  error: Error | null;
}

/**
 * Catches render errors below it and shows the spec's fallback screen. 'Sayfayı Yenile' clears
 * the error state and renders the children again (a retry, not a page reload: offline, a reload
 * is cheap thanks to the service worker, but a retry keeps unsaved state elsewhere on the page).
 * Errors are only logged to the console; reporting to a monitoring service is out of scope.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uygulama hatası:', error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private retry = () => {
    // A route chunk that failed to download (e.g. a new version was deployed and the old chunk is
    // gone) stays failed inside React.lazy: only a real reload fetches it again.
    if (this.state.error && isChunkLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null });
  };

  private home = () => {
    this.setState({ error: null });
    if (this.props.onHome) this.props.onHome();
    else window.location.assign('/');
  };

  render() {
    if (this.state.error) return <ErrorFallback onRetry={this.retry} onHome={this.home} />;
    return this.props.children;
  }
}

function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    error.message,
  );
}
