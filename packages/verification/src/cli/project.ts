/**
 * `verifyctl project ...`: create, list, show, update and delete projects on a running platform.
 * `project create --json` prints the created project, `id` included, for scripts:
 * `ID=$(verifyctl project create counter --top-module counter --json | jq -r .id)`.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Project, ProjectListQuery } from '../client/index.js';
import { PROJECT_SORTS, PROJECT_STATUSES } from '../domain/project-definition.js';
import { CliErrors } from './errors.js';
import { addJsonOption, emit, fields, table, type JsonFlag } from './output.js';
import { confirm } from './prompt.js';
import { platformClient } from './target.js';

/** What `--target-pdk` is when not given: the platform's name for "no particular kit". */
const DEFAULT_PDK = 'generic';

interface ProjectFieldFlags extends JsonFlag {
  name?: string;
  topModule?: string;
  targetPdk?: string;
  description?: string;
  status?: Project['status'];
}

interface ListFlags extends JsonFlag {
  status?: Project['status'];
  sort?: ProjectListQuery['sort'];
  page?: number;
  perPage?: number;
}

/** A whole number of at least 1, for paging flags; the platform checks the upper bounds. */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  return Number(value);
}

export function projectFields(project: Project): string {
  return fields([
    ['id', project.id],
    ['name', project.name],
    ['top module', project.top_module],
    ['target PDK', project.target_pdk],
    ['status', project.status],
    ['description', project.description === '' ? undefined : project.description],
    ['created', project.created_at],
    ['updated', project.updated_at],
  ]);
}

function projectTable(projects: readonly Project[]): string {
  return table(
    [
      { header: 'ID', value: (p: Project) => p.id },
      { header: 'NAME', value: (p) => p.name },
      { header: 'TOP MODULE', value: (p) => p.top_module },
      { header: 'PDK', value: (p) => p.target_pdk },
      { header: 'STATUS', value: (p) => p.status },
      { header: 'CREATED', value: (p) => p.created_at },
    ],
    projects,
  );
}

const statusOption = (what: string) => new Option('--status <status>', what).choices(PROJECT_STATUSES);

export function addProjectCommands(program: Command): void {
  const project = program.command('project').description('Create, list, show, update and delete projects');

  addJsonOption(
    project
      .command('create')
      .description('Create a project')
      .argument('<name>', 'unique project name')
      .requiredOption('--top-module <module>', 'name of the top design module')
      .option('--target-pdk <pdk>', 'target process design kit', DEFAULT_PDK)
      .option('--description <text>', 'free text'),
  ).action(
    async (
      name: string,
      flags: ProjectFieldFlags & { topModule: string; targetPdk: string },
      command: Command,
    ) => {
      const created = await platformClient(command).projects.create({
        name,
        top_module: flags.topModule,
        target_pdk: flags.targetPdk,
        ...(flags.description === undefined ? {} : { description: flags.description }),
      });
      emit(flags, created, projectFields);
    },
  );

  addJsonOption(
    project
      .command('list')
      .description('List projects, a page at a time')
      .addOption(statusOption('only projects in this status'))
      .addOption(
        new Option('--sort <field>', 'sort by a field; a leading - sorts descending').choices(PROJECT_SORTS),
      )
      .option('--page <n>', 'page number', positiveInteger)
      .option('--per-page <n>', 'projects per page', positiveInteger),
  ).action(async (flags: ListFlags, command: Command) => {
    const query: ProjectListQuery = {
      ...(flags.status === undefined ? {} : { status: flags.status }),
      ...(flags.sort === undefined ? {} : { sort: flags.sort }),
      ...(flags.page === undefined ? {} : { page: flags.page }),
      ...(flags.perPage === undefined ? {} : { per_page: flags.perPage }),
    };
    const page = await platformClient(command).projects.list(query);
    emit(flags, page, (view) => {
      const pages = Math.max(1, Math.ceil(view.total / view.per_page));
      return `${projectTable(view.projects)}\n(page ${view.page} of ${pages}, ${view.total} project${view.total === 1 ? '' : 's'})`;
    });
  });

  addJsonOption(project.command('show').description('Show a project').argument('<id>', 'project id')).action(
    async (id: string, flags: JsonFlag, command: Command) => {
      emit(flags, await platformClient(command).projects.get(id), projectFields);
    },
  );

  addJsonOption(
    project
      .command('update')
      .description('Change a project: the fields not given keep their values')
      .argument('<id>', 'project id')
      .option('--name <name>', 'new unique name')
      .option('--top-module <module>', 'name of the top design module')
      .option('--target-pdk <pdk>', 'target process design kit')
      .option('--description <text>', 'free text ("" empties it)')
      .addOption(statusOption('archived archives the project; created or active restores it')),
  ).action(async (id: string, flags: ProjectFieldFlags, command: Command) => {
    const client = platformClient(command);
    // The API replaces the editable fields whole: the ones not given are sent as they are.
    const current = await client.projects.get(id);
    const updated = await client.projects.update(id, {
      name: flags.name ?? current.name,
      top_module: flags.topModule ?? current.top_module,
      target_pdk: flags.targetPdk ?? current.target_pdk,
      description: flags.description ?? current.description,
      ...(flags.status === undefined ? {} : { status: flags.status }),
    });
    emit(flags, updated, projectFields);
  });

  project
    .command('delete')
    .description('Delete a project, its files and its jobs')
    .argument('<id>', 'project id')
    .option('--yes', 'do not ask for confirmation')
    .option('--force', 'cancel its queued and running jobs first')
    .action(async (id: string, flags: { yes?: boolean; force?: boolean }, command: Command) => {
      const client = platformClient(command);
      if (flags.yes !== true) {
        // Without a terminal nobody can answer: a script says --yes.
        const found = process.stdin.isTTY ? await client.projects.get(id) : undefined;
        if (
          found === undefined ||
          !(await confirm(`Delete project '${found.name}' (${id}) and all its jobs?`))
        ) {
          throw CliErrors.notConfirmed({ what: `deleting project ${id}` });
        }
      }
      await client.projects.delete(id, flags.force === true ? { force: true } : {});
      process.stderr.write(`project ${id} deleted\n`);
    });
}
