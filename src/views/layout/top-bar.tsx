import { COUNTRY_LIST, FLAG_HEIGHT, FLAG_WIDTH } from '../../domain/countries';

/** Top bar: the country selector links to the same page with ?cc=XX (spec section 2). */
export function TopBar({ path, showCountrySelector }: { path: string; showCountrySelector: boolean }) {
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <p className="top-bar-text">Tu tienda online con 0 % de comisión</p>
        {showCountrySelector && (
          <nav aria-label="Elige tu país">
            <ul className="country-links">
              {COUNTRY_LIST.map((country) => (
                <li key={country.codigo}>
                  <a href={`${path}?cc=${country.codigo}`} hrefLang="es" title={country.nombre}>
                    {/* Lazy: React would otherwise preload all seven flags ahead of the page's own text.
                        Low: on screen, Chromium would raise them to high priority before the first
                        paint, and seven decorations would then count towards the page's LCP. */}
                    <img
                      src={country.bandera}
                      alt={country.nombre}
                      width={FLAG_WIDTH}
                      height={FLAG_HEIGHT}
                      loading="lazy"
                      fetchPriority="low"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
