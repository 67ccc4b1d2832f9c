import type { ReactNode } from 'react';

interface CtaBoxProps {
  /** The box's look: start-box, final-box, signup-inline, cta-box. */
  className: string;
  /** An aside when the box sits beside an article's content, a div inside a section. */
  as?: 'div' | 'aside';
  /** The heading's level follows the outline of the page it sits in. */
  heading?: 'h2' | 'h3';
  titleId?: string;
  title: string;
  text?: ReactNode;
  action: string;
  /** Button look: the accent colour on the home page's closing boxes, primary elsewhere. */
  tone: 'accent' | 'primary';
  large?: boolean;
}

/** A call-to-action box: a heading, an optional line and the button to the sign-up wizard. */
export function CtaBox({
  className,
  as: Box = 'div',
  heading: Heading = 'h2',
  titleId,
  title,
  text,
  action,
  tone,
  large = true,
}: CtaBoxProps) {
  return (
    <Box className={className} aria-label={Box === 'aside' ? title : undefined}>
      <div>
        <Heading id={titleId}>{title}</Heading>
        {text !== undefined && <p>{text}</p>}
      </div>
      <a className={`btn btn-${tone}${large ? ' btn-large' : ''}`} href="/registro">
        {action}
      </a>
    </Box>
  );
}
