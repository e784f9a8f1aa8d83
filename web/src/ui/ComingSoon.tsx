import { Page } from './Page';

/** Stands in for a page another part of the team is building, so its route and guard already work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title} narrow>
      <p className="muted">This page is coming soon.</p>
    </Page>
  );
}
