import {
  Component,
  createContext,
  createElement,
  lazy,
  useContext,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { REGION_ERROR_COPY } from '../content/errors';
import { retryOnce } from './retry-import';

/** How many times the visitor pressed 'Reintentar' in the boundary around. */
const Attempt = createContext(0);

interface ErrorBoundaryProps {
  /** What shows instead of the children once one of them threw; `retry` renders them again. */
  failure: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what its children throw while rendering (a lazily loaded part whose code could not be
 * downloaded, a bug) and shows `failure` instead. Renders no element of its own while they work,
 * so server HTML hydrates as is. The application's boundary and every region's are this one.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    const { failed, attempt } = this.state;
    if (failed) return this.props.failure(() => this.setState({ failed: false, attempt: attempt + 1 }));
    return (
      <Attempt.Provider key={attempt} value={attempt}>
        {this.props.children}
      </Attempt.Provider>
    );
  }
}

/**
 * The boundary of one lazily loaded region: when its code cannot be downloaded (after retryOnce's
 * second try), that region alone says so, with 'Reintentar'; the rest of the page stays.
 * `name` is the region as the message names it, after 'al cargar': 'el formulario del boletín'.
 */
export function RegionBoundary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      failure={(retry) => (
        <div className="container app-error" role="alert">
          <p>{REGION_ERROR_COPY.texto(name)}</p>
          <button type="button" className="btn" onClick={retry}>
            {REGION_ERROR_COPY.reintentar}
          </button>
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * A lazily loaded component that 'Reintentar' downloads again (React keeps a failed lazy
 * component failed for good). `first` is the component of the first attempt when the caller makes
 * its own (lazyInRegion, given `retryOnce(load)`); otherwise it is `load`, retried once.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  first?: ComponentType<P>,
): ComponentType<P> {
  const lazyOf = () => lazy(async () => ({ default: await retryOnce(load)() }));
  let current = { attempt: 0, Part: first ?? lazyOf() };
  return function RetryablePart(props: P) {
    const attempt = useContext(Attempt);
    if (current.attempt !== attempt) current = { attempt, Part: lazyOf() };
    return createElement(current.Part, props);
  };
}
