import { useHydrated } from '../hooks/use-hydrated';

const LONG_DATE = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

/** A date in Spanish long form, e.g. "22 de noviembre de 2026". */
export function spanishLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

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
