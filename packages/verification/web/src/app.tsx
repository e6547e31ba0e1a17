/**
 * The application: the session first (GET /api/v1/session; with auth off it is an anonymous
 * admin and the sign-in page never shows), then the layout around the routed page. Every page is
 * a lazy chunk, so the first load carries only this shell and the page it opens.
 *
 * Route props (preact-iso passes a path's parameters as props of the same name):
 *   /projects/:id, /projects/:id/:tab      ProjectPage { id, tab? }  (files | config | jobs)
 *   /projects/:id/files/*                  SourceFile { id, rest }   (rest: '/dir/file.sv', URL-encoded)
 *   /jobs/:id, /jobs/:id/:tab              JobPage { id, tab? }      (log | results | reports)
 *   /webhooks/:id                          WebhookPage { id }
 */
import type { ComponentChildren } from 'preact';
import { Component } from 'preact';
import { lazy, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { setUnauthorizedHandler } from './api/client.js';
import { ErrorBanner } from './components/ErrorBanner.js';
import { Spinner } from './components/Spinner.js';
import { isAdmin, loadSession, returnPath, SessionContext, signOut, type Session } from './session.js';
import SignIn from './pages/SignIn.js';

const ProjectList = lazy(() => import('./pages/projects/ProjectList.js'));
const ProjectPage = lazy(() => import('./pages/projects/ProjectPage.js'));
const SourceFile = lazy(() => import('./pages/projects/SourceFile.js'));
const JobPage = lazy(() => import('./pages/jobs/JobPage.js'));
const Webhooks = lazy(() => import('./pages/admin/Webhooks.js'));
const WebhookPage = lazy(() => import('./pages/admin/WebhookPage.js'));
const Tokens = lazy(() => import('./pages/admin/Tokens.js'));
const NotFound = lazy(() => import('./pages/NotFound.js'));

/** Replaces the URL (no history entry), e.g. `/` → `/projects`. */
function Redirect({ to }: { to: string }) {
  const { route } = useLocation();
  useLayoutEffect(() => route(to, true), [to]);
  return null;
}

/**
 * A page that failed to render (or whose chunk failed to load) shows its error, not a blank
 * page; going to another path clears it (without remounting the page, whose tabs share it).
 */
class PageBoundary extends Component<
  { path: string; children?: ComponentChildren },
  { error: unknown; path: string }
> {
  override state = { error: undefined as unknown, path: this.props.path };
  static override getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    return props.path === state.path ? null : { error: undefined, path: props.path };
  }
  static override getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error === undefined ? this.props.children : <ErrorBanner error={this.state.error} />;
  }
}

interface LayoutProps {
  session: Session;
  onSignedOut: () => void;
  children: ComponentChildren;
}

function Layout({ session, onSignedOut, children }: LayoutProps) {
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signOutError, setSignOutError] = useState<unknown>(undefined);
  const main = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const firstPath = useRef(true);
  // A new page starts at its top, and focus moves to it, as after a full load: a screen reader
  // announces the new content, Tab goes on from there. A #anchor is the page's to scroll to.
  useEffect(() => {
    setMenuOpen(false);
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (window.location.hash === '') window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [path]);
  // Each link with the paths of its section (a job belongs to the projects).
  const links = [
    { href: '/projects', label: 'Projects', section: ['/projects', '/jobs'] },
    ...(isAdmin(session)
      ? [
          { href: '/webhooks', label: 'Webhooks', section: ['/webhooks'] },
          { href: '/settings/tokens', label: 'API tokens', section: ['/settings/tokens'] },
        ]
      : []),
  ];
  const inSection = (prefixes: string[]) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  async function leave() {
    try {
      await signOut();
      onSignedOut();
    } catch (error) {
      setSignOutError(error);
    }
  }
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="app-header">
        <a class="brand" href="/projects">
          Verification platform
        </a>
        <button
          ref={menuButton}
          type="button"
          class="button menu-button"
          aria-expanded={menuOpen}
          aria-controls="app-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <div
          id="app-nav"
          class={menuOpen ? 'app-nav-wrap open' : 'app-nav-wrap'}
          onKeyDown={(event) => {
            // Escape folds the open menu back and returns to its button.
            if (event.key === 'Escape' && menuOpen) {
              setMenuOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          <nav class="app-nav" aria-label="Main">
            {links.map((link) => (
              <a
                key={link.href}
                href={link.href}
                aria-current={path === link.href ? 'page' : inSection(link.section) ? 'true' : undefined}
              >
                {link.label}
              </a>
            ))}
          </nav>
          <div class="app-user">
            <span class="app-user-name">{session.name}</span>
            <span class="badge badge-role">{session.role}</span>
            {session.authEnabled ? (
              <button type="button" class="button button-secondary" onClick={() => void leave()}>
                Sign out
              </button>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" ref={main} class="app-main" tabIndex={-1}>
        <ErrorBanner error={signOutError} />
        {children}
      </main>
    </>
  );
}

function Routes() {
  return (
    <Router>
      <Route path="/" component={() => <Redirect to="/projects" />} />
      <Route path="/projects" component={ProjectList} />
      <Route path="/projects/:id" component={ProjectPage} />
      <Route path="/projects/:id/files/*" component={SourceFile} />
      <Route path="/projects/:id/:tab" component={ProjectPage} />
      <Route path="/jobs/:id" component={JobPage} />
      <Route path="/jobs/:id/:tab" component={JobPage} />
      <Route path="/webhooks" component={Webhooks} />
      <Route path="/webhooks/:id" component={WebhookPage} />
      <Route path="/settings/tokens" component={Tokens} />
      <Route default component={NotFound} />
    </Router>
  );
}

/** Loads the session, and shows the sign-in page or the application accordingly. */
function SessionGate() {
  const { path, query, route } = useLocation();
  // undefined: still asking; null: auth on and nobody signed in.
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    loadSession(controller.signal).then(setSession, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure);
    });
    return () => controller.abort();
  }, []);
  // A 401 later (the session expired or was revoked) means signing in again, then coming back.
  useEffect(() => setUnauthorizedHandler(() => setSession(null)), []);
  const signingIn = path === '/sign-in';
  useLayoutEffect(() => {
    // The whole address, hash too: a line anchor (#L12) survives signing in.
    const here = window.location.pathname + window.location.search + window.location.hash;
    if (session === null && !signingIn) route(`/sign-in?next=${encodeURIComponent(here)}`, true);
    if (session && signingIn) route(returnPath(query.next), true);
  }, [session, signingIn]);

  if (error !== undefined) {
    return (
      <main id="main" class="app-main">
        <ErrorBanner error={error} />
      </main>
    );
  }
  if (session === undefined) {
    return (
      <main id="main" class="app-main">
        <Spinner />
      </main>
    );
  }
  if (session === null || signingIn) {
    return (
      <>
        <header class="app-header">
          <span class="brand">Verification platform</span>
        </header>
        <main id="main" class="app-main">
          {session === null && signingIn ? (
            <SignIn
              onSignedIn={(signedIn) => {
                setSession(signedIn);
                route(returnPath(query.next), true);
              }}
            />
          ) : (
            <Spinner />
          )}
        </main>
      </>
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Layout session={session} onSignedOut={() => setSession(null)}>
        <PageBoundary path={path}>
          <Routes />
        </PageBoundary>
      </Layout>
    </SessionContext.Provider>
  );
}

export function App() {
  return (
    <LocationProvider>
      <SessionGate />
    </LocationProvider>
  );
}
