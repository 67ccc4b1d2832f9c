import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a wizard step. When the visitor moves to a step it takes the focus, so screen
 * readers announce the new step and keyboard users continue from the top of it.
 */
export function StepHeading({
  id,
  focusOnMount,
  children,
}: {
  id: string;
  focusOnMount: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 id={id} className="wizard-title" tabIndex={-1} ref={ref}>
      {children}
    </h2>
  );
}
