import { STORE_BADGE } from '../content/store-badge';
import { FREE_TRIAL_DAYS } from '../domain/constants';
import { PageHeading } from '../ui/page-heading';
import { StoreBadge } from '../ui/store-badge';

export default function DownloadPage() {
  return (
    <>
      <PageHeading title="Instalar la app de administración">
        <p>Recibe y gestiona tus pedidos desde tu celular Android.</p>
      </PageHeading>
      <section className="container center">
        <StoreBadge label={STORE_BADGE.downloadLabel} />
        <p className="trial-note">
          Empieza con una prueba gratis de {FREE_TRIAL_DAYS} días. Sin tarjeta y sin compromiso.
        </p>
      </section>
    </>
  );
}
