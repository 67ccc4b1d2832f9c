import { config } from '../config';
import { FREE_TRIAL_DAYS, LINK_APPROVAL_WAIT_WEEKS, REFUND_GUARANTEE_HOURS } from '../domain/constants';
import { LegalPage } from '../ui/page-heading';

export default function TermsPage() {
  return (
    <LegalPage title="Términos y condiciones">
      <h2>El servicio</h2>
      <p>
        {config.brandName} ofrece, por un abono mensual fijo, una tienda online con catálogo y carrito. Los
        pedidos llegan al celular del comercio y por WhatsApp. No cobramos comisiones por venta: el comercio
        trata directamente con sus clientes.
      </p>
      <h2>Plazo y cancelación</h2>
      <p>
        No hay plazo mínimo de permanencia. Para cancelar alcanza con no renovar el abono: la tienda se
        desactiva automáticamente al vencer el período pagado.
      </p>
      <h2>Garantía de devolución</h2>
      <p>
        Si no quedas conforme o la aplicación no funciona en tus dispositivos, te devolvemos el 100&nbsp;% de
        lo pagado dentro de las {REFUND_GUARANTEE_HOURS} horas.
      </p>
      <h2>Prueba gratis</h2>
      <p>En algunos casos ofrecemos una prueba gratis de {FREE_TRIAL_DAYS} días.</p>
      <h2>Aprobación de enlaces</h2>
      <p>
        Algunos enlaces y dominios requieren la aprobación de terceros, que puede demorar de{' '}
        {LINK_APPROVAL_WAIT_WEEKS.min} a {LINK_APPROVAL_WAIT_WEEKS.max} semanas.
      </p>
      <h2>Contacto</h2>
      <p>
        Ante cualquier duda escríbenos a <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>.
      </p>
    </LegalPage>
  );
}
