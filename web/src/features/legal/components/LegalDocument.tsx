import type { ReactNode } from 'react';
import { Page } from '../../../ui';

export const LAST_UPDATED = '10/22/2024';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalDocument({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <Page title={title} narrow>
      <p className="muted">Last updated: {LAST_UPDATED}</p>
      <div className="prose">
        {sections.map((section, index) => (
          <section key={section.heading}>
            <h2>
              {index + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </Page>
  );
}
