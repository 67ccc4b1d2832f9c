import { SLOGAN } from '../../content/common';
import { LAYOUT_COPY } from '../../content/layout';
import { resolvePage } from '../../content/pages';
import { COUNTRY_LIST, chosenCountry, type CountryCode } from '../../domain/countries';
import { readCountryCookie, rememberCountry } from '../../services/country-cookie';
import { Flag } from '../flag';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * Where a country's flag leads from the page at `path`: the same page in that country (?cc=XX). The
 * not-found page has no content of its own to show in another country, and its own address is a
 * 404 (and '/404' when prerendered), so there the flags open the home page's prices instead.
 */
export function countryHref(path: string, code: CountryCode): string {
  return resolvePage(path).key === 'notFound' ? `/?cc=${code}#planes` : `${path}?cc=${code}`;
}

/**
 * Top bar: the country selector links to the same page with ?cc=XX (spec section 2), and the
 * choice is remembered in the cc cookie for the next visit. The flag of the country chosen (cc in
 * the address, else the cc cookie: read after hydration) is marked, for the eye and as
 * aria-current. Phones have
 * no room for the line of text beside the flags, so a page without the selector shows no bar there.
 */
export function TopBar({ path, showCountrySelector }: { path: string; showCountrySelector: boolean }) {
  const hydrated = useHydrated();
  const active =
    hydrated &&
    chosenCountry({ param: new URLSearchParams(location.search).get('cc'), cookie: readCountryCookie() });
  return (
    <div className={showCountrySelector ? 'top-bar' : 'top-bar top-bar--text-only'}>
      <div className="container top-bar-inner">
        <p className="top-bar-text">{SLOGAN}</p>
        {showCountrySelector && (
          <nav aria-label={LAYOUT_COPY.barraSuperior.paises}>
            <ul className="country-links">
              {COUNTRY_LIST.map((country) => (
                <li key={country.codigo}>
                  <a
                    href={countryHref(path, country.codigo)}
                    title={country.nombre}
                    aria-current={country.codigo === active || undefined}
                    onClick={() => rememberCountry(country.codigo)}
                  >
                    <Flag country={country} label={country.nombre} />
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
