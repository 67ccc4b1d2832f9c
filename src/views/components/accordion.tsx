import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
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

/** WAI-ARIA accordion: headings with buttons controlling regions. */
export function Accordion({
  items,
  toggle = false,
  initiallyOpen = [],
  headingLevel = 3,
  className,
}: AccordionProps) {
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
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion-panel"
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
