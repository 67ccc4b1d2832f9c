import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer boundaries and the no-cycle rule of eslint.config.js, shown on code that breaks them
 * (as `npm run lint` would see it at these paths) and on code that keeps them.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint: layer boundaries', () => {
  it.each([
    ['src/domain/fixture.ts', "import { config } from '../config';\nexport const x = config;\n"],
    [
      'src/domain/fixture.ts',
      "import { readVisit } from '../services/visit';\nexport const x = readVisit;\n",
    ],
    ['src/services/fixture.ts', "import { App } from '../app';\nexport const x = App;\n"],
    [
      'src/ui/fixture.ts',
      "import { RegistrationWizard } from '../flows/registration/wizard';\nexport const x = RegistrationWizard;\n",
    ],
    [
      'src/flows/registration/fixture.tsx',
      "import HomePage from '../../pages/home-page';\nexport const x = HomePage;\n",
    ],
    ['src/ui/fixture.ts', "import HomePage from '../pages/home-page';\nexport const x = HomePage;\n"],
    ['src/content/fixture.ts', "import { config } from '../config';\nexport const x = config;\n"],
    ['server/fixture.ts', "import { flows } from '../src/flows/catalogue';\nexport const x = flows;\n"],
    ['server/fixture.ts', "import { config } from '../src/config';\nexport const x = config;\n"],
    ['src/pages/fixture.ts', "import { apiPlugin } from '../../server/api';\nexport const x = apiPlugin;\n"],
    // The workbench never imports the site: not its flows, not its catalogue, not its scripts.
    [
      'packages/flow-workbench/src/kit/fixture.ts',
      "import { flows } from '../../../../src/flows/catalogue';\nexport const x = flows;\n",
    ],
    [
      'packages/flow-workbench/src/explorer/fixture.ts',
      "import catalogue from '../../../../workbench/catalogue';\nexport const x = catalogue;\n",
    ],
    [
      'packages/flow-workbench/src/docs/fixture.ts',
      "import { FLOWS_DIR } from '../../../../scripts/flows-docs';\nexport const x = FLOWS_DIR;\n",
    ],
    [
      'packages/flow-workbench/test/fixture.test.ts',
      "import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';\nexport const x = leadWizardMachine;\n",
    ],
    // The site's scripts, tests and catalogue reach the workbench only through its public API.
    [
      'scripts/fixture.ts',
      "import { generateFlowDocs } from '../packages/flow-workbench/src/docs/generate';\nexport const x = generateFlowDocs;\n",
    ],
    [
      'tests/model/fixture.ts',
      "import { Simulator } from '../../packages/flow-workbench/src/kit/simulator';\nexport const x = Simulator;\n",
    ],
    [
      'workbench/fixture.ts',
      "import { flowName } from '../packages/flow-workbench/src/catalogue';\nexport const x = flowName;\n",
    ],
    // The explorer's page never bundles what runs only in node.
    [
      'packages/flow-workbench/src/explorer/fixture.ts',
      "import { compareFlows } from '../diff/compare';\nexport const x = compareFlows;\n",
    ],
    [
      'src/flows/fixture.ts',
      "import { Simulator } from '../../packages/flow-workbench/src/kit/simulator';\nexport const x = Simulator;\n",
    ],
    // A flow's test-only parts never reach a page, and reach the workbench only by its public API.
    [
      'src/flows/welcome/welcome-view.tsx',
      "import { welcomeModel } from './welcome.samples';\nexport const x = welcomeModel;\n",
    ],
    [
      'src/pages/fixture.ts',
      "import { paymentModel } from '../flows/payment/payment.samples';\nexport const x = paymentModel;\n",
    ],
    [
      'src/flows/payment/payment-flow.tsx',
      "import { paymentBrowser } from './payment.browser';\nexport const x = paymentBrowser;\n",
    ],
    [
      'src/flows/welcome/fixture.model.test.ts',
      "import { Simulator } from '../../../packages/flow-workbench/src/kit/simulator';\nexport const x = Simulator;\n",
    ],
  ])('%s: a forbidden import fails', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it('machines import neither React, nor services (types are fine), nor views', async () => {
    expect(
      await ruleIds(
        'src/flows/registration/fixture.machine.ts',
        "import { useState } from 'react';\nexport const x = useState;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        'src/flows/registration/fixture.machine.ts',
        "import { createLead } from '../../services/leads';\nexport const x = createLead;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        'src/flows/registration/fixture.machine.ts',
        "import type { ApiRequestOptions } from '../../services/http';\nexport type X = ApiRequestOptions;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/flows/registration/fixture.machine.ts',
        "import { ContactStep } from './contact-step';\nexport const x = ContactStep;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    [
      'src/pages/fixture.ts',
      "import { leadWizardMachine } from '../flows/registration/lead-wizard.machine';\nexport const x = leadWizardMachine;\n",
    ],
    ['src/ui/fixture.ts', "import { FAQ } from '../content/home/faq';\nexport const x = FAQ;\n"],
    [
      'src/flows/registration/fixture.machine.ts',
      "import { ID_PATTERN } from '../../domain/prospect';\nexport const x = ID_PATTERN;\n",
    ],
    ['src/services/fixture.ts', "import { config } from '../config';\nexport const x = config;\n"],
    [
      'server/fixture.ts',
      "import { ID_PATTERN } from '../src/domain/prospect';\nexport const x = ID_PATTERN;\n",
    ],
    ['workbench/fixture.ts', "import { flows } from '../src/flows/catalogue';\nexport const x = flows;\n"],
    ['scripts/fixture.ts', "import { App } from '../src/app';\nexport const x = App;\n"],
    [
      'scripts/fixture.ts',
      "import { generateFlowDocs } from '@tienda/flow-workbench/generators';\nexport const x = generateFlowDocs;\n",
    ],
    [
      'tests/model/fixture.ts',
      "import { Simulator } from '@tienda/flow-workbench/kit';\nexport const x = Simulator;\n",
    ],
    [
      'packages/flow-workbench/src/explorer/fixture.ts',
      "import { diffFlows } from '../diff/diff';\nexport const x = diffFlows;\n",
    ],
    [
      'packages/flow-workbench/src/vite/fixture.ts',
      "import { describeMachine } from '../graph/describe';\nexport const x = describeMachine;\n",
    ],
    // A flow's test-only parts are the tests': their support, the workbench's API, the samples.
    [
      'src/flows/welcome/fixture.browser.ts',
      "import { welcomeModel } from './welcome.samples';\nimport { openHydrated } from '../../../tests/e2e/model/support/page';\nexport const x = [welcomeModel, openHydrated];\n",
    ],
    [
      'src/flows/welcome/fixture.model.test.ts',
      "import { Simulator } from '@tienda/flow-workbench/kit';\nimport { runModel } from '../../../tests/model/support/model-harness';\nexport const x = [Simulator, runModel];\n",
    ],
  ])('%s: an allowed import passes', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});

describe('lint: the flow workbench', () => {
  it("its kit and the site's samples run a machine, never React", async () => {
    for (const file of [
      'packages/flow-workbench/src/kit/fixture.ts',
      'src/flows/registration/fixture.samples.ts',
    ])
      expect(
        await ruleIds(file, "import { useState } from 'react';\nexport const x = useState;\n"),
      ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('the site (src/, server/) never imports it, even by its package name', async () => {
    for (const file of [
      'src/pages/fixture.ts',
      'src/flows/registration/fixture.machine.ts',
      'server/fixture.ts',
    ])
      expect(
        await ruleIds(
          file,
          "import { Simulator } from '@tienda/flow-workbench/kit';\nexport const x = Simulator;\n",
        ),
      ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it("the catalogue's entries take its shape as a type only, and nothing else of it", async () => {
    const typeOnly = "export type { FlowEntry } from '@tienda/flow-workbench';\n";
    const value = "export { defineCatalogue } from '@tienda/flow-workbench';\n";
    expect(await ruleIds('src/flows/flow-notes.ts', typeOnly)).toEqual([]);
    expect(await ruleIds('src/flows/flow-notes.ts', value)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds('src/flows/fixture.ts', typeOnly)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });
});

describe('lint: no import cycles', () => {
  it('fails when a module imports one that imports it back', async () => {
    // plans.ts imports countries.ts: countries.ts importing plans.ts closes a cycle.
    const code = "import { PLAN_IDS } from './plans';\nexport const x = PLAN_IDS;\n";
    expect(await ruleIds('src/domain/countries.ts', code)).toContain('import-x/no-cycle');
    expect(await ruleIds('src/domain/fixture.ts', code)).toEqual([]);
  });
});
