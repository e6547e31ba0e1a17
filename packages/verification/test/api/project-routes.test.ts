import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, createLogger, registerRoutes, type App } from '@lab/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoutes, ProjectSchema, registerProjectUploadRoute } from '../../src/api/project-routes.js';
import { SCOPES } from '../../src/api/scopes.js';
import { API_PREFIX } from '../../src/config.js';
import { KNOWN_PDKS, PDK_PATTERN, PROJECT_SORTS } from '../../src/domain/project-definition.js';
import { MAX_PATH_LENGTH, PROJECT_PATH_PATTERN } from '../../src/domain/project-paths.js';
import { COUNTER, testProjects } from '../support/projects.js';

let open: App | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function buildApp(uploadMaxBytes = 1024 * 1024) {
  const core = testProjects({ uploadMaxBytes });
  const app = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
    schemas: [ProjectSchema],
    docs: false,
  });
  const options = {
    prefix: API_PREFIX,
    authenticate: () => ({ name: 'admin', scopes: ['admin'] }),
    scopes: SCOPES,
  };
  registerRoutes(app, projectRoutes({ projects: core.projects }), options);
  await registerProjectUploadRoute(app, { projects: core.projects, limits: core.files.limits }, options);
  open = app;

  async function call(method: string, url: string, body?: unknown) {
    const response = await app.inject({
      method: method as 'GET',
      url: API_PREFIX + url,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body === '' ? undefined : response.json(),
    };
  }

  /** A real multipart body, as fetch would send it: one part per file, named `field`. */
  async function upload(id: string, files: [path: string, content: string][], field = 'files[]') {
    const form = new FormData();
    for (const [path, content] of files) form.append(field, new Blob([content]), path);
    const encoded = new Response(form);
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/projects/${id}/upload`,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const create = async (fields: Record<string, unknown> = COUNTER) =>
    (await call('POST', '/projects', fields)).body;
  const filePaths = async (id: string) =>
    (await call('GET', `/projects/${id}/files`)).body.files.map((f: any) => f.path);
  return { ...core, app, call, upload, create, filePaths };
}

describe('project routes', () => {
  it('creates a project: 201 with the spec’s fields, its url and a Location', async () => {
    const { call } = await buildApp();
    const created = await call('POST', '/projects', { ...COUNTER, description: 'an up counter' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...COUNTER, description: 'an up counter', status: 'created' });
    expect(created.body.url).toBe(`/api/v1/projects/${created.body.id}`);
    expect(created.headers.location).toBe(created.body.url);
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    expect((await call('GET', `/projects/${created.body.id}`)).body).toEqual(created.body);
  });

  it.each([
    ['an empty name', { ...COUNTER, name: '' }, 'name'],
    ['a name with a control character', { ...COUNTER, name: 'a\u0007b' }, 'name'],
    ['a name with a space at its end', { ...COUNTER, name: 'counter ' }, 'name'],
    ['a name of 101 characters', { ...COUNTER, name: 'n'.repeat(101) }, 'name'],
    ['a top module that is not a Verilog identifier', { ...COUNTER, top_module: '1st' }, 'top_module'],
    ['an empty PDK', { ...COUNTER, target_pdk: '' }, 'target_pdk'],
    ['a PDK with a space', { ...COUNTER, target_pdk: 'sky 130' }, 'target_pdk'],
    ['a PDK starting with a dash', { ...COUNTER, target_pdk: '-sky130' }, 'target_pdk'],
    ['a PDK with a slash', { ...COUNTER, target_pdk: 'sky130/../A' }, 'target_pdk'],
    ['a PDK of 65 characters', { ...COUNTER, target_pdk: 'p'.repeat(65) }, 'target_pdk'],
    ['a PDK that is not a string', { ...COUNTER, target_pdk: 130 }, 'target_pdk'],
    ['a missing field', { name: 'x', target_pdk: 'asap7' }, 'top_module'],
    ['an unknown field', { ...COUNTER, owner: 'me' }, 'owner'],
  ])('refuses %s with VALIDATION_ERROR naming the field', async (_what, body, field) => {
    const { call } = await buildApp();
    const refused = await call('POST', '/projects', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
  });

  it('accepts any PDK identifier of the pattern, keeping unknown ones as given', async () => {
    const { call } = await buildApp();
    for (const pdk of ['sky130', 'tsmc28hpc', 'gf22fdx', 'p'.repeat(64), 'x7_n3.v1+b-2']) {
      const created = await call('POST', '/projects', { ...COUNTER, name: pdk, target_pdk: pdk });
      expect(created.status).toBe(201);
      expect(created.body.target_pdk).toBe(pdk);
      expect((await call('GET', `/projects/${created.body.id}`)).body.target_pdk).toBe(pdk);
    }
  });

  it('stores a known PDK given in another case in its own spelling, on create and on PUT', async () => {
    const { call } = await buildApp();
    const created = await call('POST', '/projects', { ...COUNTER, target_pdk: 'SKY130A' });
    expect(created.body.target_pdk).toBe('sky130A');
    const replaced = await call('PUT', `/projects/${created.body.id}`, {
      ...COUNTER,
      target_pdk: 'IHP-SG13G2',
    });
    expect(replaced.body.target_pdk).toBe('ihp-sg13g2');
    expect((await call('GET', `/projects/${created.body.id}`)).body.target_pdk).toBe('ihp-sg13g2');
  });

  it.each([
    ['a zero-width space', 'a\u200bb'],
    ['a right-to-left override', 'evil\u202etxt.v'],
    ['a byte-order mark', '\ufeffcounter'],
    ['a private-use character', 'a\ue000'],
    ['a noncharacter', 'a\uffff'],
    ['an ideographic space at the end', 'counter\u3000'],
  ])('refuses a name with %s with 400, as its pattern says', async (_what, name) => {
    const { call } = await buildApp();
    const refused = await call('POST', '/projects', { ...COUNTER, name });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toMatchObject({ field: 'name', location: 'body' });
  });

  it('refuses a name with a lone surrogate with 400, on create and on PUT', async () => {
    const { call, create } = await buildApp();
    const refused = await call('POST', '/projects', { ...COUNTER, name: 'a\ud800b' });
    expect(refused.status).toBe(400);
    // The kit refuses it for every JSON body, before the schema: no stored string holds one.
    expect(refused.body.error).toMatchObject({ code: 'INVALID_UTF8', details: { field: 'name' } });
    const project = await create();
    expect((await call('PUT', `/projects/${project.id}`, { ...COUNTER, name: '\udc00' })).status).toBe(400);
  });

  it('accepts names of printable characters from any script, and every known PDK', async () => {
    const { call } = await buildApp();
    expect(
      (await call('POST', '/projects', { ...COUNTER, name: 'Zähler – v2 (ihp)', target_pdk: 'ihp-sg13g2' }))
        .status,
    ).toBe(201);
    expect(
      (await call('POST', '/projects', { ...COUNTER, name: 'g', target_pdk: 'generic', top_module: 'top$1' }))
        .status,
    ).toBe(201);
    expect((await call('POST', '/projects', { ...COUNTER, name: '計数器 🚀' })).status).toBe(201);
    for (const pdk of KNOWN_PDKS) {
      const created = await call('POST', '/projects', { ...COUNTER, name: `known-${pdk}`, target_pdk: pdk });
      expect(created.body.target_pdk).toBe(pdk);
    }
  });

  it('answers 409 CONFLICT for a taken name, naming the field and a free name', async () => {
    const { call, create } = await buildApp();
    await create();
    const again = await call('POST', '/projects', COUNTER);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      details: { field: 'name', suggestion: 'counter-2' },
    });
  });

  it('lists projects with pagination, a status filter and a sort', async () => {
    const { call, create, projects } = await buildApp();
    for (const name of ['b', 'a', 'c']) await create({ ...COUNTER, name });
    const first = await call('GET', '/projects?per_page=2&sort=name');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.body.projects.map((p: any) => p.name)).toEqual(['a', 'b']);
    expect(first.body.projects[0].url).toMatch(/^\/api\/v1\/projects\/prj_/);
    const second = await call('GET', '/projects?per_page=2&page=2&sort=name');
    expect(second.body.projects.map((p: any) => p.name)).toEqual(['c']);
    expect((await call('GET', '/projects')).body).toMatchObject({ page: 1, per_page: 20, total: 3 });
    expect((await call('GET', '/projects')).body.projects.map((p: any) => p.name)).toEqual(['c', 'a', 'b']);
    projects.markActive(first.body.projects[1].id);
    expect((await call('GET', '/projects?status=active')).body).toMatchObject({
      total: 1,
      projects: [{ name: 'b' }],
    });
  });

  it('sorts by each documented value, and refuses any other with 400 naming the values', async () => {
    const { app, call, create } = await buildApp();
    for (const name of ['b', 'a']) await create({ ...COUNTER, name });
    for (const sort of PROJECT_SORTS) {
      expect((await call('GET', `/projects?sort=${sort}`)).status, sort).toBe(200);
    }
    expect((await call('GET', '/projects?sort=-name')).body.projects.map((p: any) => p.name)).toEqual([
      'b',
      'a',
    ]);
    for (const sort of ['-craeted_at', '0'.repeat(64), '--name', 'name-']) {
      const refused = await call('GET', `/projects?sort=${sort}`);
      expect(refused.status, sort).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'sort', expected: expect.stringContaining('"-created_at"') },
      });
    }
    await app.ready();
    const sort = (app.swagger() as any).paths['/api/v1/projects'].get.parameters.find(
      (p: any) => p.name === 'sort',
    );
    expect(sort.schema.enum).toEqual(PROJECT_SORTS);
  });

  it.each([
    ['page=0', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['status=deleted', 'status'],
  ])('refuses %s', async (query, field) => {
    const { call } = await buildApp();
    const refused = await call('GET', `/projects?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.field).toBe(field);
  });

  it('answers 404 for an unknown project', async () => {
    const { call } = await buildApp();
    const missing = await call('GET', '/projects/prj_0000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it('replaces a project with PUT; archives and restores it', async () => {
    const { call, create, upload } = await buildApp();
    const project = await create({ ...COUNTER, description: 'old' });
    const replaced = await call('PUT', `/projects/${project.id}`, {
      name: 'renamed',
      top_module: 'top',
      target_pdk: 'asap7',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      name: 'renamed',
      top_module: 'top',
      target_pdk: 'asap7',
      description: '',
      status: 'created',
    });
    const body = { name: 'renamed', top_module: 'top', target_pdk: 'asap7' };
    expect((await call('PUT', `/projects/${project.id}`, { ...body, status: 'archived' })).body.status).toBe(
      'archived',
    );
    const refused = await upload(project.id, [['a.v', 'x']]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.field).toBe('status');
    expect((await call('PUT', `/projects/${project.id}`, { ...body, status: 'active' })).body.status).toBe(
      'created',
    );
    expect((await upload(project.id, [['a.v', 'x']])).status).toBe(200);
  });

  it('refuses a PUT without a required field, onto a taken name, or of an unknown project', async () => {
    const { call, create } = await buildApp();
    const project = await create();
    await create({ ...COUNTER, name: 'taken' });
    const missing = await call('PUT', `/projects/${project.id}`, { name: 'x', target_pdk: 'asap7' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.field).toBe('top_module');
    const taken = await call('PUT', `/projects/${project.id}`, { ...COUNTER, name: 'taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.field).toBe('name');
    expect((await call('PUT', '/projects/prj_0000000000000000', COUNTER)).status).toBe(404);
  });

  it('deletes a project: 409 while jobs are active, 204 with force=true, then 404', async () => {
    const { call, create, activeJobs, cancelled } = await buildApp();
    const project = await create();
    activeJobs.set(project.id, 1);
    const refused = await call('DELETE', `/projects/${project.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', details: { active_jobs: 1 } });
    const deleted = await call('DELETE', `/projects/${project.id}?force=true`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(cancelled).toEqual([project.id]);
    expect((await call('GET', `/projects/${project.id}`)).status).toBe(404);
    expect((await call('DELETE', `/projects/${project.id}`)).status).toBe(404);
  });

  it('deletes a project without active jobs at once', async () => {
    const { call, create } = await buildApp();
    const project = await create();
    expect((await call('DELETE', `/projects/${project.id}`)).status).toBe(204);
  });
});

describe('project file routes', () => {
  it('uploads nested paths, lists them and deletes one', async () => {
    const { upload, create, call, filePaths, dataDir } = await buildApp();
    const project = await create();
    const uploaded = await upload(project.id, [
      ['rtl/counter.v', 'module counter; endmodule'],
      ['tb/tb_counter.v', 'module tb; endmodule'],
      ['verify.json', '{}'],
    ]);
    expect(uploaded).toEqual({
      status: 200,
      body: {
        uploaded: 3,
        project_id: project.id,
        files: ['rtl/counter.v', 'tb/tb_counter.v', 'verify.json'],
      },
    });
    expect(readFileSync(join(dataDir, 'projects', project.id, 'files', 'rtl', 'counter.v'), 'utf8')).toBe(
      'module counter; endmodule',
    );
    const listed = await call('GET', `/projects/${project.id}/files`);
    expect(listed.body.files[0]).toEqual({
      path: 'rtl/counter.v',
      size: 25,
      modified_at: expect.any(String),
    });
    expect((await call('DELETE', `/projects/${project.id}/files/tb/tb_counter.v`)).status).toBe(204);
    expect((await call('DELETE', `/projects/${project.id}/files/rtl%2Fcounter.v`)).status).toBe(204);
    expect(await filePaths(project.id)).toEqual(['verify.json']);
    const gone = await call('DELETE', `/projects/${project.id}/files/rtl/counter.v`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    expect((await call('DELETE', `/projects/${project.id}/files/..%2Fescape`)).status).toBe(400);
  });

  it('refuses a file path its pattern refuses with 400, and answers 404 for a name no file system holds', async () => {
    const { upload, create, call } = await buildApp();
    const project = await create();
    await upload(project.id, [['rtl/a.v', 'x']]);
    for (const path of ['a%01b', '..%2Fx', 'rtl%2F%2Fa.v', 'rtl%5Ca.v', '.']) {
      const refused = await call('DELETE', `/projects/${project.id}/files/${path}`);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error.details, path).toMatchObject({ field: '*', location: 'params' });
    }
    for (const path of ['n'.repeat(300), `rtl/${'n'.repeat(300)}/b.v`]) {
      const missing = await call('DELETE', `/projects/${project.id}/files/${path}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('accepts parts named files as well as files[]', async () => {
    const { upload, create } = await buildApp();
    const project = await create();
    expect((await upload(project.id, [['a.v', 'x']], 'files')).body.files).toEqual(['a.v']);
  });

  it.each([
    ['a parent segment', '../escape.v'],
    ['an absolute path', '/etc/cron.d/job'],
    ['a NUL', 'a\u0000.v'],
    ['a backslash', 'rtl\\a.v'],
    ['a name longer than a file system holds', `rtl/${'n'.repeat(300)}.v`],
    ['a path given twice', 'ok.v'],
  ])(
    'refuses %s with 400 VALIDATION_ERROR naming files[] and the path, keeping nothing',
    async (_what, path) => {
      const { upload, create, filePaths } = await buildApp();
      const project = await create();
      const refused = await upload(project.id, [
        ['ok.v', 'fine'],
        [path, 'bad'],
      ]);
      // The part's file name is no field of the documented form: the request itself is well formed.
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'files[]', path, suggestion: expect.any(String) },
      });
      expect(await filePaths(project.id)).toEqual([]);
    },
  );

  it('refuses parts of another name', async () => {
    const { upload, create } = await buildApp();
    const project = await create();
    const refused = await upload(project.id, [['a.v', 'x']], 'file');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toMatchObject({
      field: 'file',
      suggestion: expect.stringContaining('files[]'),
    });
  });

  it('refuses a body that is not multipart with 415, and a form without a file with 400', async () => {
    const { app, call, create } = await buildApp();
    const project = await create();
    const refused = await call('POST', `/projects/${project.id}/upload`, {});
    expect(refused.status).toBe(415);
    expect((await call('POST', `/projects/${project.id}/upload`)).status).toBe(415);
    const empty = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/projects/${project.id}/upload`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'files[]' } });
  });

  it('does not follow a symbolic link planted in the project directory', async () => {
    const { upload, create, dataDir, filePaths } = await buildApp();
    const project = await create();
    const outside = mkdtempSync(join(tmpdir(), 'vp-outside-'));
    writeFileSync(join(outside, 'secret.v'), 'outside');
    const files = join(dataDir, 'projects', project.id, 'files');
    mkdirSync(files, { recursive: true });
    symlinkSync(outside, join(files, 'rtl'));
    const refused = await upload(project.id, [
      ['first.v', 'x'],
      ['rtl/secret.v', 'overwritten'],
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toMatchObject({ field: 'files[]', path: 'rtl/secret.v' });
    expect(readFileSync(join(outside, 'secret.v'), 'utf8')).toBe('outside');
    expect(readdirSync(outside)).toEqual(['secret.v']);
    expect(await filePaths(project.id)).toEqual([]);
  });

  it('refuses an upload over the limit with 413, keeping none of its files', async () => {
    const { upload, create, filePaths, dataDir } = await buildApp(64);
    const project = await create();
    await upload(project.id, [['kept.v', 'old']]);
    const refused = await upload(project.id, [
      ['before.v', 'a'.repeat(40)],
      ['kept.v', 'new'],
      ['over.v', 'b'.repeat(40)],
    ]);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limit_bytes: 64 } });
    expect(await filePaths(project.id)).toEqual(['kept.v']);
    expect(readFileSync(join(dataDir, 'projects', project.id, 'files', 'kept.v'), 'utf8')).toBe('old');
    expect(readdirSync(join(dataDir, 'projects', project.id, 'staging'))).toEqual([]);
    const single = await upload(project.id, [['huge.v', 'c'.repeat(500)]]);
    expect(single.status).toBe(413);
    expect((await upload(project.id, [['exact.v', 'd'.repeat(64)]])).status).toBe(200);
  });

  it('answers 404 for uploads and file lists of an unknown project', async () => {
    const { upload, call } = await buildApp();
    expect((await upload('prj_0000000000000000', [['a.v', 'x']])).status).toBe(404);
    expect((await call('GET', '/projects/prj_0000000000000000/files')).status).toBe(404);
  });

  it('documents the upload as a multipart/form-data body and the Project schema', async () => {
    const { app } = await buildApp();
    await app.ready();
    const document = app.swagger() as any;
    const upload = document.paths['/api/v1/projects/{id}/upload'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    // At least one file part: a form without one is refused, so the document requires it.
    expect(upload.requestBody.required).toBe(true);
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(form).toMatchObject({ type: 'object', required: ['files[]'], additionalProperties: false });
    expect(form.properties['files[]']).toMatchObject({ minItems: 1, items: { format: 'binary' } });
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '409', '413', '415']),
    );
    const file = document.paths['/api/v1/projects/{id}/files/{*}'].delete.parameters.find(
      (p: any) => p.name === '*',
    );
    expect(file.schema).toMatchObject({ pattern: PROJECT_PATH_PATTERN, maxLength: MAX_PATH_LENGTH });
    const pdk = document.components.schemas.Project.properties.target_pdk;
    expect(pdk).toMatchObject({ type: 'string', pattern: PDK_PATTERN, maxLength: 64 });
    expect(pdk.description).toContain('`sky130A`');
    expect(
      document.paths['/api/v1/projects'].post.requestBody.content['application/json'].schema.properties
        .target_pdk.pattern,
    ).toBe(PDK_PATTERN);
    expect(document.paths['/api/v1/projects/{id}'].delete.responses['204']).toBeDefined();
    expect(document.paths['/api/v1/projects'].post.tags).toEqual(['projects']);
  });
});

describe('file content and project search', () => {
  it("answers a file's bytes: UTF-8 text as text/plain, anything else as octet-stream", async () => {
    const { app, create, upload } = await buildApp();
    const { id } = await create();
    const source = 'module counter; // compteur, 計数器\nendmodule\n';
    expect((await upload(id, [['rtl/counter.sv', source]])).status).toBe(200);
    const form = new FormData();
    form.append('files[]', new Blob([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1])]), 'bin/a.out');
    form.append('files[]', new Blob([Buffer.from([0x63, 0xe9, 0x0a])]), 'latin1.txt');
    const encoded = new Response(form);
    await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/projects/${id}/upload`,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    const get = (path: string) =>
      app.inject({ method: 'GET', url: `${API_PREFIX}/projects/${id}/files/${path}` });

    const text = await get('rtl/counter.sv');
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-length']).toBe(String(Buffer.byteLength(source)));
    expect(text.body).toBe(source);
    const head = await app.inject({
      method: 'HEAD',
      url: `${API_PREFIX}/projects/${id}/files/rtl/counter.sv`,
    });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([
      200,
      String(Buffer.byteLength(source)),
      '',
    ]);
    for (const path of ['bin/a.out', 'latin1.txt']) {
      const binary = await get(path);
      expect(binary.statusCode, path).toBe(200);
      expect(binary.headers['content-type'], path).toBe('application/octet-stream');
    }
    expect((await get('bin/a.out')).rawPayload).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]));

    for (const path of ['rtl/missing.sv', 'rtl', 'nowhere/x.sv']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
    expect(
      (await app.inject({ url: `${API_PREFIX}/projects/prj_0000000000000000/files/a.v` })).statusCode,
    ).toBe(404);
  });

  it('refuses a path out of the tree and a link planted in it', async () => {
    const { app, create, upload, dataDir } = await buildApp();
    const { id } = await create();
    await upload(id, [['rtl/counter.sv', 'module counter; endmodule\n']]);
    const outside = join(dataDir, 'secret.txt');
    writeFileSync(outside, 'not the project’s');
    const root = join(dataDir, 'projects', id, 'files');
    symlinkSync(outside, join(root, 'rtl', 'link.sv'));
    symlinkSync(join(dataDir), join(root, 'up'));
    const get = (path: string) =>
      app.inject({ method: 'GET', url: `${API_PREFIX}/projects/${id}/files/${path}` });
    for (const path of ['rtl/link.sv', 'up/secret.txt']) {
      const refused = await get(path);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.body, path).not.toContain('project’s');
    }
    for (const path of [
      '..%2f..%2fsecret.txt',
      'rtl/..%2f..%2f..%2fsecret.txt',
      '%2e%2e/secret.txt',
      'rtl%5ccounter.sv',
    ]) {
      const refused = await get(path);
      // 400 from the path's check, or 404 when the client resolved the dots into another route.
      expect([400, 404], path).toContain(refused.statusCode);
      expect(refused.body, path).not.toContain('project’s');
    }
  });

  it('filters the list by text in the name or the description, regardless of case', async () => {
    const { call, create } = await buildApp();
    await create({ ...COUNTER, name: 'Compteur', description: 'un compteur' });
    await create({ ...COUNTER, name: 'fifo', description: 'Asynchronous FIFO for the ÉCLAIR core' });
    await create({ ...COUNTER, name: 'ALU', description: '' });
    const names = async (q: string) =>
      (await call('GET', `/projects?q=${encodeURIComponent(q)}&sort=name`)).body.projects.map(
        (p: any) => p.name,
      );
    expect(await names('COMPT')).toEqual(['Compteur']);
    expect(await names('éclair')).toEqual(['fifo']);
    expect(await names('a')).toEqual(['ALU', 'fifo']);
    expect(await names('%')).toEqual([]);
    expect(await names('')).toEqual(['ALU', 'Compteur', 'fifo']);
    expect((await call('GET', '/projects?q=u')).body.total).toBe(3);
    const long = await call('GET', `/projects?q=${'x'.repeat(201)}`);
    expect([long.status, long.body.error.details.field]).toEqual([400, 'q']);
  });
});
