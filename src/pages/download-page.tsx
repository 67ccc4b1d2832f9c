import { DOWNLOAD_COPY } from '../content/download';
import { pageByKey } from '../content/pages';
import { STORE_BADGE } from '../content/store-badge';
import { FREE_TRIAL_DAYS } from '../domain/constants';
import { PageHeading } from '../ui/page-heading';
import { StoreBadge } from '../ui/store-badge';

export default function DownloadPage() {
  return (
    <>
      <PageHeading title={pageByKey('descargar').h1}>
        <p>{DOWNLOAD_COPY.bajada}</p>
      </PageHeading>
      <section className="container center">
        <StoreBadge label={STORE_BADGE.downloadLabel} />
        <p className="trial-note">{DOWNLOAD_COPY.prueba(FREE_TRIAL_DAYS)}</p>
      </section>
    </>
  );
}
