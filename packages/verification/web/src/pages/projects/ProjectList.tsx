/**
 * /projects: the projects as a table with search, status filter, sort and pages. Everything the
 * reader chose is in the URL's query string (`?q=fifo&status=active&sort=-updated_at&page=2`), so
 * a reload or a shared link shows the same list; typing in the search box updates it after a
 * pause instead of on every key.
 */
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import type { paths } from '../../../../src/client/gen/openapi.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { formatTime } from '../../lib/format.js';
import { canWrite, useSession } from '../../session.js';
import { NewProjectDialog } from './NewProjectDialog.js';
import './projects.css';

type ListQuery = NonNullable<paths['/api/v1/projects']['get']['parameters']['query']>;
type Status = NonNullable<ListQuery['status']>;
type SortField = 'name' | 'created_at' | 'updated_at';

const PER_PAGE = 20;
const STATUSES: Status[] = ['created', 'active', 'archived'];
const SORTS: { field: SortField; label: string }[] = [
  { field: 'created_at', label: 'Created' },
  { field: 'updated_at', label: 'Updated' },
  { field: 'name', label: 'Name' },
];
const SEARCH_PAUSE_MS = 300;

/** The list's state as the URL holds it, with the defaults filled in. */
function fromQuery(query: Record<string, string>) {
  const sort = query.sort ?? '-created_at';
  const field = SORTS.find((s) => s.field === sort.replace(/^-/, ''))?.field ?? 'created_at';
  const status = STATUSES.find((s) => s === query.status);
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  return { q: query.q ?? '', status, field, descending: sort.startsWith('-'), page };
}
type ListState = ReturnType<typeof fromQuery>;

/** The query string of a state, leaving defaults out so plain /projects stays plain. */
function toSearch({ q, status, field, descending, page }: ListState): string {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  if (status !== undefined) params.set('status', status);
  const sort = `${descending ? '-' : ''}${field}`;
  if (sort !== '-created_at') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

export default function ProjectList() {
  const session = useSession();
  const { query, route } = useLocation();
  const state = fromQuery(query);
  const [search, setSearch] = useState(state.q);
  const [creating, setCreating] = useState(false);
  const go = (next: Partial<ListState>) => route(`/projects${toSearch({ ...state, ...next })}`, true);

  // The box follows the URL (back/forward), and the URL follows the box after a pause.
  useEffect(() => setSearch(state.q), [state.q]);
  useEffect(() => {
    if (search === state.q) return undefined;
    const timer = setTimeout(() => go({ q: search, page: 1 }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useAsync(
    (signal) => {
      // `q` is sent as it is, whether or not this build's generated types list it yet.
      const request = {
        page: state.page,
        per_page: PER_PAGE,
        sort: `${state.descending ? '-' : ''}${state.field}` as NonNullable<ListQuery['sort']>,
        ...(state.status === undefined ? {} : { status: state.status }),
        ...(state.q === '' ? {} : { q: state.q }),
      };
      return call(api.GET('/api/v1/projects', { params: { query: request }, signal }));
    },
    [state.q, state.status, state.field, state.descending, state.page],
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;

  return (
    <Page
      title="Projects"
      actions={
        canWrite(session) ? (
          <button type="button" class="button button-primary" onClick={() => setCreating(true)}>
            New project
          </button>
        ) : undefined
      }
    >
      <form class="toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="project-search">Search</label>
          <input
            id="project-search"
            type="search"
            value={search}
            placeholder="Name or description"
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="project-status">Status</label>
          <select
            id="project-status"
            value={state.status ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              go({ status: STATUSES.find((s) => s === value), page: 1 });
            }}
          >
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="project-sort">Sort by</label>
          <select
            id="project-sort"
            value={state.field}
            onChange={(event) => {
              const value = event.currentTarget.value;
              go({ field: SORTS.find((s) => s.field === value)?.field ?? 'created_at', page: 1 });
            }}
          >
            {SORTS.map((sort) => (
              <option key={sort.field} value={sort.field}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="project-order">Order</label>
          <select
            id="project-order"
            value={state.descending ? 'desc' : 'asc'}
            onChange={(event) => go({ descending: event.currentTarget.value === 'desc', page: 1 })}
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </div>
      </form>
      <ErrorBanner error={list.error} />
      {list.data === undefined ? (
        list.loading ? (
          <Spinner />
        ) : null
      ) : list.data.projects.length === 0 ? (
        <EmptyState>
          {state.q !== '' || state.status !== undefined
            ? 'No project matches this search.'
            : canWrite(session)
              ? 'No project yet: create one with “New project”.'
              : 'No project yet.'}
        </EmptyState>
      ) : (
        <ProjectTable projects={list.data.projects} />
      )}
      {list.data !== undefined && list.data.total > PER_PAGE ? (
        <nav class="pager" aria-label="Pages">
          <button
            type="button"
            class="button button-secondary"
            disabled={state.page <= 1}
            onClick={() => go({ page: state.page - 1 })}
          >
            Previous page
          </button>
          <span aria-live="polite">
            Page {state.page} of {pages} ({list.data.total} projects)
          </span>
          <button
            type="button"
            class="button button-secondary"
            disabled={state.page >= pages}
            onClick={() => go({ page: state.page + 1 })}
          >
            Next page
          </button>
        </nav>
      ) : null}
      {creating ? (
        <NewProjectDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(project) => route(`/projects/${project.id}`)}
        />
      ) : null}
    </Page>
  );
}

function ProjectTable({ projects }: { projects: Schemas['Project'][] }) {
  return (
    <div class="table-wrap">
      <table class="table">
        <caption class="visually-hidden">Projects</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col" class="hide-narrow">
              Top module
            </th>
            <th scope="col" class="hide-narrow">
              Target PDK
            </th>
            <th scope="col" class="hide-narrow">
              Created
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.id}>
              <td>
                <a href={`/projects/${project.id}`}>{project.name}</a>
                {project.description === '' ? null : (
                  <div class="muted project-description">{project.description}</div>
                )}
              </td>
              <td>
                <StatusBadge status={project.status} />
              </td>
              <td class="mono hide-narrow">{project.top_module}</td>
              <td class="hide-narrow">{project.target_pdk}</td>
              <td class="hide-narrow">{formatTime(project.created_at)}</td>
              <td>{formatTime(project.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
