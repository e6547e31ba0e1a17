/**
 * /projects/:id/:tab: a project's header (name, status, top module, kit, description; archive,
 * restore and delete for writers) over its tabs: files (the default), config (verify.json) and
 * jobs (the JOBS pages' ProjectJobs, loaded with the tab).
 */
import { lazy, useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { Tabs } from '../../components/Tabs.js';
import { useAsync } from '../../components/useAsync.js';
import { formatTime } from '../../lib/format.js';
import NotFound from '../NotFound.js';
import { canWrite, useSession } from '../../session.js';
import { ConfigTab } from './ConfigTab.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { FilesTab } from './FilesTab.js';
import './projects.css';

const ProjectJobs = lazy(() => import('../jobs/ProjectJobs.js'));

const TABS = [
  { id: 'files', label: 'Files' },
  { id: 'config', label: 'Configuration' },
  { id: 'jobs', label: 'Jobs' },
];

export default function ProjectPage({ id, tab = 'files' }: { id: string; tab?: string }) {
  const session = useSession();
  const project = useAsync(
    (signal) => call(api.GET('/api/v1/projects/{id}', { params: { path: { id } }, signal })),
    [id],
  );
  if (!TABS.some((t) => t.id === tab)) return <NotFound />;
  if (project.data === undefined) {
    return (
      <Page title="Project">{project.loading ? <Spinner /> : <ErrorBanner error={project.error} />}</Page>
    );
  }
  const data = project.data;
  return (
    <Page
      title={data.name}
      actions={canWrite(session) ? <ProjectActions project={data} onChanged={project.reload} /> : undefined}
    >
      <ProjectHeader project={data} />
      <Tabs
        label="Project sections"
        current={tab}
        tabs={TABS.map((t) => ({ ...t, href: `/projects/${id}${t.id === 'files' ? '' : `/${t.id}`}` }))}
      />
      <div class="tab-panel">
        {tab === 'files' ? <FilesTab project={data} /> : null}
        {tab === 'config' ? <ConfigTab project={data} /> : null}
        {tab === 'jobs' ? <ProjectJobs projectId={id} /> : null}
      </div>
    </Page>
  );
}

function ProjectHeader({ project }: { project: Schemas['Project'] }) {
  return (
    <div class="project-header">
      <dl class="project-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={project.status} />
          </dd>
        </div>
        <div>
          <dt>Top module</dt>
          <dd class="mono">{project.top_module}</dd>
        </div>
        <div>
          <dt>Target PDK</dt>
          <dd>{project.target_pdk}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatTime(project.updated_at)}</dd>
        </div>
      </dl>
      {project.description === '' ? null : <p class="project-description">{project.description}</p>}
    </div>
  );
}

function ProjectActions({ project, onChanged }: { project: Schemas['Project']; onChanged: () => void }) {
  const { route } = useLocation();
  const [error, setError] = useState<unknown>(undefined);
  const [confirming, setConfirming] = useState(false);
  const archived = project.status === 'archived';

  async function setArchived() {
    setError(undefined);
    try {
      const { name, top_module, target_pdk, description } = project;
      // Restoring asks for `active`; the platform picks `created` if the project never had a job.
      const status = archived ? 'active' : 'archived';
      await call(
        api.PUT('/api/v1/projects/{id}', {
          params: { path: { id: project.id } },
          body: { name, top_module, target_pdk, description, status },
        }),
      );
      onChanged();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <>
      <button type="button" class="button button-secondary" onClick={() => void setArchived()}>
        {archived ? 'Restore project' : 'Archive project'}
      </button>
      <button type="button" class="button button-danger" onClick={() => setConfirming(true)}>
        Delete project
      </button>
      <ErrorBanner error={error} />
      {confirming ? (
        <DeleteProjectDialog
          project={project}
          onClose={() => setConfirming(false)}
          onDeleted={() => route('/projects')}
        />
      ) : null}
    </>
  );
}

function DeleteProjectDialog(props: {
  project: Schemas['Project'];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [force, setForce] = useState(false);
  return (
    <ConfirmDialog
      title="Delete project"
      confirm="Yes, delete project"
      onClose={props.onClose}
      onConfirm={async () => {
        await call(
          api.DELETE('/api/v1/projects/{id}', {
            params: { path: { id: props.project.id }, query: { force } },
          }),
        );
        props.onDeleted();
      }}
    >
      <p>
        Delete <strong>{props.project.name}</strong> with its files, its jobs and their results? This cannot
        be undone.
      </p>
      <label class="check">
        <input type="checkbox" checked={force} onChange={(event) => setForce(event.currentTarget.checked)} />
        Cancel its queued and running jobs first
      </label>
    </ConfirmDialog>
  );
}
