/**
 * The real visitors' counts the flow explorer asks for (GET /api/flow-counts?desde=&hasta=), answered
 * by the test: the explorer's pages fetch them on every visit, and the specs must not depend on
 * what the server has counted (or whether it offers them yet).
 */
import type { Page, Route } from '@playwright/test';

export const FLOW_COUNTS_ROUTE = '**/api/flow-counts?*';

export interface FlowCountsFixture {
  flujos: {
    flujo: string;
    version: string;
    primerDia: string;
    ultimoDia: string;
    estados: Record<string, number>;
    transiciones: Record<string, number>;
  }[];
  /** Days the server's per-address daily cap left events out (absent from a server before the cap). */
  recortes?: { dia: string; flujo: string; descartados: number }[];
}

/** Answers every counts request with `answer(desde, hasta)` (no visitor at all by default). */
export async function serveFlowCounts(
  page: Page,
  answer: (range: {
    desde: string;
    hasta: string;
  }) => FlowCountsFixture | ((route: Route) => Promise<void>) = () => ({
    flujos: [],
  }),
): Promise<{ desde: string; hasta: string }[]> {
  const asked: { desde: string; hasta: string }[] = [];
  await page.route(FLOW_COUNTS_ROUTE, async (route) => {
    const url = new URL(route.request().url());
    const range = { desde: url.searchParams.get('desde') ?? '', hasta: url.searchParams.get('hasta') ?? '' };
    asked.push(range);
    const body = answer(range);
    if (typeof body === 'function') return body(route);
    return route.fulfill({ json: { ...range, ...body } });
  });
  return asked;
}
