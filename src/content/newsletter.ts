/**
 * The newsletter form's copy lives with its flow (src/flows/newsletter/copy.ts). This re-export is
 * kept only for tests/e2e/model/machines/newsletter.ts: remove it once that file imports the flow's.
 */
// eslint-disable-next-line import-x/no-restricted-paths -- a temporary bridge, not a second home
export { NEWSLETTER_COPY } from '../flows/newsletter/copy';
