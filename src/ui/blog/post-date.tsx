import { spanishLongDate } from '../../domain/spanish-date';
import { useHydrated } from '../hooks/use-hydrated';

/** Today's date (spec section 2), rendered after hydration so the prerendered HTML never mismatches. */
export function PostDate() {
  const hydrated = useHydrated();
  const today = new Date();
  return (
    <p className="post-date">
      {hydrated ? <time dateTime={today.toISOString().slice(0, 10)}>{spanishLongDate(today)}</time> : ' '}
    </p>
  );
}
