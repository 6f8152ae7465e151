import { useId, type ReactNode } from 'react';

/** A group of a form's fields under its caption: a fieldset, which assistive technology names by its legend. */
export function FieldPanel({ legend, describedBy, children }: { legend: string; describedBy?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="admin-panel" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A part of a screen under its heading. As a `region` the section is named by its heading, so a
 * screen reader can go to it among the page's landmarks (an order's invoices and refunds).
 */
export function SectionPanel({
  heading,
  region = false,
  testId,
  children,
}: {
  heading: string;
  region?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="admin-panel" aria-labelledby={region ? id : undefined} data-testid={testId}>
      <h2 id={region ? id : undefined}>{heading}</h2>
      {children}
    </section>
  );
}
