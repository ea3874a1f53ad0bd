import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../lib/i18n';
import { localeOfPath, withLocale } from '../lib/paths';
import { ErrorPage } from './pages/error-page';

/**
 * Shows the error page (status 500) when a screen fails to render, and clears itself when
 * the visitor goes to another path.
 */
export class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorPageBoundary>
        <ErrorPage status={500} />
      </ErrorPageBoundary>
    );
  }
}

/** The text when even the error page fails: from the locales if i18n still works. */
function failedText(): { message: string; home: string } {
  try {
    return { message: translate('page.errorPageFailed'), home: translate('page.goHome') };
  } catch {
    return { message: FALLBACK_MESSAGE, home: FALLBACK_HOME };
  }
}
// Spec 8's own words, for when the locales themselves cannot be read.
const FALLBACK_MESSAGE = 'An error occurred while showing the error page';
const FALLBACK_HOME = 'Go to the home page';

/**
 * Spec 8: if the error page itself fails, a plain message with a link home (a full page
 * load, so nothing of the broken state survives).
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const text = failedText();
    return (
      <section className="error-page" role="alert" data-status="failed">
        <h1 className="error-page__title">{text.message}</h1>
        <a className="btn btn--primary btn--lg" href={withLocale(localeOfPath(location.pathname), '/')}>
          {text.home}
        </a>
      </section>
    );
  }
}
