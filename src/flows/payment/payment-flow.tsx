import { useSelector } from '@xstate/react';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { whatsappLink } from '../../config';
import { formatUsd, type PaymentQuote } from '../../domain/payment-order';
import type { RawPaymentParams } from '../../domain/payment-params';
import { paymentStageOf, type PaymentStage } from './payment.machine';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../domain/payment-messages';
import { createPayPalProvider, type PaymentProvider } from '../../services/payments';
import {
  CANCELLED_TEXT,
  CAPTURING_TEXT,
  INVALID_LINK_MESSAGE,
  LOADING_SDK_TEXT,
  NOTHING_CHARGED_TEXT,
  PAYING_TEXT,
  PAYMENT_COPY as COPY,
  failedMessage,
  paidLines,
  paidMessage,
  pendingMessage,
  sdkFailedMessage,
  splitNote,
} from './copy';
import { PAYMENT_SYSTEM_ID, paymentLogic } from './payment.wiring';

/**
 * The payment page's flow: renders the state of paymentMachine (summary, buttons, thanks, error)
 * and sends the visitor's retries. Loaded after hydration, with the query parameters.
 */

type Stage = PaymentStage;

const STATE_HEADING_ID = 'pagos-estado';

const STATUS_TEXT: Partial<Record<Stage, string>> = {
  loading: LOADING_SDK_TEXT,
  paying: PAYING_TEXT,
  cancelled: CANCELLED_TEXT,
  capturing: CAPTURING_TEXT,
};

function WhatsappButton({ message, children }: { message: string; children: ReactNode }) {
  return (
    <a className="btn btn-primary" href={whatsappLink(message)} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{COPY.pestanaNueva}</span>
    </a>
  );
}

/** A section heading that takes the focus when it appears, so the change is announced. */
function FocusHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 id={STATE_HEADING_ID} ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}

function Summary({ quote, locale }: { quote: PaymentQuote; locale: string }) {
  const usd = (cents: number) => formatUsd(cents, locale);
  const note = splitNote(quote, locale);
  const perStore =
    quote.extraCentStores === 0
      ? usd(quote.perStoreCents)
      : COPY.resumen.rangoDePrecios(usd(quote.perStoreCents), usd(quote.perStoreCents + 1));
  return (
    <section className="pagos-summary" aria-labelledby="pagos-resumen">
      <h2 id="pagos-resumen">{COPY.resumen.titulo}</h2>
      <table>
        <caption className="visually-hidden">{COPY.resumen.tabla}</caption>
        <thead>
          <tr>
            <th scope="col">{COPY.resumen.tienda}</th>
            <th scope="col">{COPY.resumen.precioMensual}</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.cliente}>
              <th scope="row">{line.cliente}</th>
              <td>{usd(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{COPY.resumen.total}</th>
            <td>{usd(quote.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="pagos-facts">
        <dt>{COPY.resumen.precioPorTienda}</dt>
        <dd>{perStore}</dd>
        <dt>{COPY.resumen.moneda}</dt>
        <dd>{COPY.resumen.dolares}</dd>
      </dl>
      {note && <p className="pagos-note">{note}</p>}
    </section>
  );
}

export interface PaymentFlowProps {
  params: RawPaymentParams;
  /** The payment provider; PayPal in the browser unless a test gives another. */
  provider?: PaymentProvider;
}

export default function PaymentFlow({ params, provider }: PaymentFlowProps) {
  const buttonsId = useId();
  const actor = useFlowActor(
    () => paymentLogic(provider ?? createPayPalProvider(), () => document.getElementById(buttonsId)),
    { input: { params }, systemId: PAYMENT_SYSTEM_ID },
  );
  const stage = useSelector(actor, paymentStageOf);
  const errors = useSelector(actor, (s) => s.context.errors);
  const quote = useSelector(actor, (s) => s.context.quote);
  const locale = useSelector(actor, (s) => s.context.params?.locale ?? '');
  // Space for the buttons while they load and while they are shown.
  const showButtons = useSelector(actor, (s) => s.matches('loadingSdk') || s.matches('checkout'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const reference = useSelector(actor, (s) => s.context.captureId ?? s.context.orderId ?? '');

  if (stage === 'invalid' || !quote) {
    return (
      <div className="pagos-panel pagos-invalid">
        <h2>{COPY.invalido.titulo}</h2>
        <div role="alert">
          <ul className="pagos-errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
        <p>{COPY.invalido.texto}</p>
        <WhatsappButton message={INVALID_LINK_MESSAGE}>{COPY.ayudaWhatsapp}</WhatsappButton>
      </div>
    );
  }

  const total = formatUsd(quote.totalCents, locale);
  const statusText = STATUS_TEXT[stage];
  const [paidSummary, paidNotice] = paidLines(quote, locale);

  return (
    <div className="pagos-grid">
      <Summary quote={quote} locale={locale} />
      <section className="pagos-panel" aria-labelledby={STATE_HEADING_ID} aria-busy={busy}>
        {stage === 'paid' ? (
          <>
            <FocusHeading>{COPY.pagado.titulo}</FocusHeading>
            <p>{paidSummary}</p>
            <p>
              {COPY.pagado.codigo}
              <strong className="pagos-reference">{reference}</strong>
            </p>
            <p>{paidNotice}</p>
            <WhatsappButton message={paidMessage(quote, locale, reference)}>
              {COPY.avisarWhatsapp}
            </WhatsappButton>
          </>
        ) : stage === 'pending' ? (
          <>
            <FocusHeading>{COPY.enRevision.titulo}</FocusHeading>
            <p>
              {COPY.enRevision.texto(total)}
              <strong className="pagos-reference">{reference}</strong>
              {COPY.enRevision.cierre}
            </p>
            <WhatsappButton message={pendingMessage(quote, locale, reference)}>
              {COPY.avisarWhatsapp}
            </WhatsappButton>
          </>
        ) : stage === 'failed' ? (
          <>
            <FocusHeading>{PAYMENT_FAILED_MESSAGE}</FocusHeading>
            <p role="alert">{NOTHING_CHARGED_TEXT}</p>
            <p>{COPY.fallido.texto}</p>
            <div className="pagos-actions">
              <button type="button" className="btn" onClick={() => actor.send({ type: 'payment.retry' })}>
                {COPY.fallido.reintentar}
              </button>
              <WhatsappButton message={failedMessage(quote, locale)}>{COPY.ayudaWhatsapp}</WhatsappButton>
            </div>
          </>
        ) : (
          <>
            <h2 id={STATE_HEADING_ID}>{COPY.cobro.titulo(total)}</h2>
            <p>{COPY.cobro.texto}</p>
            {stage === 'sdkFailed' && (
              <div className="pagos-sdk-failed">
                <p role="alert">{SDK_FAILED_MESSAGE}</p>
                <div className="pagos-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => actor.send({ type: 'sdk.retry' })}
                  >
                    {COPY.cobro.reintentar}
                  </button>
                  <WhatsappButton message={sdkFailedMessage(quote)}>{COPY.ayudaWhatsapp}</WhatsappButton>
                </div>
              </div>
            )}
          </>
        )}
        <p className="pagos-status" role="status">
          {statusText && (
            <>
              {busy && <span className="spinner" aria-hidden="true" />}
              {statusText}
            </>
          )}
        </p>
        {/* Always in the page while the flow runs: the machine renders the buttons into it. */}
        {stage !== 'paid' && stage !== 'pending' && (
          <div id={buttonsId} className="pagos-buttons" hidden={!showButtons} inert={stage === 'capturing'} />
        )}
      </section>
    </div>
  );
}
