import type { FAQPage, Thing, WithContext } from 'schema-dts';

/**
 * A JSON-LD block as HTML text. `<` is escaped so that no text in the data (a question, a title)
 * can close the script element.
 */
export function jsonLdText(data: WithContext<Thing> | readonly WithContext<Thing>[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** A page's FAQ as FAQPage: question for question what the page shows. */
export function faqPage(entries: readonly FaqEntry[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: 'es',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}
