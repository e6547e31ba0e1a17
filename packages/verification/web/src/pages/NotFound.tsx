import { Page } from '../components/Page.js';

/** Any path the router does not know. */
export default function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        Nothing lives at <code>{window.location.pathname}</code>. <a href="/projects">Go to the projects</a>.
      </p>
    </Page>
  );
}
