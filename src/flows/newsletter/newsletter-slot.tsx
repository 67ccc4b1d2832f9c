import { memo, Suspense, type ComponentType } from 'react';
import { REGION_NAMES } from '../../content/errors';
import { lazyInRegion } from '../../ui/lazy-region';
import { RegionBoundary, retryableLazy } from '../../ui/region-boundary';
import { retryOnce } from '../../ui/retry-import';
// The form's styles travel with the page (inlined by the prerender), not with its lazy code.
import './newsletter-form.css';

/*
 * The newsletter form sits at the end of the blog pages, and its code (XState, the machine, the
 * notification) is most of what those pages would load beyond React. It is prerendered in full;
 * its code loads when the visitor nears the form or presses its button (lazyRegion, which holds
 * that press, or the Enter of the e-mail field, and replays it once the form is live). While
 * prerendering, the module is awaited up front and renders synchronously.
 */
const MARKER_ID = 'boletin';
const loadForm = () => import('./newsletter-form').then((m) => m.NewsletterForm);
const Form: ComponentType = import.meta.env.SSR
  ? await loadForm()
  : retryableLazy(
      loadForm,
      lazyInRegion(() => {
        const form = document.getElementById(MARKER_ID)?.nextElementSibling;
        return form ? [form] : [];
      }, retryOnce(loadForm)),
    );

/** Memoized: no parent update may reach the boundary before its code is in (React would drop its HTML). */
export const NewsletterSlot = memo(function NewsletterSlot() {
  return (
    <>
      <div id={MARKER_ID} aria-hidden="true" />
      <RegionBoundary name={REGION_NAMES.boletin}>
        <Suspense fallback={null}>
          <Form />
        </Suspense>
      </RegionBoundary>
    </>
  );
});
