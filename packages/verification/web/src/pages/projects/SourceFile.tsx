/**
 * /projects/:id/files/<path>: one file of a project in the source viewer, with a breadcrumb and
 * a download link. `#L12` marks line 12 and scrolls to it, on load and whenever the hash changes;
 * clicking a line number puts that line's anchor in the URL, to share it.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, apiUrl, call } from '../../api/client.js';
import { errorFromAnswer } from '../../../../src/client/errors.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { SourceView } from '../../components/SourceView.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import { formatBytes } from '../../lib/format.js';
import { splitLines } from '../../lib/highlight-sv.js';
import { fileApiPath } from './file-tree.js';
import './projects.css';

/** The line a `#L<n>` hash names. */
function lineOfHash(hash: string): number | undefined {
  const match = /^#L(\d+)$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

function useHashLine(): number | undefined {
  const [line, setLine] = useState(() => lineOfHash(window.location.hash));
  useEffect(() => {
    const changed = () => setLine(lineOfHash(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return line;
}

export default function SourceFile({ id, rest = '' }: { id: string; rest?: string }) {
  const segments = rest
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment));
  const path = segments.join('/');
  const contentUrl = apiUrl(fileApiPath(id, path));
  const line = useHashLine();
  const project = useAsync(
    (signal) => call(api.GET('/api/v1/projects/{id}', { params: { path: { id } }, signal })),
    [id],
  );
  const file = useAsync(
    async (signal) => {
      const response = await fetch(contentUrl, { credentials: 'same-origin', signal });
      if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => undefined));
      return response.text();
    },
    [contentUrl],
  );
  const name = segments[segments.length - 1] ?? '';

  function onLineNumber(event: MouseEvent) {
    const target = event.target as HTMLElement;
    const number = target.classList.contains('source-number') ? target.dataset.line : undefined;
    if (number === undefined) return;
    // The hash change marks the line (useHashLine) and keeps it in the URL to share.
    window.location.hash = `L${number}`;
  }

  return (
    <Page
      title={name}
      actions={
        <a class="button button-secondary" href={contentUrl} download={name}>
          Download
        </a>
      }
    >
      <nav aria-label="Breadcrumb" class="breadcrumb">
        <ol>
          <li>
            <a href="/projects">Projects</a>
          </li>
          <li>
            <a href={`/projects/${id}`}>{project.data?.name ?? id}</a>
          </li>
          {segments.slice(0, -1).map((segment, index) => (
            <li key={index}>{segment}</li>
          ))}
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <ErrorBanner error={file.error} />
      {file.data === undefined ? (
        file.loading ? (
          <Spinner />
        ) : null
      ) : (
        <>
          <p class="muted source-meta">
            {splitLines(file.data).length.toLocaleString('en')} lines ·{' '}
            {formatBytes(new Blob([file.data]).size)}
          </p>
          <div onClick={onLineNumber}>
            <SourceView
              text={file.data}
              path={path}
              {...(line === undefined ? {} : { highlightLine: line })}
            />
          </div>
        </>
      )}
    </Page>
  );
}
