import { Page, LinkButton } from '../ui';
import { paths } from './paths';

export function NotFound() {
  return (
    <Page title="Page not found" narrow>
      <p>There is no page at this address.</p>
      <LinkButton to={paths.home}>Back to Home</LinkButton>
    </Page>
  );
}
