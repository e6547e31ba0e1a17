import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectAppError, expectAppErrorAsync } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { parseSort } from '../../src/domain/project-service.js';
import { COUNTER, incoming, testProjects } from '../support/projects.js';

describe('project service', () => {
  it('creates a project in status created with a prj_ id and both time stamps', () => {
    const { projects } = testProjects();
    const project = projects.create({ ...COUNTER, description: 'a counter' });
    expect(project).toMatchObject({ ...COUNTER, description: 'a counter', status: 'created' });
    expect(project.id).toMatch(/^prj_[0-9a-f]{16}$/);
    expect(project.updated_at).toBe(project.created_at);
    expect(projects.get(project.id)).toEqual(project);
    expect(projects.create({ ...COUNTER, name: 'other' }).description).toBe('');
  });

  it('refuses a taken name with CONFLICT naming the field and a free name', () => {
    const { projects } = testProjects();
    projects.create(COUNTER);
    projects.create({ ...COUNTER, name: 'counter-2' });
    const error = expectAppError(() => projects.create(COUNTER), 'CONFLICT', "'counter'");
    expect(error.details).toEqual({ field: 'name', suggestion: 'counter-3' });
  });

  it('answers NOT_FOUND for an unknown id', () => {
    const { projects } = testProjects();
    expectAppError(() => projects.get('prj_0000000000000000'), 'NOT_FOUND', 'prj_0000000000000000');
  });

  it('lists a page, filtered by status and sorted by any listed field, newest first by default', () => {
    const { projects } = testProjects();
    const [, , gamma] = ['beta', 'Alpha', 'gamma'].map((name) => projects.create({ ...COUNTER, name }));
    projects.markActive(gamma!.id);
    const names = (query: Parameters<typeof projects.list>[0]) =>
      projects.list(query).projects.map((p) => p.name);
    expect(names({ page: 1, per_page: 20 })).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names({ page: 1, per_page: 20, sort: 'name' })).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names({ page: 1, per_page: 20, sort: '-name' })).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names({ page: 1, per_page: 20, sort: '-updated_at' })[0]).toBe('gamma');
    expect(names({ page: 1, per_page: 20, status: 'active' })).toEqual(['gamma']);
    expect(projects.list({ page: 2, per_page: 2, sort: 'created_at' })).toMatchObject({
      projects: [{ id: gamma!.id }],
      total: 3,
      page: 2,
      per_page: 2,
    });
    expect(projects.list({ page: 9, per_page: 2 })).toMatchObject({ projects: [], total: 3 });
  });

  it('refuses an unknown sort field, suggesting the closest with its direction', () => {
    expect(parseSort('-top_module')).toEqual({ field: 'top_module', descending: true });
    const error = expectAppError(() => parseSort('-nme'), 'VALIDATION_ERROR', "'-nme'");
    expect(error.details).toEqual({ field: 'sort', suggestion: '-name' });
    expect(expectAppError(() => parseSort('created'), 'VALIDATION_ERROR').details.suggestion).toBe(
      'created_at',
    );
    expect(expectAppError(() => parseSort('zzz'), 'VALIDATION_ERROR').details.suggestion).toMatch(
      /^one of name, /,
    );
  });

  it('replaces the editable fields; a left-out description becomes empty, a left-out status stays', () => {
    const { projects } = testProjects();
    const project = projects.create({ ...COUNTER, description: 'old' });
    const updated = projects.update(project.id, {
      name: 'renamed',
      top_module: 'top',
      target_pdk: 'gf180mcuD',
    });
    expect(updated).toMatchObject({
      name: 'renamed',
      top_module: 'top',
      target_pdk: 'gf180mcuD',
      description: '',
    });
    expect(updated.status).toBe('created');
    expect(updated.updated_at > project.updated_at).toBe(true);
    expect(updated.created_at).toBe(project.created_at);
  });

  it('refuses renaming onto another project’s name, and keeps its own name free to keep', () => {
    const { projects } = testProjects();
    const project = projects.create(COUNTER);
    projects.create({ ...COUNTER, name: 'taken' });
    expect(projects.update(project.id, { ...COUNTER, description: 'same name' }).description).toBe(
      'same name',
    );
    const error = expectAppError(
      () => projects.update(project.id, { ...COUNTER, name: 'taken' }),
      'CONFLICT',
    );
    expect(error.details.field).toBe('name');
    expect(projects.get(project.id).name).toBe('counter');
  });

  it('archives and restores: restored is active after jobs, created before', () => {
    const { projects, recordJob } = testProjects();
    const fresh = projects.create(COUNTER);
    expect(projects.update(fresh.id, { ...COUNTER, status: 'archived' }).status).toBe('archived');
    expect(projects.update(fresh.id, { ...COUNTER, status: 'active' }).status).toBe('created');
    const used = projects.create({ ...COUNTER, name: 'used' });
    projects.markActive(used.id);
    recordJob(used.id);
    projects.update(used.id, { ...COUNTER, name: 'used', status: 'archived' });
    expect(projects.update(used.id, { ...COUNTER, name: 'used', status: 'created' }).status).toBe('active');
    // Naming the other live status changes nothing: the service keeps those two to itself.
    expect(projects.update(fresh.id, { ...COUNTER, status: 'active' }).status).toBe('created');
  });

  it('markActive makes a created project active once, and refuses an archived one', () => {
    const { projects } = testProjects();
    const project = projects.create(COUNTER);
    projects.markActive(project.id);
    const active = projects.get(project.id);
    expect(active.status).toBe('active');
    projects.markActive(project.id);
    expect(projects.get(project.id).updated_at).toBe(active.updated_at);
    projects.update(project.id, { ...COUNTER, status: 'archived' });
    const error = expectAppError(() => projects.markActive(project.id), 'CONFLICT', 'archived');
    expect(error.details.field).toBe('status');
    expectAppError(() => projects.markActive('prj_missing'), 'NOT_FOUND');
  });

  it('refuses uploads and file deletions to an archived project', async () => {
    const { projects } = testProjects();
    const project = projects.create(COUNTER);
    await projects.upload(project.id, incoming({ 'a.v': 'module a; endmodule' }));
    projects.update(project.id, { ...COUNTER, status: 'archived' });
    await expectAppErrorAsync(projects.upload(project.id, incoming({ 'b.v': '' })), 'CONFLICT');
    await expectAppErrorAsync(projects.deleteFile(project.id, 'a.v'), 'CONFLICT');
    expect(projects.listFiles(project.id).map((f) => f.path)).toEqual(['a.v']);
  });

  it('deletes a project with its files; refuses while jobs are active unless forced, which cancels them', async () => {
    const { projects, activeJobs, cancelled, dataDir } = testProjects();
    const project = projects.create(COUNTER);
    await projects.upload(project.id, incoming({ 'rtl/a.v': 'module a; endmodule' }));
    activeJobs.set(project.id, 2);
    const error = await expectAppErrorAsync(
      projects.remove(project.id, false),
      'CONFLICT',
      '2 queued or running',
    );
    expect(error.details).toMatchObject({
      field: 'force',
      active_jobs: 2,
      suggestion: expect.stringContaining('force=true'),
    });
    expect(cancelled).toEqual([]);
    await projects.remove(project.id, true);
    expect(cancelled).toEqual([project.id]);
    expectAppError(() => projects.get(project.id), 'NOT_FOUND');
    expect(existsSync(join(dataDir, 'projects', project.id))).toBe(false);
    await expectAppErrorAsync(projects.remove(project.id, false), 'NOT_FOUND');
  });

  it("removes the directories of the project's jobs with it", async () => {
    const { projects, recordJob, dataDir } = testProjects();
    const project = projects.create(COUNTER);
    recordJob(project.id);
    const jobDir = join(dataDir, 'jobs', `job_${project.id}`);
    mkdirSync(join(jobDir, 'artifacts'), { recursive: true });
    await projects.remove(project.id, false);
    expect(existsSync(jobDir)).toBe(false);
  });

  it('answers NOT_FOUND for the files of an unknown project', async () => {
    const { projects } = testProjects();
    expectAppError(() => projects.listFiles('prj_missing'), 'NOT_FOUND');
    await expectAppErrorAsync(projects.upload('prj_missing', incoming({ 'a.v': '' })), 'NOT_FOUND');
  });
});
