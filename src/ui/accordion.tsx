import {
  createContext,
  isValidElement,
  useContext,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { faqPage } from '../seo/json-ld';
import { JsonLd } from './json-ld';

interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** Toggle mode: several items may be open at once. Default: one open at a time. */
  toggle?: boolean;
  initiallyOpen?: readonly string[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

const FaqPageContext = createContext<{ afterHydration: boolean } | null>(null);

/**
 * Marks the accordion inside as the page's FAQ: it then also draws its questions and answers as
 * FAQPage JSON-LD, so search engines read exactly the questions the visitor sees (on the home page,
 * the payment-provider question only for Argentina, following the country as it changes).
 * `afterHydration`: only once the page's code runs (see JsonLd).
 */
export function FaqPage({
  children,
  afterHydration = false,
}: {
  children: ReactNode;
  afterHydration?: boolean;
}) {
  return <FaqPageContext value={{ afterHydration }}>{children}</FaqPageContext>;
}

/** The text a title or answer shows (strings and the elements around them). */
function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement(node)) return plainText((node as ReactElement<{ children?: ReactNode }>).props.children);
  return '';
}

/** WAI-ARIA accordion: headings with buttons controlling regions. */
export function Accordion({
  items,
  toggle = false,
  initiallyOpen = [],
  headingLevel = 3,
  className,
}: AccordionProps) {
  const faqPageOptions = useContext(FaqPageContext);
  const [open, setOpen] = useState<readonly string[]>(initiallyOpen);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const flip = (id: string) =>
    setOpen((current) => {
      if (current.includes(id)) return current.filter((x) => x !== id);
      return toggle ? [...current, id] : [id];
    });

  return (
    <div className={['accordion', className].filter(Boolean).join(' ')}>
      {faqPageOptions && (
        <JsonLd
          afterHydration={faqPageOptions.afterHydration}
          data={faqPage(
            items.map((item) => ({ question: plainText(item.title), answer: plainText(item.content) })),
          )}
        />
      )}
      {items.map((item) => {
        const expanded = open.includes(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div className="accordion-item" key={item.id}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="accordion-button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => flip(item.id)}
              >
                <span>{item.title}</span>
                <span className="accordion-icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </Heading>
            {/* A section named by its button is the region of the accordion pattern, without a role. */}
            <section id={panelId} aria-labelledby={buttonId} className="accordion-panel" hidden={!expanded}>
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
