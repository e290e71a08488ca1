import { Component, type ReactNode } from 'react';

interface ScreenErrorBoundaryProps {
  /** The screen's address: a screen that broke is tried afresh when staff open another tab. */
  screenKey: string;
  children: ReactNode;
}

interface ScreenErrorBoundaryState {
  failed: boolean;
  screenKey: string;
  attempt: number;
}

/**
 * A console screen that throws while drawing (an answer of a shape it cannot read) shows what happened
 * in place of the screen, with its tabs and Log out still there, instead of taking the page down.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { failed: false, screenKey: this.props.screenKey, attempt: 0 };

  static getDerivedStateFromError(): Partial<ScreenErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: ScreenErrorBoundaryState): Partial<ScreenErrorBoundaryState> | null {
    return props.screenKey === state.screenKey ? null : { failed: false, screenKey: props.screenKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The console screen ${this.props.screenKey} could not be shown`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div role="alert" className="staff-problem">
          <p>This screen could not be shown: the server's answer was not what it expected. Try again; if it keeps happening, tell whoever runs the site.</p>
          <button type="button" className="button button--secondary" onClick={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))}>
            Try again
          </button>
        </div>
      );
    }
    // A new attempt draws the screen from scratch, so it reads its data again.
    return <ScreenAttempt key={this.state.attempt}>{this.props.children}</ScreenAttempt>;
  }
}

function ScreenAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
