import { useId } from 'react';
import { REFERRAL_DISCOUNT_PERCENT } from '../../domain/constants';
import { COUNTRIES, COUNTRY_LIST, type Country, type CountryCode } from '../../domain/countries';
import { formatMoney, NO_BREAK_SPACE } from '../../domain/money';
import { PLAN_NAMES, type PlanPrice, type PlanQuote } from '../../domain/plans';
import { Flag } from '../../ui/flag';
import { HomeSection } from '../../ui/home-section';
import { PRICING_ANCHOR } from './anchor';
import { PLAN_CONTENTS, PRICING_COPY } from './copy';

/** What the pricing section shows: the prerendered prices, then the country-and-prices machine's. */
export interface PricingState {
  countryCode: CountryCode;
  withDomain: boolean;
  rate: number | null;
  quotes: readonly PlanQuote[];
  /** No cc cookie: the 'Seleccione su país' dropdown shows. */
  showCountryPicker: boolean;
  /** The machine runs: the controls work. False in the prerendered page. */
  interactive: boolean;
  busy: boolean;
}

export interface PricingActions {
  changeCountry: (code: string) => void;
  toggleDomain: () => void;
}

function Amount({ price, country }: { price: PlanPrice; country: Country }) {
  return <>{formatMoney(price.importe, price.codigoMoneda, country.locale)}</>;
}

function RegionalAmount({ price, country }: { price: PlanPrice | undefined; country: Country }) {
  const amount = price?.importeRegional;
  if (amount === undefined || amount <= 0) return null;
  return (
    <>
      <span aria-hidden="true">{`≈${NO_BREAK_SPACE}`}</span>
      <span className="visually-hidden">{PRICING_COPY.aproximado} </span>
      {`${formatMoney(amount, country.moneda.codigo, country.locale)}${NO_BREAK_SPACE}${country.moneda.codigo}`}
    </>
  );
}

function PlanCard({
  quote,
  country,
  state,
  actions,
}: {
  quote: PlanQuote;
  country: Country;
  state: PricingState;
  actions: PricingActions;
}) {
  const titleId = useId();
  const domainId = useId();
  const content = PLAN_CONTENTS[quote.plan];
  const shown = quote.discountedPrice ?? quote.price;
  const domainPrice = quote.domainAddOn;
  return (
    <article
      className={content.recomendado ? 'plan-card plan-card--featured' : 'plan-card'}
      aria-labelledby={titleId}
      data-plan={quote.plan}
    >
      {content.recomendado && <p className="plan-badge">{PRICING_COPY.recomendado}</p>}
      <h3 id={titleId} className="plan-name">
        {PLAN_NAMES[quote.plan]}
      </h3>
      <p className="plan-summary">{content.resumen}</p>
      <div className="plan-price" data-testid="plan-price">
        <p className="price-old">
          {quote.discountedPrice && (
            <>
              <span className="visually-hidden">{PRICING_COPY.precioAnterior} </span>
              <del>
                <Amount price={quote.price} country={country} />
              </del>
            </>
          )}
        </p>
        <p className="price-main">
          {quote.discountedPrice && <span className="visually-hidden">{PRICING_COPY.precioFinal} </span>}
          <span className="price-amount">
            <Amount price={shown} country={country} />
          </span>
          <span className="price-period">{PRICING_COPY.porMes}</span>
        </p>
        <p className="price-regional">
          <RegionalAmount price={shown} country={country} />
        </p>
      </div>
      {domainPrice && (
        <div className="domain-option">
          <input
            id={domainId}
            type="checkbox"
            checked={state.withDomain}
            disabled={!state.interactive}
            onChange={actions.toggleDomain}
          />
          {/* One text node: the server writes no separators inside it. */}
          <label htmlFor={domainId}>
            {`${PRICING_COPY.dominio} (+${NO_BREAK_SPACE}${formatMoney(domainPrice.importe, domainPrice.codigoMoneda, country.locale)}${PRICING_COPY.porMes})`}
          </label>
          {state.withDomain && <p className="domain-note">{PRICING_COPY.dominioNota}</p>}
        </div>
      )}
      <ul className="checklist plan-features">
        {content.destacados.map((item) => (
          <li key={item} className="feature-featured">
            {item}
          </li>
        ))}
        {content.incluidos.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {content.noIncluidos.map((item) => (
          <li key={item} className="feature-excluded">
            <span className="visually-hidden">{`${PRICING_COPY.noIncluido}: `}</span>
            {item}
          </li>
        ))}
      </ul>
      <a className="btn btn-primary plan-cta" href="/registro" aria-describedby={titleId}>
        {PRICING_COPY.elegir}
      </a>
    </article>
  );
}

/** Pricing section (anchor planes): three cards, the country dropdown and the domain add-on. */
export function Pricing({
  state,
  actions,
  referralCode,
}: {
  state: PricingState;
  actions: PricingActions;
  referralCode: string | undefined;
}) {
  const selectId = useId();
  const country = COUNTRIES[state.countryCode];
  return (
    <HomeSection
      id={PRICING_ANCHOR}
      titleId="planes-titulo"
      title={PRICING_COPY.titulo}
      className="home-pricing"
      tabIndex={-1}
    >
      <p className="section-lead">{PRICING_COPY.bajada}</p>
      <p className="pricing-referral" aria-live="polite">
        {referralCode ? PRICING_COPY.descuento(referralCode, REFERRAL_DISCOUNT_PERCENT) : ''}
      </p>
      <div className="country-picker">
        {state.showCountryPicker ? (
          <>
            <label htmlFor={selectId}>{PRICING_COPY.selectorPais}</label>
            <select
              id={selectId}
              value={state.countryCode}
              disabled={!state.interactive}
              onChange={(event) => actions.changeCountry(event.target.value)}
            >
              {COUNTRY_LIST.map((c) => (
                <option key={c.codigo} value={c.codigo}>
                  {c.nombre}
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="country-current">
            <Flag country={country} />
            {PRICING_COPY.preciosPara} {country.nombre}
          </p>
        )}
      </div>
      <div className="plan-grid" aria-busy={state.busy}>
        {state.quotes.map((quote) => (
          <PlanCard key={quote.plan} quote={quote} country={country} state={state} actions={actions} />
        ))}
      </div>
    </HomeSection>
  );
}
