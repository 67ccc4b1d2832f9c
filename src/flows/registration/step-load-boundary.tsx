import { Component, type ReactNode } from 'react';

/** Shown when a later step's code cannot be downloaded (the visitor went offline after step 1). */
export const STEP_LOAD_FAILED_MESSAGE =
  'No pudimos cargar este paso. Revisa tu conexión y vuelve a cargar la página: tus datos quedan guardados.';

/**
 * Keeps the wizard card on screen when a lazily loaded step fails to load, instead of React
 * unmounting the whole page. Progress is stored, so reloading resumes at the same step.
 */
export class StepLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="wizard-step" role="alert">
        <p>{STEP_LOAD_FAILED_MESSAGE}</p>
        <a className="btn btn-primary" href="/registro">
          Volver a cargar
        </a>
      </div>
    );
  }
}
