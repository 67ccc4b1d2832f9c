/** The parts of the structured-data validators' APIs that tests/e2e/support/validate-structured-data.ts uses (they ship no types). */
declare module 'structured-data-testing-tool' {
  export interface SdttTest {
    test: string;
    description?: string;
    error?: { message: string };
  }
  export interface SdttResult {
    passed: SdttTest[];
    failed: SdttTest[];
    warnings: SdttTest[];
    structuredData: { jsonld: Record<string, unknown[]> };
  }
  const sdtt: {
    structuredDataTest(
      input: string,
      options: { presets?: unknown[]; schemas?: string[] },
    ): Promise<SdttResult>;
  };
  export default sdtt;
}

declare module 'structured-data-testing-tool/presets.js' {
  const presets: { Google: unknown };
  export default presets;
}

declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): { jsonld: Record<string, unknown[]> };
  }
}

declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: unknown): Promise<ValidationIssue[]>;
  }
}
